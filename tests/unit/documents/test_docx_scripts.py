"""A Word document in ten scripts converts with every character kept: the converter draws its text
through the application PDF's font fallback chain and shaping (engine/pdf/text.py), so what poppler's
pdftotext reads back from the converted PDF is what the document holds."""

import os
import re
import shutil

import pytest

import corpus
from engine.documents.convert import check_and_convert
from engine.pdf import fonts
from tests.pdf_text import pdftotext

NEEDS = (fonts.CJK_FILE, "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf")
BIDI_CONTROLS = re.compile("[\u202a-\u202e]")  # pdftotext wraps each right-to-left run in them


@pytest.fixture(autouse=True)
def installed():
    """Skip where the fonts or poppler are not installed; fail in CI, where `make install` installs them."""
    missing = [file for file in NEEDS if fonts.find(file) is None]
    if shutil.which("pdftotext") is None:
        missing.append("pdftotext (Debian: poppler-utils)")
    if missing:
        message = f"not installed: {', '.join(missing)}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def text():
    pdf, kind = check_and_convert(corpus.docx_every_script(), "scripts.docx", corpus.RULES)
    assert kind == "docx"
    return BIDI_CONTROLS.sub("", pdftotext(pdf))


@pytest.mark.parametrize("script", sorted(corpus.EVERY_SCRIPT))
def test_each_script_is_read_back_from_the_converted_pdf(text, script):
    line = corpus.EVERY_SCRIPT[script]
    assert line in text  # the heading
    assert f"{script}: {line} {line}" in text  # a paragraph, then the same words in a bold run


def test_a_list_item_and_a_table_cell_keep_their_scripts(text):
    assert f"• {corpus.EVERY_SCRIPT['Arabic']}" in text
    assert text.rstrip().endswith(corpus.EVERY_SCRIPT["Chinese"])
