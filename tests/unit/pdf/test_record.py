"""The application PDF as a record an office can file: its first page says which application it is
and when it was submitted, every page says whose it is, nothing empty or screen-only is printed, and
it carries the PDF/A-2b markers (checked with pikepdf, a reader independent of the writer)."""

import datetime as dt
import io
import json
from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from engine.definition import load_and_compile
from engine.pdf.header import Record
from engine.pdf.render import render_application
from tests.pdf_text import text_of

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = json.loads((ROOT / "tests" / "golden" / "intl_undergrad" / "base.json").read_text())
SUBMITTED = dt.datetime(2026, 3, 1, 14, 5, tzinfo=dt.UTC)
RECORD = Record(reference="INTL-7K2Q9MXA", submitted_at=SUBMITTED, version="3f9c0a7d", email="mei@example.org")


@pytest.fixture(scope="module")
def form():
    return load_and_compile(ROOT / "tenants" / "intl_undergrad", dt.date.fromisoformat(GOLDEN["today"])).data


@pytest.fixture
def answers():
    return dict(GOLDEN["answers"])


def first_page(pdf: bytes) -> str:
    return " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())


def test_the_first_page_says_which_application_and_when_it_was_submitted(form, answers):
    page = first_page(render_application(form, answers, record=RECORD))
    assert page.startswith("Example College Example College International Undergraduate Application")
    assert "Reference INTL-7K2Q9MXA" in page
    assert "Applicant Mei Lin Chen · mei@example.org" in page
    # Submitted, in the tenant's time zone (America/Chicago) with its abbreviation, then in UTC.
    assert "Submitted March 1, 2026 at 8:05 AM CST (March 1, 2026 at 2:05 PM UTC)" in page
    assert "Form version 3f9c0a7d" in page
    assert "Generated" not in page


def test_a_draft_says_it_is_not_submitted(form, answers):
    page = first_page(render_application(form, answers, generated_at=SUBMITTED))
    assert "Submitted Not submitted yet · Generated March 1, 2026 at 8:05 AM CST" in page
    assert "Reference" not in page


def test_dates_read_in_the_forms_date_style(form, answers):
    assert "Date of Birth April 12, 2008" in text_of(render_application(form, {**answers, "birth_date": "2008-04-12"}))
    medium = {**form, "settings": {**form["settings"], "date_style": "medium"}}
    assert "Date of Birth Apr 12, 2008" in text_of(render_application(medium, {**answers, "birth_date": "2008-04-12"}))


def test_no_empty_section_and_no_screen_only_text(form, answers):
    """Parent 2 and the legal guardian, unanswered, are left out with their headings; so is the
    on-screen navigation instruction the tenant marks screen_only."""
    for key in [k for k in answers if k.startswith(("parent_2_", "guardian_"))]:
        del answers[key]
    answers.update(parent_communication_preference="1", parent_communication_preference_desc="Parent")
    text = text_of(render_application(form, answers, record=RECORD))
    assert "Parent 1" in text
    assert "Parent 2" not in text and "Legal Guardian" not in text
    assert "Use the numbered navigation" not in text
    assert "Not answered" not in text


def test_collapse_draws_an_unanswered_section_as_one_line(form, answers):
    for key in [k for k in answers if k.startswith("parent_2_")]:
        del answers[key]
    answers.update(parent_communication_preference="1", parent_communication_preference_desc="Parent")
    collapsed = {**form, "settings": {**form["settings"], "pdf_empty": "collapse"}}
    text = text_of(render_application(collapsed, answers, record=RECORD))
    assert "Parent 2 Not answered" in text
    assert "Use the numbered navigation" not in text


def test_every_page_is_footed_with_the_reference_and_its_number(form, answers):
    pages = PdfReader(io.BytesIO(render_application(form, answers, record=RECORD))).pages
    for number, page in enumerate(pages, start=1):
        assert f"INTL-7K2Q9MXA Page {number} of {len(pages)}" in " ".join(page.extract_text().split())


def test_pdfa_markers(form, answers):
    """An sRGB output intent, pdfaid XMP (part 2, conformance B) and only embedded fonts: markers of
    PDF/A-2b, not a proof of conformance."""
    with pikepdf.open(io.BytesIO(render_application(form, answers, record=RECORD))) as pdf:
        assert len(pdf.trailer.ID) == 2  # the file identifier PDF/A asks for
        intents = pdf.Root.OutputIntents
        assert len(intents) == 1
        assert intents[0].S == pikepdf.Name.GTS_PDFA1
        profile = intents[0].DestOutputProfile
        assert profile.N == 3 and profile.read_bytes()[36:40] == b"acsp"  # an ICC profile
        with pdf.open_metadata() as xmp:
            assert xmp["pdfaid:part"] == "2"
            assert xmp["pdfaid:conformance"] == "B"
            assert xmp["dc:title"] == "Example College International Undergraduate Application"
        fonts = [font for page in pdf.pages for font in (page.Resources.get("/Font") or {}).values()]
        assert fonts
        for font in fonts:
            descriptor = (font.DescendantFonts[0] if "/DescendantFonts" in font else font).FontDescriptor
            assert any(name in descriptor for name in ("/FontFile", "/FontFile2", "/FontFile3")), font.BaseFont


def test_a_rotated_or_odd_sized_uploaded_page_is_footed_too(form, answers):
    """A scan saved sideways (/Rotate 90) and an A5 page: each still says whose it is and where it
    belongs."""
    from pypdf import PdfWriter
    from reportlab.lib.pagesizes import A5
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    drawing = canvas.Canvas(out, pagesize=A5)
    drawing.drawString(40, 500, "Small scan")
    drawing.showPage()
    drawing.drawString(40, 500, "Sideways scan")
    drawing.save()
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(out.getvalue())))
    writer.pages[1].rotate(90)
    rotated = io.BytesIO()
    writer.write(rotated)
    pdf = render_application(form, answers, record=RECORD, appended=[rotated.getvalue()])
    pages = PdfReader(io.BytesIO(pdf)).pages
    total = len(pages)
    for number in (total - 1, total):
        assert f"INTL-7K2Q9MXA Page {number} of {total}" in " ".join(pages[number - 1].extract_text().split())
