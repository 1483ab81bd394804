"""The application PDF of a form in a right-to-left language (its direction from CLDR): mirrored, each
line against the right margin, a label's answer to its left, an e-mail address and a phone number
still read left to right; the footer mirrored. Positions are poppler's (pdftotext -bbox)."""

import datetime as dt
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.units import inch

from engine.definition import load_and_compile
from engine.definition.pseudo import pseudo_tenant
from engine.pdf.blocks import one_line
from engine.pdf.header import Record
from engine.pdf.render import render_application
from engine.pdf.text import typed, visual
from tests.pdf_text import pdftotext

ROOT = Path(__file__).resolve().parents[3]
RIGHT_MARGIN, LEFT_MARGIN = LETTER[0] - 0.8 * inch, 0.8 * inch  # the footer's
PADDING = 6  # reportlab's frame's, inside the margins: the text's edges
ANSWERS = {
    "applicant_given_name": "Ann",
    "applicant_family_name": "محمد عبد الله",
    "applicant_email": "ann.lee@example.org",
    "applicant_phone": "+44 20 7946 0958",
    "study_level": "secondary",
    "personal_statement": "I would study at جامعة القاهرة in 2027.",
}
RECORD = Record("SCH-ABCD1234", dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC), "v1", "ann.lee@example.org")

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")


def _pdf(form: dict, language: str | None = None) -> bytes:
    if language:
        form = {**form, "settings": {**form["settings"], "language": language}}
    return render_application(form, ANSWERS, record=RECORD)


def _boxes(pdf: bytes) -> list[tuple[float, float, float, str]]:
    """(xMin, xMax, yMin, word) of every word on the first page."""
    html = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return [
        (float(x0), float(x1), round(float(y0)), word)
        for x0, y0, x1, word in re.findall(
            r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', html
        )
    ]


def _row(boxes, answer: str):
    """The answer's box and the boxes of the other words on its line (its label's)."""
    box = next(b for b in boxes if b[3] == answer and b[2] > 200)  # below the record's header
    return box, [b for b in boxes if abs(b[2] - box[2]) < 4 and b is not box]


@pytest.fixture(scope="module")
def form():
    return load_and_compile(ROOT / "tenants" / "example_scholarship").data


@pytest.mark.parametrize("language", ["ar", "he", "fa", "ur"])
def test_a_right_to_left_form_stands_against_the_right_margin_its_answer_left_of_its_label(form, language):
    boxes = _boxes(_pdf(form, language))
    email, label = _row(boxes, "ann.lee@example.org")
    assert [b[3] for b in label] == ["Email"]
    assert label[0][0] > email[1]  # the answer stands to the label's left
    assert abs(label[0][1] - (RIGHT_MARGIN - PADDING)) < 1  # the label ends at the right edge
    footer = [b for b in boxes if b[2] > 740]
    assert abs(max(b[1] for b in footer) - RIGHT_MARGIN) < 1 and "SCH-ABCD1234" == max(footer, key=lambda b: b[1])[3]
    assert abs(min(b[0] for b in footer) - LEFT_MARGIN) < 1  # "Page 1 of 1" at the left


def test_numbers_addresses_and_mixed_answers_keep_their_order_in_a_right_to_left_form(form):
    pdf = _pdf(form, "ar")
    text = pdftotext(pdf)
    assert "+44 20 7946 0958" in text and "ann.lee@example.org" in text and "SCH-ABCD1234" in text
    boxes = _boxes(pdf)
    plus, last = (next(b for b in boxes if b[3] == word) for word in ("+44", "0958"))
    assert plus[2] == last[2] and plus[0] < last[0]  # not "0958 7946 20 +44"
    phone, label = _row(boxes, "0958")
    assert [b[3] for b in label if b[0] > phone[1]] == ["Phone"]  # the whole number left of its label
    # The same form in a left-to-right language: the label at the left edge, its answer after it.
    email, label = _row(_boxes(_pdf(form, "fr")), "ann.lee@example.org")
    assert label[0][1] < email[0] and abs(label[0][0] - (LEFT_MARGIN + PADDING)) < 1
    for name in ("محمد", "عبد", "الله", "جامعة", "القاهرة"):
        assert name in text, name


def test_the_right_to_left_pseudo_language_pdf_draws_mirrored_words_and_no_control_as_a_box(tmp_path):
    pseudo_tenant(ROOT / "tenants" / "example_scholarship", tmp_path / "rtl", rtl=True)
    pdf = render_application(load_and_compile(tmp_path / "rtl").data, ANSWERS, record=RECORD)
    text = pdftotext(pdf)
    assert "\ufffd" not in text and "\u202e" not in text
    boxes = _boxes(pdf)
    email, label = _row(boxes, "ann.lee@example.org")
    assert label and min(b[0] for b in label) > email[1]


def test_an_override_draws_its_letters_right_to_left_and_is_not_drawn_itself():
    pieces = one_line("\u200f\u202eAbc\u202c\u200f def", rtl=True)
    assert "".join(typed(piece) for piece in pieces) == "Abc def"  # no control drawn
    assert [piece.level % 2 for piece in pieces] == [1, 1, 0]  # Abc overridden, def left to right
    # The line reads right to left: "def" stands left of the mirrored "Abc".
    assert [typed(piece) for piece in visual(pieces, rtl=True)] == ["def", " ", "Abc"]


@pytest.mark.parametrize("language", ["en", "ar"])
def test_an_answer_with_unicode_isolates_is_drawn_in_order(form, language):
    # python-bidi's algorithm fails on isolates (LRI … PDI): they are read as embeddings.
    answers = {**ANSWERS, "personal_statement": "שלום \u2066+44 20 7946\u2069 עולם"}
    pdf = render_application({**form, "settings": {**form["settings"], "language": language}}, answers)
    text = pdftotext(pdf)
    assert "+44 20 7946" in text and "\u2066" not in text and "\ufffd" not in text


MONTHS = re.compile(r"\b(January|February|March|April|May|June|July|August|September|October|November|December)\b")


@pytest.mark.parametrize("record", [RECORD, Record(email="ann.lee@example.org")], ids=["submitted", "draft"])
def test_the_right_to_left_pseudo_language_pdf_dates_its_record_in_arabic_month_names(tmp_path, record):
    # ar-XB is no CLDR locale: its dates read Arabic's (ar), as the browser's Intl writes them, never English.
    pseudo_tenant(ROOT / "tenants" / "example_scholarship", tmp_path / "rtl", rtl=True)
    made = dt.datetime(2026, 3, 2, 9, tzinfo=dt.UTC)
    form = load_and_compile(tmp_path / "rtl").data
    form = {**form, "settings": {**form["settings"], "date_style": "long"}}  # the month in words
    text = pdftotext(render_application(form, ANSWERS, record=record, generated_at=made))
    assert "مارس" in text and not MONTHS.search(text), text
    assert "\u2068" not in text and "\u2069" not in text  # the isolates order the line and are not drawn
