"""A form in several languages: gettext catalogues beside the tenant, merged by `formengine
translations update`, checked by `formengine validate`, compiled as one words table per language."""

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from engine.cli import main
from engine.definition import DefinitionInvalid, load_and_compile
from tests.tenant_edits import copy_tenant, edit
from tests.tenant_languages import add_language, translate

GPA = "page applicant > section applicant > field gpa > label"
GPA_EN = "Grade Point Average (0.00 to 4.00)"
HELLO = "tenant > banners > welcome > first_login > title"
LEVEL = "option list study_levels > option '{}' > label"
APPLICANT = Path("pages") / "applicant.yaml"


@pytest.fixture
def tenant(tmp_path) -> Path:
    """example_scholarship written in English with a Spanish catalogue, every message still empty."""
    folder = copy_tenant(tmp_path, "example_scholarship")
    add_language(folder, "es")
    return folder


def _run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _catalogue(folder: Path):
    with (folder / "translations" / "es.po").open("rb") as handle:
        return read_po(handle)


def _translate(folder: Path, words: dict[str, str]) -> None:
    translate(folder / "translations" / "es.po", words)


def _entry(folder: Path, context: str):
    return next(m for m in _catalogue(folder) if m.context == context)


def _validate(folder: Path, *flags: str):
    result = _run("validate", "--json", *flags, str(folder))
    return result.exit_code, json.loads(result.output)


def _line_of_msgid(folder: Path, msgid: str) -> int:
    lines = (folder / "translations" / "es.po").read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if line == f"msgid {json.dumps(msgid, ensure_ascii=False)}")


def test_update_writes_an_empty_catalogue_and_validate_warns_of_each_missing_message_at_its_line(tenant):
    assert (tenant / "translations" / "messages.pot").is_file()
    assert _entry(tenant, GPA).id == GPA_EN and _entry(tenant, GPA).string == ""
    code, report = _validate(tenant)
    assert code == 0 and report["ok"]
    gpa = next(w for w in report["warnings"] if w["place"] == GPA)
    assert gpa["code"] == "TRANSLATION_MISSING" and gpa["severity"] == "warning"
    assert gpa["file"].endswith("translations/es.po") and gpa["line"] == _line_of_msgid(tenant, GPA_EN)
    assert GPA_EN in gpa["message"]
    code, report = _validate(tenant, "--strict")
    assert code == 1


def test_a_changed_source_marks_the_translation_fuzzy_and_validate_reports_it_with_file_and_line(tenant):
    _translate(tenant, {GPA: "Promedio de calificaciones (0.00 a 4.00)"})
    assert not any(w["place"] == GPA for w in _validate(tenant)[1]["warnings"])
    edit(tenant, "label: Grade Point Average (0.00 to 4.00)", "label: Grade Point Average (0 to 4)", APPLICANT)
    result = _run("translations", "update", str(tenant))
    assert "1 fuzzy" in result.output
    entry = _entry(tenant, GPA)
    assert entry.fuzzy and entry.id == "Grade Point Average (0 to 4)"
    assert entry.string == "Promedio de calificaciones (0.00 a 4.00)"
    assert f'#| msgid "{GPA_EN}"' in (tenant / "translations" / "es.po").read_text()  # the old wording, to compare
    code, report = _validate(tenant)
    fuzzy = next(w for w in report["warnings"] if w["place"] == GPA)
    assert code == 0 and fuzzy["code"] == "TRANSLATION_FUZZY"
    assert fuzzy["line"] == _line_of_msgid(tenant, "Grade Point Average (0 to 4)")
    assert "Grade Point Average (0 to 4)" in fuzzy["message"]
    text = _run("validate", str(tenant)).output
    assert re.search(rf"translations/es\.po:{fuzzy['line']}:1: warning TRANSLATION_FUZZY {re.escape(GPA)}", text)
    assert _run("validate", "--strict", str(tenant)).exit_code == 1
    # A fuzzy translation is not served: the applicant reads the new English wording.
    served = load_and_compile(tenant).in_language("es").json_bytes.decode()
    assert "Promedio" not in served and "Grade Point Average (0 to 4)" in served


def test_a_vanished_message_is_kept_as_obsolete_and_comes_back(tenant):
    help_place = "page applicant > section applicant > field applicant_phone > help"
    _translate(tenant, {help_place: "Incluya el prefijo de su país, por ejemplo +44 20 7946 0958."})
    edit(tenant, "        help: Include your country code, for example +44 20 7946 0958.\n", "", APPLICANT)
    assert "1 obsolete" in _run("translations", "update", str(tenant)).output
    assert "#~ msgctxt" in (tenant / "translations" / "es.po").read_text()
    assert not any(m.context == help_place for m in _catalogue(tenant))


def test_a_translation_that_drops_or_invents_a_placeholder_is_an_error_naming_both(tenant):
    _translate(tenant, {HELLO: "Hola, {nombre}"})
    code, report = _validate(tenant)
    assert code == 1
    problem = next(p for p in report["problems"] if p["code"] == "TRANSLATION_PLACEHOLDER")
    assert "drops {name}" in problem["message"] and "invents {nombre}" in problem["message"]
    assert problem["place"] == HELLO and problem["line"] == _line_of_msgid(tenant, "Hello, {name}")


def test_a_catalogue_that_is_not_gettext_is_a_problem_at_its_line_and_nothing_compiles(tenant):
    path = tenant / "translations" / "es.po"
    lines = path.read_text().splitlines()
    lines.insert(30, "msgstring broken")
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(DefinitionInvalid) as invalid:
        load_and_compile(tenant)
    problem = invalid.value.problems[0]
    assert problem.code == "PO_INVALID" and problem.location.line == 31
    assert problem.location.file.endswith("translations/es.po")


def test_a_language_without_a_catalogue_is_an_error(tenant):
    (tenant / "translations" / "es.po").unlink()
    code, report = _validate(tenant)
    assert code == 1 and report["problems"][0]["code"] == "CATALOGUE_MISSING"
    assert "'es'" in report["problems"][0]["message"] and report["problems"][0]["file"].endswith("tenant.yaml")


def test_language_and_languages_both_written_is_a_problem_with_a_hint(tenant):
    edit(tenant, "  languages: [en, es]\n", "  languages: [en, es]\n  language: en\n", Path("tenant.yaml"))
    code, report = _validate(tenant)
    problem = next(p for p in report["problems"] if p["code"] == "LANGUAGE_TWICE")
    assert code == 1 and "remove language:" in problem["hint"]


def test_two_options_translated_alike_is_a_warning(tenant):
    _translate(tenant, {LEVEL.format("undergraduate"): "Universidad", LEVEL.format("graduate"): "Universidad"})
    code, report = _validate(tenant)
    same = [w for w in report["warnings"] if w["code"] == "TRANSLATION_SAME_LABEL"]
    assert code == 0 and len(same) == 1 and same[0]["place"] == LEVEL.format("graduate")


PHONE_HELP = "page applicant > section applicant > field applicant_phone > help"


def test_a_number_in_groups_in_a_right_to_left_translation_is_a_warning_until_isolated(tmp_path):
    folder = copy_tenant(tmp_path, "example_scholarship")
    add_language(folder, "ar")
    catalogue = folder / "translations" / "ar.po"
    translate(catalogue, {PHONE_HELP: "أدخل رمز بلدك، مثلاً +44 20 7946 0958.", GPA: "المعدل (0.00 إلى 4.00)"})
    code, report = _validate(folder)
    reversed_numbers = [w for w in report["warnings"] if w["code"] == "TRANSLATION_NUMBER_ORDER"]
    assert code == 0 and [w["place"] for w in reversed_numbers] == [PHONE_HELP]
    assert "'+44 20 7946 0958'" in reversed_numbers[0]["message"] and reversed_numbers[0]["file"].endswith("ar.po")
    translate(catalogue, {PHONE_HELP: "أدخل رمز بلدك، مثلاً \u2066+44 20 7946 0958\u2069."})
    assert not [w for w in _validate(folder)[1]["warnings"] if w["code"] == "TRANSLATION_NUMBER_ORDER"]


def test_each_language_is_served_alone_and_an_unknown_one_reads_the_default(tenant):
    spanish = "Promedio de calificaciones (0.00 a 4.00)"
    _translate(
        tenant, {GPA: spanish, "message choice": "Elija una de las opciones de la lista.", "text auth_submit": "Enviar"}
    )
    compiled = load_and_compile(tenant)
    assert compiled.data["languages"] == ["en", "es"] and set(compiled.data["words"]) == {"es"}
    english, es = compiled.in_language(None), compiled.in_language("es")
    assert compiled.in_language("fr") is english and "words" not in english.data
    assert english.data["settings"]["language"] == "en" and es.data["settings"]["language"] == "es"
    assert spanish not in english.json_bytes.decode() and GPA_EN in english.json_bytes.decode()
    assert spanish in es.json_bytes.decode() and GPA_EN not in es.json_bytes.decode()
    assert es.data["texts"]["auth_submit"] == "Enviar" and "words" not in es.data
    # The server's answers follow the language: a page's messages come from its compiled schema.
    schema = json.dumps(es.data["pages"][0]["schema"], ensure_ascii=False)
    assert "Elija una de las opciones de la lista." in schema and "Please pick one" not in schema
    # The published version carries every language: a new translation is a new version.
    _translate(tenant, {GPA: "Promedio (0.00 a 4.00)"})
    assert load_and_compile(tenant).etag != compiled.etag


def test_a_language_tag_that_is_not_well_formed_is_a_problem(tenant):
    edit(tenant, "  languages: [en, es]\n", "  languages: [en, es-a]\n", Path("tenant.yaml"))
    code, report = _validate(tenant)
    problem = next(p for p in report["problems"] if p["code"] == "LANGUAGE_TAG")
    assert code == 1 and "'es-a'" in problem["message"] and problem["line"] > 1
