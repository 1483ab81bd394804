"""Text into drawable pieces: a font per character from the fallback chains (engine/pdf/fonts.py),
right-to-left text ordered by the Unicode bidirectional algorithm, and complex scripts (Arabic joining,
Devanagari conjuncts, regional CJK forms) shaped by HarfBuzz. Pure layout: no platypus, no canvas.

A paragraph becomes words (split at spaces, and between CJK characters, which break anywhere);
a word becomes pieces, each one font and one embedding level; a wrapped line's pieces are put in
visual order by `visual`. A shaped piece draws private keys of its font (fonts.GlyphFont) whose
ToUnicode entries are the typed characters of each cluster, so the extracted text is what was typed.
A character that no font has is drawn as U+FFFD and extracts as itself.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from dataclasses import dataclass

import uharfbuzz
from bidi import algorithm as bidi
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

from engine.pdf.fonts import REPLACEMENT, GlyphFont, chains

# Fonts whose text needs no shaping when it is left to right and has no combining marks.
SIMPLE = re.compile(r"FE-(NotoSans-|NotoSansSymbols|DejaVu)")
RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff]")
# The bidirectional formatting characters: they steer the order (an RLO draws the letters after it
# right to left) and are never drawn themselves.
CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
RIGHT_TO_LEFT = re.compile("[\u200f\u061c\u202b\u202e\u2067]")
PDI = "\u2069"
ISOLATE_OPENERS = frozenset("\u2066\u2067\u2068")
# Scripts that break between any two characters (no spaces between words).
BREAK_ANYWHERE = re.compile(
    "[\u2e80-\u2fff\u3000-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]"
)
# Closing punctuation never starts a line, opening punctuation never ends one (CJK line breaking).
NO_LINE_START = set("、。，．：；！？）」』】〕〉》〙〗｝］’”ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ")
NO_LINE_END = set("（「『【〔〈《〘〖｛［‘“")
KANA = re.compile("[\u3040-\u30ff\u31f0-\u31ff]")
HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
ZWJ = "\u200d"
FEATURES = {"kern": True, "liga": True}
REPLACED = -1  # font index of a character no font has


@dataclass(slots=True)
class Piece:
    """One font, one embedding level. `chars` is what textOut draws: the text itself or a ShapedStr of
    the font's private keys; `width` is the advance at a font size of 1 pt."""

    font: str
    chars: str
    width: float
    level: int
    para: int = 0  # pieces of different paragraphs (label, answer) are never reordered together


@dataclass(slots=True)
class Word:
    pieces: list[Piece]
    glue: Piece | None  # the space(s) before the word; None for the first word or between CJK characters

    @property
    def width(self) -> float:
        return sum(piece.width for piece in self.pieces)


def _attaches(char: str) -> bool:
    """Combining marks, joiners and variation selectors belong to the character before them."""
    return (
        unicodedata.category(char)[0] == "M"
        or char in "\u200c\u200d"
        or "\ufe00" <= char <= "\ufe0f"  # variation selectors
        or "\U0001f3fb" <= char <= "\U0001f3ff"  # emoji skin tones
    )


class Chain:
    """One weight's fonts, with a cache of which font draws each character."""

    def __init__(self, fonts: tuple[GlyphFont, ...]):
        self.fonts = fonts
        self.names = [font.fontName for font in fonts]
        self.simple = [bool(SIMPLE.match(name)) for name in self.names]
        self._choice: dict[str, int] = {}
        self.replacement = next((i for i, font in enumerate(fonts) if font.covers(REPLACEMENT)), 0)

    def choose(self, char: str) -> int:
        choice = self._choice.get(char)
        if choice is None:
            choice = next((i for i, font in enumerate(self.fonts) if font.covers(char)), REPLACED)
            self._choice[char] = choice
        return choice

    def assign(self, text: str) -> list[int]:
        """The font index of each character: a combining mark stays with its base, a space, digit or
        punctuation mark stays in the font before it when that font has it."""
        result: list[int] = []
        current = None
        joined = False
        for char in text:
            if current is not None and (joined or _attaches(char)):
                choice = current
            elif current is not None and current != REPLACED and _common(char) and self.fonts[current].covers(char):
                choice = current
            else:
                choice = self.choose(char)
            result.append(choice)
            current, joined = choice, char == ZWJ and choice == REPLACED
        return result


@functools.lru_cache(maxsize=4096)
def _common(char: str) -> bool:
    return unicodedata.category(char)[0] in "ZPNS" and not RTL.match(char)


@functools.lru_cache(maxsize=2)
def chain(weight: str) -> Chain:
    return Chain(chains()[weight])


def levels(text: str, rtl: bool = False) -> list[int] | None:
    """The bidi embedding level of each character (Unicode bidirectional algorithm), or None when the
    text is all left to right. The base direction is right to left with `rtl` (a text of a form in a
    right-to-left language), else that of the first strong character (a typed answer, as HTML's
    dir="auto" reads it: one with no letter, a phone number, reads left to right)."""
    if not rtl and not RTL.search(text) and not RIGHT_TO_LEFT.search(text):
        return None
    return _isolated_levels(text, 1 if rtl else None)[0]


def _isolated_levels(text: str, base: int | None) -> tuple[list[int], list[int]]:
    """(resolved, explicit) levels of `text` as a paragraph of base level `base` (None: its first strong
    character's). python-bidi's algorithm knows embeddings, not the isolates of Unicode 6.3 (it fails on
    them), and an embedding is no isolate: the neutrals around it take its direction. So each isolate
    (LRI, RLI, FSI … its PDI) is read as the rules do: from outside, one neutral character; inside, a
    paragraph of its own (an FSI's direction its first letter's), raised to the level the isolate opens."""
    spans, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in ISOLATE_OPENERS:
            start = index if depth == 0 else start
            depth += 1
        elif char == PDI and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, index))
    if depth:
        spans.append((start, len(text)))  # an isolate left open ends with the paragraph
    if not spans:
        return _embedding_levels(text.replace(PDI, "\u202c"), base)  # a PDI that closes nothing: ignored
    outer, last = [], 0
    for start, end in spans:
        # OBJECT REPLACEMENT CHARACTER: an other neutral (ON), as an isolate reads from outside.
        outer += [text[last:start], "\ufffc"]
        last = end + 1
    resolved, explicit = _embedding_levels("".join(outer) + text[last:], base)
    result, embedded, at, last = [], [], 0, 0
    for start, end in spans:
        result += resolved[at : at + start - last]
        embedded += explicit[at : at + start - last]
        at += start - last
        inner = text[start + 1 : end]
        direction = {"\u2066": 0, "\u2067": 1}.get(text[start], _first_strong(inner))
        level = explicit[at] + 1 + (explicit[at] + 1 + direction) % 2  # the least above it of its parity
        inside, inside_explicit = _isolated_levels(inner, direction)
        closer = [resolved[at]] if end < len(text) else []  # opener and PDI: the neutral's level
        result += [resolved[at], *(value + level - direction for value in inside), *closer]
        embedded += [explicit[at], *(value + level - direction for value in inside_explicit), *closer]
        at, last = at + 1, end + 1
    return result + resolved[at:], embedded + explicit[at:]


def _first_strong(text: str) -> int:
    """1 when the first strong character outside nested isolates is right to left, else 0 (rule P2)."""
    depth = 0
    for char in text:
        if char in ISOLATE_OPENERS:
            depth += 1
        elif char == PDI and depth:
            depth -= 1
        elif depth == 0 and unicodedata.bidirectional(char) in ("L", "R", "AL"):
            return 0 if unicodedata.bidirectional(char) == "L" else 1
    return 0


def _embedding_levels(text: str, base: int | None) -> tuple[list[int], list[int]]:
    """(resolved, explicit) levels by python-bidi's algorithm of a text with no isolate."""
    if not text:
        return [], []
    storage = bidi.get_empty_storage()
    storage["base_level"] = bidi.get_base_level(text) if base is None else base
    storage["base_dir"] = ("L", "R")[storage["base_level"]]
    bidi.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index
    bidi.explicit_embed_and_overrides(storage)
    explicit = [storage["base_level"]] * len(text)
    for char in storage["chars"]:
        explicit[char["index"]] = char["level"]
    bidi.resolve_weak_types(storage, False)
    bidi.resolve_neutral_types(storage, False)
    bidi.resolve_implicit_levels(storage, False)
    result = [storage["base_level"]] * len(text)
    for char in storage["chars"]:  # characters removed by rule X9 (joiners) keep the level before them
        result[char["index"]] = char["level"]
    for index, char in enumerate(text):
        if unicodedata.bidirectional(char) == "BN" and index:
            result[index] = result[index - 1]
            explicit[index] = explicit[index - 1]
    return result, explicit


def language(text: str) -> str | None:
    """The language HarfBuzz picks regional CJK forms by: kana means Japanese, Hangul Korean; else none
    (the converted face's default, Simplified Chinese)."""
    if KANA.search(text):
        return "ja"
    if HANGUL.search(text):
        return "ko"
    return None


@functools.lru_cache(maxsize=8192)
def _shaped(font: GlyphFont, text: str, rtl: bool, lang: str | None) -> tuple[str, float]:
    """(ShapedStr of private keys, advance at 1 pt). The first glyph of each cluster carries the
    cluster's text, so glyphs drawn in visual order still extract as the typed characters."""
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if rtl else "ltr"
    if lang:
        buffer.language = lang
    uharfbuzz.shape(font.shaper, buffer, FEATURES)
    infos, positions = buffer.glyph_infos, buffer.glyph_positions
    starts = sorted({info.cluster for info in infos})
    ends = dict(zip(starts, starts[1:] + [len(text)], strict=True))
    units = font.units
    drawn = {info.cluster for info in infos if info.codepoint}
    keys, data, seen, advance = [], [], set(), 0
    for info, position in zip(infos, positions, strict=True):
        cluster = info.cluster
        if not info.codepoint and cluster in drawn:
            continue  # a part the font lacks (a skin tone after an emoji it has): the cluster shows without it
        typed = "" if cluster in seen else text[cluster : ends[cluster]]
        seen.add(cluster)
        key = font.key(info.codepoint, typed)
        keys.append(key)
        x_advance = position.x_advance * units
        advance += x_advance
        data.append(
            ShapeData(
                cluster,
                x_advance,
                position.y_advance * units,
                position.x_offset * units,
                position.y_offset * units,
                font.face.charWidths[ord(key)],
            )
        )
    return ShapedStr("".join(keys), shapeData=data), advance / 1000


def _graphemes(text: str) -> list[str]:
    """Characters with their combining marks; emoji joined by ZWJ stay one."""
    result: list[str] = []
    for char in text:
        if result and (_attaches(char) or result[-1].endswith(ZWJ)):
            result[-1] += char
        else:
            result.append(char)
    return result


def _piece(chain_: Chain, index: int, text: str, level: int, lang: str | None, para: int) -> Piece:
    if index == REPLACED:
        font = chain_.fonts[chain_.replacement]
        glyph = font.cmap[ord(REPLACEMENT)]
        chars = "".join(font.key(glyph, grapheme) for grapheme in _graphemes(text))
        width = sum(font.face.charWidths[ord(key)] for key in chars) / 1000
        return Piece(font.fontName, chars, width, level, para)
    font = chain_.fonts[index]
    if level % 2 == 0 and chain_.simple[index] and not any(_attaches(char) for char in text if ord(char) > 0x2FF):
        return Piece(font.fontName, text, font.stringWidth(text, 1), level, para)
    chars, width = _shaped(font, text, level % 2 == 1, lang)
    return Piece(font.fontName, chars, width, level, para)


def _pieces(chain_: Chain, text: str, start: int, end: int, fonts, levels_, lang, para) -> list[Piece]:
    """The pieces of text[start:end]: one per change of font or level."""
    pieces = []
    run = start
    for index in range(start + 1, end + 1):
        if index == end or fonts[index] != fonts[run] or (levels_ and levels_[index] != levels_[run]):
            pieces.append(_piece(chain_, fonts[run], text[run:index], levels_[run] if levels_ else 0, lang, para))
            run = index
    return pieces


_TOKENS = re.compile(r" +|[^ ]+")


def _plain_words(text: str, font: str, width, para: int) -> list[Word]:
    result, glue = [], None
    for match in _TOKENS.finditer(text):
        part = match.group()
        piece = Piece(font, part, width(part), 0, para)
        if part[0] == " ":
            glue = piece
        else:
            result.append(Word([piece], glue))
            glue = None
    return result


def words(text: str, weight: str = "regular", para: int = 0, rtl: bool = False) -> list[Word]:
    """One bidi paragraph (no newline) as words with the glue before each; `rtl`: its base direction
    is right to left (else its first strong character's)."""
    chain_ = chain(weight)
    if not text:
        return []
    if not chain_.fonts:  # no TrueType font installed: reportlab's Helvetica, Latin-1 only
        name = "Helvetica-Bold" if weight == "bold" else "Helvetica"
        return _plain_words(text, name, lambda part: stringWidth(part, name, 1), para)
    if not rtl and text.isascii() and text.isprintable():  # the common case: one font, left to right, no shaping
        font = chain_.fonts[0]
        return _plain_words(text, font.fontName, lambda part: font.stringWidth(part, 1), para)
    levels_ = levels(text, rtl)
    if any(char in CONTROLS for char in text):  # the order follows them; they are then left out
        kept = [index for index, char in enumerate(text) if char not in CONTROLS]
        text = "".join(text[index] for index in kept)
        levels_ = [levels_[index] for index in kept] if levels_ else None
        if not text:
            return []
    fonts = chain_.assign(text)
    lang = language(text)
    result, glue = [], None
    for match in _TOKENS.finditer(text):
        start, end = match.span()
        if text[start] == " ":
            glue = _pieces(chain_, text, start, end, fonts, levels_, lang, para)[0]
            if start == 0:  # spaces before the paragraph separate it from what precedes: never reordered
                glue.level, glue.para = 0, 0
            continue
        # break between CJK characters: each becomes a word of its own, glued to nothing
        cuts = [start]
        for index in range(start + 1, end):
            char, before = text[index], text[index - 1]
            if (
                (BREAK_ANYWHERE.match(char) or BREAK_ANYWHERE.match(before))
                and not _attaches(char)
                and char not in NO_LINE_START
                and before not in NO_LINE_END
            ):
                cuts.append(index)
        cuts.append(end)
        for a, b in itertools.pairwise(cuts):
            result.append(Word(_pieces(chain_, text, a, b, fonts, levels_, lang, para), glue))
            glue = None
    return result


def cut(word: Word, text_width: float, weight: str, para: int, rtl: bool = False) -> tuple[Word, Word] | None:
    """Split a word too wide for a line: the longest head that fits `text_width` (at 1 pt; at least one
    character), never splitting a character from its combining marks. None for a single character."""
    graphemes = _graphemes("".join(typed(piece) for piece in word.pieces))
    if len(graphemes) < 2:
        return None
    low, high, best = 2, len(graphemes) - 1, 1
    while low <= high:
        middle = (low + high) // 2
        if sum(w.width for w in words("".join(graphemes[:middle]), weight, para, rtl)) <= text_width:
            best, low = middle, middle + 1
        else:
            high = middle - 1
    head, tail = (_joined(words("".join(part), weight, para, rtl)) for part in (graphemes[:best], graphemes[best:]))
    head.glue = word.glue
    return head, tail


def _joined(parts: list[Word]) -> Word:
    """Words of a cut word (CJK splits into several) as one word."""
    return Word([piece for part in parts for piece in part.pieces], None)


def typed(piece: Piece) -> str:
    """The typed text of a piece (shaped keys map back through their font)."""
    if not isinstance(piece.chars, ShapedStr) and not any(ord(c) >= 0xF0000 for c in piece.chars):
        return piece.chars
    texts = getFont(piece.font).texts
    typed = "".join(texts.get(ord(key), key) for key in piece.chars)
    if piece.level % 2:  # drawn in visual order: clusters reversed
        clusters = [texts.get(ord(key), key) for key in piece.chars]
        typed = "".join(reversed(clusters))
    return typed


def visual(pieces: list[Piece], rtl: bool = False) -> list[Piece]:
    """A line's pieces (in logical order) in visual order: rule L2 of the bidirectional algorithm,
    applied within each paragraph of the line; `rtl`: the line runs right to left, so its paragraphs
    (a label, then its answer) stand from right to left."""
    if not rtl and not any(piece.level for piece in pieces):
        return pieces
    runs: list[list[Piece]] = []
    start = 0
    for index in range(1, len(pieces) + 1):
        if index == len(pieces) or pieces[index].para != pieces[start].para:
            run = pieces[start:index]
            if rtl and runs and not typed(run[0]).strip():  # the space before a paragraph stays between
                runs.append(run[:1])
                run = run[1:]
            runs.append(_reorder(run))
            start = index
    return [piece for run in (reversed(runs) if rtl else runs) for piece in run]


def _reorder(pieces: list[Piece]) -> list[Piece]:
    levels_ = [piece.level for piece in pieces]
    odd = [level for level in levels_ if level % 2]
    if not odd:
        return pieces
    order = list(range(len(pieces)))
    for level in range(max(levels_), min(odd) - 1, -1):
        index = 0
        while index < len(order):
            if levels_[order[index]] >= level:
                end = index
                while end < len(order) and levels_[order[end]] >= level:
                    end += 1
                order[index:end] = reversed(order[index:end])
                index = end
            else:
                index += 1
    return [pieces[i] for i in order]
