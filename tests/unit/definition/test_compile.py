"""The compiler: what a tenant author's YAML becomes, and what the server validates with it."""

import datetime as dt
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.definition import DefinitionInvalid, load_and_compile

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "minimal_tenant"
TODAY = dt.date(2026, 11, 22)
VALID = {
    "first_name": "Ada",
    "gender": "N",
    "birth_date": "2000-01-01",
    "hs_name": "North High",
    "hs_grad_year": "2025",
    "essay": "short essay",
}


@pytest.fixture(scope="module")
def compiled():
    return load_and_compile(FIXTURE, today=TODAY)


def test_valid_answers_have_no_errors(compiled):
    assert compiled.validate(VALID, today=TODAY) == {}


def test_required_message_defaults_to_the_label(compiled):
    errors = compiled.validate({**VALID, "first_name": ""}, today=TODAY)
    assert errors == {"first_name": ["First Name"]}


def test_hidden_section_requirements_do_not_apply(compiled):
    assert "details" not in compiled.validate({**VALID, "gender": "N"}, today=TODAY)
    assert compiled.validate({**VALID, "gender": "Y"}, today=TODAY) == {"details": ["Details"]}


def test_repeater_rules_apply_to_the_first_entry_and_to_every_started_one_named_by_entry(compiled):
    answers = {**VALID, "hs_name": "", "hs_2_name": "South High"}
    errors = compiled.validate(answers, today=TODAY, counts={"schools": 2})
    assert errors == {"hs_name": ["School"], "hs_2_grad_year": ["Entry 2: Year"]}
    # beyond the count the second school is hidden, so absent: nothing of it is checked
    assert compiled.validate(answers, today=TODAY) == {"hs_name": ["School"]}
    # a later entry holding any answer is required like the first; a wholly empty one is not there
    started = {**VALID, "hs_2_grad_year": "2025"}
    assert compiled.validate(started, today=TODAY, counts={"schools": 2}) == {"hs_2_name": ["Entry 2: School"]}
    assert compiled.validate(VALID, today=TODAY, counts={"schools": 2}) == {}


def test_tabs_decide_which_tab_is_required(compiled):
    answers = {**VALID, "essay": ""}
    assert compiled.validate(answers, today=TODAY) == {"essay": ["Essay"]}
    assert compiled.validate(answers, today=TODAY, tabs={"essay_mode": "uploaded"}) == {"essay_file": ["Essay file"]}


def test_relative_year_message_names_the_year(compiled):
    errors = compiled.validate({**VALID, "effective_date": "2022-12-31"}, today=TODAY)
    assert errors == {"effective_date": ["The minimum supported year is 2023"]}
    assert compiled.validate({**VALID, "effective_date": "2023-01-01"}, today=TODAY) == {}


def test_choice_outside_the_options_is_refused(compiled):
    assert compiled.validate({**VALID, "gender": "Q"}, today=TODAY) == {"gender": ["Please choose one of the options."]}


def test_max_length_and_wrong_types(compiled):
    errors = compiled.validate({**VALID, "essay": "x" * 21, "first_name": True}, today=TODAY)
    assert errors == {"essay": ["Please enter no more than 20 characters."], "first_name": ["Please enter text."]}


def test_impossible_date_is_reported_once(compiled):
    assert compiled.validate({**VALID, "birth_date": "2001-02-30"}, today=TODAY) == {
        "birth_date": ["Please enter a valid date."]
    }


def test_compiled_form_carries_data_model_repeaters_tabs_and_options(compiled):
    data = compiled.data
    assert data["data_model"]["hs_2_name"]["repeater"] == "schools"
    assert data["data_model"]["gender_desc"]["companion_of"] == "gender"
    assert data["add_another"]["schools"]["prefixes"] == ["hs_", "hs_2_"]
    assert data["tabs"]["essay_mode"]["tabs"]["uploaded"]["clears"] == ["essay"]
    assert data["options"]["yn"]["options"][0] == {"value": "", "label": "--"}
    assert data["options"]["years"]["options"][1:3] == [
        {"value": "2026", "label": "2026"},
        {"value": "2025", "label": "2025"},
    ]
    hiding = {rule["id"]: rule["keys"] for rule in data["visibility"]["rules"]}
    assert hiding["page about > section details"] == ["details"]
    assert hiding["page about > section schools > entry 2"] == ["hs_2_name", "hs_2_grad_year", "hs_2_grad_year_desc"]


def test_compiled_json_is_stable(compiled):
    again = load_and_compile(FIXTURE, today=TODAY)
    assert again.etag == compiled.etag
    json.loads(compiled.json_bytes)


def test_definition_package_is_pure():
    code = (
        "import sys, engine.definition; "
        "bad=[m for m in sys.modules if m.split('.')[0] in ('flask','sqlalchemy','flask_smorest')]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def _copy(tmp_path) -> Path:
    target = tmp_path / "tenant"
    shutil.copytree(FIXTURE, target)
    return target


def _problems(folder):
    with pytest.raises(DefinitionInvalid) as caught:
        load_and_compile(folder, today=TODAY)
    return caught.value.problems


def _edit(folder: Path, old: str, new: str, name="pages/about.yaml"):
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    "old,new,code,fragment",
    [
        (
            "{key: details, type: textarea",
            "{key: first_name, type: textarea",
            "DUPLICATE_KEY",
            "'first_name' is already used",
        ),
        (
            "{valueKey: gender, operator: equals",
            "{valueKey: gendr, operator: equals",
            "REF_UNKNOWN_KEY",
            "did you mean 'gender'?",
        ),
        (
            "type: textarea, label: Details",
            "type: txtarea, label: Details",
            "UNKNOWN_FIELD_TYPE",
            "did you mean 'textarea'?",
        ),
        ("max: 2, prefixes: [hs_, hs_2_]", "max: 11, prefixes: [hs_, hs_2_]", "ADD_ANOTHER_MAX", "at most 10 entries"),
        ("prefixes: [hs_, hs_2_]", "prefixes: [hs_, hs_3_]", "PREFIX_MISMATCH", "should be 'hs_2_'"),
        (
            "options: yn, label: Gender",
            "options: yes_no, label: Gender",
            "REF_UNKNOWN_OPTIONS",
            "'yes_no' does not exist",
        ),
        ("default: typed", "default: typd", "REF_UNKNOWN_TAB", "did you mean 'typed'?"),
        ("required: true}\n      - {key: gender", "required: 3}\n      - {key: gender", "AMBIGUOUS", "true, a message"),
        ("{latest: {years_ago: 13}", "{latest: {years_ago: thirteen}", "WRONG_TYPE", "write a whole number here"),
        ("title: About You\n", "title: About You\ncolour: blue\n", "UNKNOWN_PROPERTY", "'colour'"),
        ("nav_label: About You\n", "nav_label: About You\n  bad: [\n", "YAML_SYNTAX", ""),
        ("title: About You\n", "title: About You\ntitle: Again\n", "YAML_DUPLICATE_KEY", "'title' is written twice"),
    ],
)
def test_author_mistakes_get_a_located_message(tmp_path, old, new, code, fragment):
    folder = _copy(tmp_path)
    _edit(folder, old, new)
    problems = _problems(folder)
    matching = [p for p in problems if p.code == code]
    assert matching, [p.format() for p in problems]
    problem = matching[0]
    assert problem.location.file.endswith("pages/about.yaml")
    assert problem.location.line > 1 or code == "YAML_SYNTAX"
    assert fragment in problem.format()


def test_impossible_banner_date(tmp_path):
    folder = _copy(tmp_path)
    with open(folder / "tenant.yaml", "a") as out:
        out.write("banners:\n  dated:\n    - {id: b, text: hi, from: 2025-02-30, to: 2025-03-01}\n")
    problems = _problems(folder)
    assert [p.code for p in problems] == ["BAD_DATE"]
    assert problems[0].location.line == 10 and "2025-02-30" in problems[0].message


def test_an_unknown_applicant_name_key_is_located(tmp_path):
    folder = _copy(tmp_path)
    tenant = (folder / "tenant.yaml").read_text()
    (folder / "tenant.yaml").write_text(tenant.replace("settings: {", "settings: {applicant_name: [first_nme], ", 1))
    problems = _problems(folder)
    assert [p.code for p in problems] == ["REF_UNKNOWN_KEY"]
    assert "applicant_name names 'first_nme'" in problems[0].message and "first_name" in problems[0].format()


def test_missing_page_file_is_reported(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "pages: [pages/about.yaml]", "pages: [pages/about.yaml, pages/missing.yaml]", "tenant.yaml")
    problems = _problems(folder)
    assert problems[0].code == "FILE_MISSING" and problems[0].location.file.endswith("tenant.yaml")


def test_all_problems_are_reported_at_once(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "{key: details, type: textarea", "{key: first_name, type: textarea")
    _edit(folder, "{valueKey: gender, operator: equals", "{valueKey: gendr, operator: equals")
    codes = {p.code for p in _problems(folder)}
    assert {"DUPLICATE_KEY", "REF_UNKNOWN_KEY"} <= codes


def test_generated_validator_is_used_and_agrees_with_the_reference(compiled):
    from engine.definition.compile.codegen import compile_validator

    for page in compiled.data["pages"]:
        compile_validator(page["schema"], TODAY)  # raises Unsupported if the fast path could not be used
    samples = [
        VALID,
        {},
        {**VALID, "gender": "Y"},
        {**VALID, "birth_date": "2020-02-29", "effective_date": "1999-01-01"},
        {"first_name": "x" * 50, "hs_2_name": "y", "essay": True, "gender": "Q"},
    ]
    for answers in samples:
        assert compiled.validate(answers, today=TODAY) == compiled.validate(answers, today=TODAY, reference=True)


def test_widget_texts_have_defaults_and_tenant_overrides(tmp_path, compiled):
    assert compiled.data["texts"]["file_delete_title"] == "Delete File"
    folder = _copy(tmp_path)
    with open(folder / "tenant.yaml", "a") as out:
        out.write("texts: {file_delete_title: Remove this file}\nmessages: {choice: Pick one from the list.}\n")
    overridden = load_and_compile(folder, today=TODAY)
    assert overridden.data["texts"]["file_delete_title"] == "Remove this file"
    assert overridden.validate({**VALID, "gender": "Q"}, today=TODAY) == {"gender": ["Pick one from the list."]}


def test_unknown_text_name_is_refused(tmp_path):
    folder = _copy(tmp_path)
    with open(folder / "tenant.yaml", "a") as out:
        out.write("texts: {file_delete_titel: Remove}\n")
    problems = _problems(folder)
    assert problems and problems[0].location.file.endswith("tenant.yaml") and problems[0].location.line == 8


def test_year_list_offset_moves_with_today(tmp_path):
    folder = _copy(tmp_path)
    (folder / "options" / "years.yaml").write_text("years: {offset: 2, num_years: 3, direction: past}\n")
    compiled = load_and_compile(folder, today=TODAY)
    assert [o["value"] for o in compiled.data["options"]["years"]["options"]] == ["", "2028", "2027", "2026"]
    assert compiled.validate({**VALID, "hs_grad_year": "2028"}, today=TODAY) == {}
    assert compiled.validate({**VALID, "hs_grad_year": "2029"}, today=TODAY) == {
        "hs_grad_year": ["Please choose one of the options."]
    }
