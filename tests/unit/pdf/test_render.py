"""render.py: the application PDF from the compiled form, checked through its extracted text."""

import datetime as dt
import io
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from engine.definition import evaluate_condition, load_and_compile
from engine.definition.catalogue import DEFAULT_TEXTS
from engine.fieldtypes.file import format_size
from engine.pdf.header import Record
from engine.pdf.render import render_application
from tests.pdf_text import pdftotext, text_of

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = json.loads((ROOT / "tests" / "golden" / "intl_undergrad" / "base.json").read_text())


@pytest.fixture(scope="module")
def form():
    return load_and_compile(ROOT / "tenants" / "intl_undergrad", dt.date.fromisoformat(GOLDEN["today"])).data


@pytest.fixture
def answers():
    return dict(GOLDEN["answers"])


def render(form, answers, documents=None, add_another=None, tabs=None) -> str:
    return text_of(render_application(form, answers, documents or {}, add_another or {}, tabs or {}))


def visible_fields(form, answers, tabs=None):
    """(field, page) for every field the print view shows, walked independently of the renderer."""
    instance = {k: v for k, v in answers.items() if v not in ("", None)}
    for group, spec in form["tabs"].items():
        instance["__tab__" + group] = (tabs or {}).get(group, spec["default"])

    def shown(node):
        return "visible_when" not in node or evaluate_condition(node["visible_when"], instance, reference=True)

    def walk(fields):
        for field in fields:
            if not shown(field):
                continue
            if "parts" in field:
                yield from walk(field["parts"].values())
            elif "key" in field:
                yield field

    for page in form["pages"]:
        for section in page["sections"]:
            if not shown(section) or "confirm" in section:
                continue
            yield from walk(section.get("fields", []))
            for branch in section.get("branches", []):
                if shown(branch):
                    yield from walk(branch["fields"])
            for instance_layout in section.get("instances", [])[:1]:
                yield from walk(instance_layout["fields"])


def shown_answer(form, field, answers) -> str:
    value = answers[field["key"]]
    if field["type"] in ("select", "radio", "conditional_select"):
        name = field.get("options") or field["options_by"]["options"].get(
            answers.get(field["options_by"]["controller"])
        )
        labels = {o["value"]: o["label"] for o in form["options"].get(name, {}).get("options", [])}
        return labels.get(value) or answers.get(field.get("desc_key", ""), value)
    if value is True:
        return "[X]"
    if field["type"] == "date":  # the form's date style (intl_undergrad: long)
        return dt.date.fromisoformat(value).strftime("%B %-d, %Y")
    return value


def test_every_answered_field_shows_its_label_and_answer(form, answers):
    text = render(form, answers)
    checked = 0
    for field in visible_fields(form, answers):
        if answers.get(field["key"]) in (None, "", False):
            continue
        label = re.sub(r"\s+", " ", field.get("review_label") or field["label"])
        if not field["key"].endswith("ceeb"):  # the code is shown after the school's name instead
            assert label in text, label
        assert str(shown_answer(form, field, answers)) in text, (field["key"], shown_answer(form, field, answers))
        checked += 1
    assert checked > 60


def test_page_and_section_titles(form, answers):
    text = render(form, answers)
    for page in form["pages"]:
        assert f"{page['number']}. {page['title']}" in text
    assert "Name and Identity" in text


def test_selections_are_shown_as_x_and_blank_boxes(form, answers):
    text = render(form, answers)
    assert "[ ] Yes [X] No" in text  # materials_under_former_legal_name = N
    assert "[X] Asian" in text and "[ ] White" in text  # a check group


def test_a_checkbox_is_its_label_then_a_marked_yes_or_a_blank_no(form, answers):
    """A ticked checkbox reads as its mark and Yes after its label; an unticked optional one is not
    an answer (left out, or with `pdf_empty: collapse` "Not answered")."""
    text = render(form, {**answers, "legal_agree": True, "sat_taken_unsure": False})
    assert "I am not sure yet when I will take the SAT." not in text
    collapsed = {**form, "settings": {**form["settings"], "pdf_empty": "collapse"}}
    assert "I am not sure yet when I will take the SAT. Not answered" in render(collapsed, answers)
    assert "[X] Yes" in text[text.index("I certify that all information submitted") :]
    assert "the SAT. [X] Yes" in render(form, {**answers, "sat_taken_unsure": True})


def test_a_checkboxs_yes_and_no_are_the_forms_texts(form, answers):
    worded = {**form, "texts": {**form["texts"], "pdf_checkbox_yes": "Oui", "pdf_checkbox_no": "Non"}}
    assert "the SAT. [X] Oui" in render(worded, {**answers, "sat_taken_unsure": True})


def test_a_school_is_its_name_plus_its_ceeb_code(form, answers):
    assert "Northview Heights Secondary School (Ceeb: 826543)" in render(form, answers)


def test_a_question_is_named_by_its_review_label_as_the_review_names_it(form, answers):
    """Where the on-screen label is a prompt ("Search for Your School"), the record names the
    question by its review_label ("School"), as the review does."""
    text = render(form, answers)
    assert "School Northview Heights Secondary School (Ceeb: 826543)" in text
    assert "Search for Your School" not in text


def test_the_school_code_and_the_marks_are_worded_by_the_forms_texts(form, answers):
    worded = {
        **form,
        "texts": {**form["texts"], "service_ceeb": "[CEEB {code}]", "selected": "(x)", "not_selected": "( )"},
    }
    text = render(worded, answers)
    assert "Northview Heights Secondary School [CEEB 826543]" in text and "Ceeb" not in text
    assert "( ) Yes (x) No" in text and "[X]" not in text


def test_hidden_sections_and_fields_are_left_out(form, answers):
    answers.update(
        {
            "mailing_addr_same_as_perm_addr": "Y",
            "mailing_address_line_1": "1 Hidden Lane",
            "conviction": "N",
            "conviction_comment": "Hidden comment",
        }
    )
    text = render(form, answers)
    assert "1 Hidden Lane" not in text
    assert "Hidden comment" not in text
    answers.update({"mailing_addr_same_as_perm_addr": "N", "conviction": "Y"})
    text = render(form, answers)
    assert "1 Hidden Lane" in text and "Hidden comment" in text


def test_add_another_shows_as_many_instances_as_the_count(form, answers):
    answers.update({"hs_2_name": "Second School", "hs_2_ceeb": "111111"})
    assert "Second School" not in render(form, answers)
    assert "Second School (Ceeb: 111111)" in render(form, answers, add_another={"high_schools": 2})


def test_each_entry_printed_is_headed_by_its_title_and_a_later_empty_entry_is_left_out(form, answers):
    """A draft's entries as counted: entry 1, an empty entry 2 (left out), a started entry 3."""
    answers.update({"hs_3_name": "Third School", "hs_3_city": "Lyon", "hs_2_grad_year": ""})
    pdf = render_application(form, answers, {}, {"high_schools": 3}, {})
    for text in (text_of(pdf), pdftotext(pdf, "-layout")):
        assert "School 1" in text and "School 3" in text and "Third School" in text
        assert "School 2" not in text
        assert text.index("School 1") < text.index(answers["hs_name"]) < text.index("School 3")
        assert text.index("School 3") < text.index("Third School")
        assert "1 of 3" not in text
    # one entry printed: no entry heading at all
    single = render(form, answers, add_another={"high_schools": 2})
    assert "School 1" not in single and "School 2" not in single


def test_only_the_chosen_tab_is_shown_and_an_attached_document_gets_a_note(form, answers):
    answers["essay"] = "A typed essay about resilience."
    typed = render(form, answers)
    assert "A typed essay about resilience." in typed
    documents = {"essay_file": {"file_name": "essay.docx", "file_size": 48213}}
    uploaded = render(form, answers, documents, tabs={"essay_mode": "uploaded"})
    assert "A typed essay about resilience." not in uploaded
    assert "Document attached: essay.docx (48.2 kB)" in uploaded
    # Required and missing in a draft: its line says so.
    assert "Upload your response Not answered" in render(form, answers, tabs={"essay_mode": "uploaded"})


def test_an_answer_hidden_only_by_a_hidden_controller_is_left_out():
    """Hidden means absent, cascades included: the earlier-address section reads a checkbox of the
    hidden mailing section; its stored answer must not reach the PDF (the layout alone shows it)."""
    demo = ROOT / "tests" / "golden" / "rules_demo"
    form = load_and_compile(demo / "tenant", dt.date(2025, 11, 3)).data
    answers = json.loads((demo / "base.json").read_text())["answers"]
    assert "4 Elm Road" in render(form, answers, add_another={"jobs": 2})
    hidden = render(form, {**answers, "has_mailing": "N", "has_mailing_desc": "No"}, add_another={"jobs": 2})
    assert "4 Elm Road" not in hidden and "12 Pine Street" not in hidden
    assert "Earlier Mailing Addresses" not in hidden


def test_a_document_of_a_hidden_question_is_not_listed(form, answers):
    documents = {"essay_file": {"file_name": "essay.docx", "file_size": 48213}}
    assert "essay.docx" not in render(form, answers, documents)  # the typed tab is chosen


def test_unicode_answers_and_markup_characters_are_kept(form, answers):
    from engine.pdf.fonts import font_names

    if font_names()[0] == "Helvetica":
        pytest.skip("DejaVu Sans is not installed (Debian: fonts-dejavu-core); Helvetica covers Latin-1 only")
    answers.update({"first_name": "Zoë <b>&", "native_language": "中文 / Ελληνικά"})
    text = render(form, answers)
    assert "Zoë <b>&" in text
    assert "Ελληνικά" in text


def test_converted_documents_are_appended_and_footed_like_every_page(form, answers):
    """The uploaded document's page follows the application and carries the same footer: the
    reference and "Page n of m", m counting the appended pages."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    drawing = canvas.Canvas(out)
    drawing.drawString(72, 720, "Appended essay page")
    drawing.save()
    record = Record(reference="INTL-7K2Q9MXA")
    application = render_application(form, answers, record=record)
    combined = render_application(form, answers, record=record, appended=[out.getvalue()])
    pages = PdfReader(io.BytesIO(combined)).pages
    assert len(pages) == len(PdfReader(io.BytesIO(application)).pages) + 1
    last = re.sub(r"\s+", " ", pages[-1].extract_text())
    assert "Appended essay page" in last
    assert "INTL-7K2Q9MXA" in last and f"Page {len(pages)} of {len(pages)}" in last
    assert f"Page 1 of {len(pages)}" in re.sub(r"\s+", " ", pages[0].extract_text())


def test_sizes_are_shown_in_decimal_units():
    assert format_size(999, DEFAULT_TEXTS) == "999 B"
    assert format_size(48213, DEFAULT_TEXTS) == "48.2 kB"
    assert format_size(1_000_000, DEFAULT_TEXTS) == "1 MB"
    assert format_size(123_456_789, DEFAULT_TEXTS) == "123 MB"
    assert format_size(48213, {"size_kilobytes": "{n} Ko"}) == "48.2 Ko"


def test_the_pdfs_own_words_are_the_tenants(form, answers):
    """Its title, 'Generated', the page footer, 'Not answered' and the marks come from the compiled
    form's texts."""
    texts = {
        **form["texts"],
        "pdf_title": "Dossier : {tenant}",
        "pdf_generated": "Créé le {when}",
        "pdf_page_of": "Feuille {page} sur {pages}",
        "not_selected": "[non]",
        "pdf_not_answered": "Sans réponse",
        "record_submitted": "Déposé",
    }
    collapsed = {**form["settings"], "pdf_empty": "collapse"}
    text = render(
        {**form, "texts": texts, "settings": collapsed, "tenant": {**form["tenant"], "name": "Example College"}},
        answers,
    )
    assert "Dossier : Example College" in text
    assert "Créé le " in text and "Generated" not in text
    assert "Feuille 1 sur " in text and "Page 1" not in text
    assert "[non]" in text
    assert "Sans réponse" in text and "Not answered" not in text
    assert "Déposé" in text and "Submitted" not in text


def test_the_pdfs_time_is_written_in_the_tenants_zone_and_words(form, answers):
    """The moment it was made reads in the tenant's time zone (intl_undergrad: America/Chicago),
    its date style and the texts' date_time_zone, not a built-in format."""
    moment = dt.datetime(2026, 3, 1, 14, 5, tzinfo=dt.UTC)
    english = text_of(render_application(form, answers, {}, {}, {}, generated_at=moment))
    assert "Generated March 1, 2026 at 8:05 AM CST" in english
    texts = {**form["texts"], "pdf_generated": "Créé le {when}", "date_time_zone": "{date}, {time} ({zone})"}
    settings = {**form["settings"], "language": "fr", "time_zone": "Europe/Paris"}
    french = text_of(
        render_application({**form, "texts": texts, "settings": settings}, answers, {}, {}, {}, generated_at=moment)
    )
    assert "Créé le 1 mars 2026, 15:05 (UTC+1)" in french and "March" not in french
