"""Every script in the application PDF: names and answers in Chinese, Japanese, Korean, Arabic, Hebrew,
Devanagari, Cyrillic, Greek, Latin with diacritics and emoji are drawn (a font with real outlines for
each character, U+FFFD for emoji) and their extracted text is exactly what was typed.

Extraction is checked with pypdf and, where poppler-utils is installed, with pdftotext. What the
extractors add around right-to-left text and nothing else is taken away before comparing: pdftotext
wraps each right-to-left run in embedding controls (U+202B ... U+202C)."""

import datetime as dt
import io
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from engine.definition import load_and_compile
from engine.pdf import fonts
from engine.pdf.render import render_application
from engine.pdf.text import REPLACED, chain, words

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = json.loads((ROOT / "tests" / "golden" / "intl_undergrad" / "base.json").read_text())

TYPED = {  # answer key -> what an applicant typed
    "first_name": "王小明",  # Chinese
    "preferred_name": "やまだ たろう 山田太郎",  # Japanese: kana and kanji
    "city": "서울특별시 강남구",  # Korean
    "last_name": "محمد عبد الله",  # Arabic: joined letters, the lam-alef ligature
    "middle_name": "דוד כהן",  # Hebrew
    "parent_first_name": "प्रिया शर्मा",  # Devanagari: conjuncts, a vowel sign drawn before its consonant
    "address_line_1": "क्षत्रिय मार्ग",
    "parent_last_name": "Ковалёва",  # Cyrillic
    "parent_2_first_name": "Αλέξανδρος",  # Greek
    "parent_2_last_name": "Παπαδόπουλος",
    "parent_occupation": "Zoë Ångström-Nguyễn, Ça Đà Nẵng",  # Latin with diacritics
    "address_line_2": "Zoe\u0308 Nguye\u0302\u0303n",  # the same, as combining marks
    "parent_2_occupation": "Engineer 😀 👍🏽 🦄 👨‍👩‍👧 ✅",  # emoji: a few in DejaVu and Noto Symbols 2
}
NEEDS = {"CJK": fonts.CJK_FILE, "Arabic": "NotoSansArabic-Regular.ttf", "Devanagari": "NotoSansDevanagari-Regular.ttf"}
BIDI_CONTROLS = re.compile("[\u202a-\u202e]")


@pytest.fixture(autouse=True)
def installed_fonts():
    """Skip where the fonts are not installed; fail in CI, where `make install` installs them."""
    missing = [file for file in NEEDS.values() if fonts.find(file) is None]
    if missing:
        message = f"PDF fonts not installed ({', '.join(missing)}): run `make install`"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def form():
    return load_and_compile(ROOT / "tenants" / "intl_undergrad", dt.date.fromisoformat(GOLDEN["today"])).data


@pytest.fixture(scope="module")
def pdf(form):
    return render_application(form, {**GOLDEN["answers"], **TYPED})


def labels(form) -> dict:
    """key -> label of every field in the compiled form."""
    found = {}

    def walk(node):
        if isinstance(node, dict):
            if "key" in node and "label" in node:
                found.setdefault(node["key"], node["label"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(form["pages"])
    return found


def expected_lines(form) -> dict:
    """key -> the line that shows it: its label, the gap (pdftotext gives one space for it, pypdf the
    two drawn), then exactly the typed text."""
    names = labels(form)
    return {key: re.compile(re.escape(names[key]) + " {1,2}" + re.escape(typed)) for key, typed in TYPED.items()}


def _assert_lines(form, lines: list[str]) -> None:
    for key, line in expected_lines(form).items():
        label = labels(form)[key]
        assert any(line.fullmatch(candidate) for candidate in lines), (
            key,
            TYPED[key],
            [candidate for candidate in lines if candidate.startswith(label)],
        )


def test_pypdf_extracts_each_answer_exactly_as_typed(form, pdf):
    _assert_lines(form, "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).splitlines())


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (Debian: poppler-utils) is not installed")
def test_pdftotext_extracts_each_answer_exactly_as_typed(form, pdf, tmp_path):
    (tmp_path / "a.pdf").write_bytes(pdf)
    out = subprocess.run(["pdftotext", str(tmp_path / "a.pdf"), "-"], capture_output=True, text=True, check=True)
    _assert_lines(form, BIDI_CONTROLS.sub("", out.stdout).splitlines())


def _glyphs(text: str, weight: str = "regular"):
    """(font, glyph id, typed text) of each glyph the layout draws for `text`."""
    from reportlab.pdfbase.pdfmetrics import getFont

    for word in words(text, weight):
        for piece in ([word.glue] if word.glue else []) + word.pieces:
            font = getFont(piece.font)
            for key in piece.chars:
                yield font, font.face.charToGlyph.get(ord(key), 0), font.texts.get(ord(key), key)


def _has_outline(font, glyph: int) -> bool:
    return font.face.glyphPos[glyph + 1] > font.face.glyphPos[glyph]


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_every_typed_character_is_drawn_with_a_real_glyph_never_a_blank_or_a_box(weight):
    for typed in TYPED.values():
        for font, glyph, text in _glyphs(typed, weight):
            if text.strip() or not text:  # spaces are blank by design; "" is a cluster's second glyph
                assert glyph != 0, (typed, text, font.fontName)  # glyph 0 is .notdef, the empty box
                assert _has_outline(font, glyph), (typed, text, font.fontName)


def test_a_character_no_font_has_is_drawn_as_the_replacement_character():
    assert [chain("regular").choose(char) for char in "🦄✅👨"] == [REPLACED] * 3
    drawn = [(font, glyph, text) for font, glyph, text in _glyphs("🦄 👨‍👩‍👧 ✅") if text.strip()]
    assert [text for _font, _glyph, text in drawn] == ["🦄", "👨‍👩‍👧", "✅"]  # one mark per emoji
    for font, glyph, _text in drawn:
        assert glyph == font.cmap[ord(fonts.REPLACEMENT)] and _has_outline(font, glyph)


def test_an_emoji_a_font_has_is_drawn_from_it_with_its_skin_tone_kept_in_the_text():
    drawn = [(font.fontName, text) for font, glyph, text in _glyphs("👍🏽") if text]
    assert drawn == [("FE-NotoSansSymbols2-Regular", "👍🏽")]


def test_right_to_left_words_are_drawn_right_to_left():
    from engine.pdf.text import visual

    pieces = [piece for word in words("محمد عبد") for piece in ([word.glue] if word.glue else []) + word.pieces]
    order = [piece.level for piece in visual(pieces)]
    assert order == [1, 1, 1]
    assert visual(pieces)[0] is pieces[-1]  # the last word typed is drawn leftmost


def test_japanese_text_gets_japanese_glyph_forms():
    """The same character takes its regional form from the text around it (OpenType `locl`)."""
    chinese = [glyph for _f, glyph, _t in _glyphs("直")]
    japanese = [glyph for _f, glyph, _t in _glyphs("直す なおす")][:1]
    assert chinese != japanese


def test_latin_and_digits_inside_right_to_left_text_keep_their_own_order():
    from engine.pdf.text import typed, visual

    pieces = [piece for word in words("שלום world 123") for piece in ([word.glue] if word.glue else []) + word.pieces]
    # one left-to-right run (rule W7 makes the digits after "world" left to right), left of the Hebrew
    assert [typed(piece) for piece in visual(pieces) if piece.chars.strip()] == ["world", "123", "שלום"]


def test_a_font_out_of_private_keys_still_draws_the_glyph():
    font = fonts.GlyphFont("FE-test-exhausted", str(fonts.find("NotoSans-Regular.ttf")))
    font._next = fonts.LAST_PRIVATE_KEY + 1
    glyph = font.cmap[ord("e")]
    assert font.key(glyph, "e\u0301x") == "e"  # drawn as "e", extracted as "e"


def test_paragraph_markup_keeps_bold_and_line_breaks_and_drops_other_tags():
    from engine.pdf.blocks import spans_of

    assert spans_of("a <b>b</b><br/><i>c</i> &lt;d&gt; &amp; é") == [
        ("regular", "a "),
        ("bold", "b"),
        ("regular", "\n"),
        ("regular", "c"),
        ("regular", " <d> & é"),
    ]


def test_cjk_text_breaks_between_characters_but_never_before_closing_punctuation():
    from engine.pdf.text import typed

    assert ["".join(typed(piece) for piece in word.pieces) for word in words("我学会了。「东京」")] == [
        "我",
        "学",
        "会",
        "了。",
        "「东",
        "京」",
    ]
