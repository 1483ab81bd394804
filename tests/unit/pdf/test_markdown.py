"""engine/pdf/markdown.py: the PDF reads the form texts' Markdown as the browser does (the shared cases
of tests/golden/markdown.json), and prints what it read."""

import datetime as dt
import json
from pathlib import Path

import pytest

from engine.definition import load_and_compile
from engine.pdf.markdown import markup, parse
from engine.pdf.render import render_application
from tests.pdf_text import text_of

ROOT = Path(__file__).resolve().parents[3]
CASES = json.loads((ROOT / "tests" / "golden" / "markdown.json").read_text())
GOLDEN = json.loads((ROOT / "tests" / "golden" / "intl_undergrad" / "base.json").read_text())


def test_the_cases_are_there():
    assert len(CASES) > 20
    assert len({case["name"] for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_golden_case(case):
    assert parse(case["markdown"]) == case["expect"]


def test_markup_prints_lists_links_and_headings_and_keeps_html_as_text():
    text = "Bring:\n- a **passport**\n- [help](/help)\n\n1. x & <y>\n2. \\*z\\*\n\n## Next"
    assert markup(text) == (
        "Bring:<br/><br/>\u2022 a<b> passport</b><br/>\u2022 help (/help)"
        "<br/><br/>1. x &amp; &lt;y&gt;<br/>2. *z*<br/><br/><b>Next</b>"
    )
    assert markup("*italic* and `code`") == "<i>italic</i> and code"
    assert markup("Read **this** and *that*") == "Read<b> this</b> and<i> that</i>"


def test_a_section_text_prints_its_list_items_and_leaves_no_markers():
    form = load_and_compile(ROOT / "tenants" / "intl_undergrad", dt.date.fromisoformat(GOLDEN["today"])).data
    section = next(section for page in form["pages"] for section in page["sections"] if section.get("title"))
    section["text"] = (
        "Before you start, have *these* ready:\n- your **passport**\n- a [photo](https://example.org/photo)"
    )
    text = text_of(render_application(form, dict(GOLDEN["answers"]), {}, {}, {}))
    assert "Before you start, have these ready:" in text
    assert "\u2022 your passport" in text
    assert "\u2022 a photo (https://example.org/photo)" in text
    assert "**" not in text
