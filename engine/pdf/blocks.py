"""Flowables that draw text through engine/pdf/text.py (font fallback, bidi, shaping), for every
piece of text in the application PDF: `TextBlock` takes the same arguments as reportlab's Paragraph
(a little markup: <b>, <br/>, escaped entities) and `FieldLine` a label in bold followed by its
answer with a hanging indent. Both draw straight on the canvas (no paragraph parser), which keeps a
whole application well under 100 ms, and split across pages by lines.

A style whose wordWrap is "RTL" (reportlab's word for it; a form in a right-to-left language) lays a
block out right to left: its lines stand against the right margin, its indents are mirrored, the form's
own words read right to left and a label's answer stands to its left. A typed answer keeps the
direction of its first letter (as HTML's dir="auto"): an e-mail address or a phone number reads left to
right inside a right-to-left line."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, unescape

from reportlab.lib import colors
from reportlab.pdfbase.ttfonts import ShapedStr
from reportlab.platypus import Flowable

from engine.pdf.fonts import font_names
from engine.pdf.text import Piece, Word, cut, typed, visual, words

_MARKUP = re.compile(r"(<[^>]*>)")  # text is escaped, so every < starts a tag
_ENTITIES = {"&nbsp;": "\u00a0", "&quot;": '"', "&#39;": "'"}


def spans_of(markup: str, bold: bool = False) -> list[tuple[str, str]]:
    """Paragraph markup as (weight, text) spans: <b> is bold, <br/> a newline; other tags (<i>, <font>)
    are left out, their text kept."""
    spans: list[tuple[str, str]] = []
    for part in _MARKUP.split(markup):
        if part == "<b>":
            bold = True
        elif part == "</b>":
            bold = False
        elif re.fullmatch(r"<br\s*/?>", part):
            spans.append(("bold" if bold else "regular", "\n"))
        elif part.startswith("<"):
            continue
        elif part:
            spans.append(("bold" if bold else "regular", unescape(part, _ENTITIES).replace("\u00a0", " ")))
    return spans


class TextBlock(Flowable):
    """Spans of text in a ParagraphStyle's size, leading, colour, spacing and indents. Each span (and
    each line of it) is its own bidirectional paragraph, so a label and its answer keep their order."""

    def __init__(self, markup: str, style, *, spans: list[tuple[str, str]] | None = None, lines=None, typed=()):
        super().__init__()
        self.text, self.style = markup, style  # the markup and style, as a Paragraph has them
        self.spans = spans if spans is not None else spans_of(markup, bold=_is_bold(style))
        self.rtl = getattr(style, "wordWrap", None) == "RTL"
        self.typed = frozenset(typed)  # the spans that are typed answers: their own direction
        self.size, self.leading = style.fontSize, style.leading
        self.lines = lines  # [(x offset, [Piece, ...] in logical order), ...] once wrapped
        self._wrapped_width = None

    def _layout(self, width: float) -> list:
        lines = _Lines(width, self.style.leftIndent + self.style.firstLineIndent, self.style.leftIndent, self.size)
        para = 0
        for span, (weight, text) in enumerate(self.spans):
            rtl = self.rtl and span not in self.typed
            for number, paragraph in enumerate(text.replace("\t", " ").split("\n")):
                if number:
                    lines.flush()
                para += 1
                for word in words(paragraph, weight, para, rtl):
                    lines.add(word, weight, para, rtl)
        lines.flush()
        return lines.lines

    def wrap(self, available_width, available_height):
        if self.lines is None or self._wrapped_width != available_width:
            self._wrapped_width = available_width
            self.lines = self._layout(available_width)
        self.width = available_width
        self.height = len(self.lines) * self.leading
        return self.width, self.height

    def getSpaceBefore(self):
        return self.style.spaceBefore

    def getSpaceAfter(self):
        return self.style.spaceAfter

    def split(self, available_width, available_height):
        self.wrap(available_width, available_height)
        fits = int(available_height // self.leading)
        if fits < 1 or fits >= len(self.lines):
            return [] if fits < 1 else [self]
        head = self._part(self.lines[:fits], spaceAfter=0)
        return [head, self._part(self.lines[fits:], spaceBefore=0)]

    def _part(self, lines, **spacing):
        style = self.style.clone(self.style.name, **spacing)
        part = TextBlock(self.text, style, spans=self.spans, lines=lines, typed=self.typed)
        part._wrapped_width = self._wrapped_width
        return part

    def draw(self):
        text = self.canv.beginText()
        text.setFillColor(self.style.textColor or colors.black)
        y = self.height - self.size
        for offset, line in self.lines:
            text.setTextOrigin(self.width - offset - line_width(line, self.size) if self.rtl else offset, y)
            draw_pieces(text, line, self.size, self.rtl)
            y -= self.leading
        self.canv.drawText(text)


def _is_bold(style) -> bool:
    return style.fontName == font_names()[1]


class _Lines:
    """Greedy line filling: words go on the line while they fit; a word wider than a whole line is cut."""

    def __init__(self, width: float, first: float, indent: float, size: float):
        self.width, self.indent, self.size = width, indent, size
        self.lines: list = []
        self.line: list[Piece] = []
        self.offset, self.used = first, 0.0

    def flush(self) -> None:
        self.lines.append((self.offset, self.line))
        self.line, self.offset, self.used = [], self.indent, 0.0

    def add(self, word: Word, weight: str, para: int, rtl: bool = False) -> None:
        size, limit = self.size, self.width - self.offset
        glue = word.glue.width * size if word.glue and self.line else 0.0
        measured = word.width * size
        if self.line and self.used + glue + measured > limit:
            self.flush()
            glue, limit = 0.0, self.width - self.offset
        while measured > limit:
            parts = cut(word, limit / size, weight, para, rtl)
            if parts is None:  # one character wider than the line: it overflows
                break
            head, word = parts
            self.line.extend(head.pieces)
            self.flush()
            glue, limit, measured = 0.0, self.width - self.offset, word.width * size
        if glue:
            self.line.append(word.glue)
        self.line.extend(word.pieces)
        self.used += glue + measured


def draw_pieces(text, pieces: list[Piece], size: float, rtl: bool = False) -> None:
    """Draw one line's pieces (logical order) on a reportlab text object, in visual order (`rtl`: the
    line runs right to left).

    Each glyph maps to its typed characters (ToUnicode); right-to-left glyphs are drawn in visual order,
    as PDF readers expect and reorder. A left-to-right shaped piece (a Devanagari vowel sign drawn before
    its consonant, several glyphs for one character) also carries its typed text as ActualText, which
    readers that honour it (poppler's pdftotext) extract instead of the glyphs. Not for right-to-left
    text: poppler places ActualText left to right and then reverses the line, so it would come out
    reversed."""
    current, plain = None, ""  # plain: unshaped text in the current font, drawn in one go

    def flush():
        nonlocal plain
        if plain:
            text.textOut(plain)
            plain = ""

    for piece in visual(pieces, rtl):
        if piece.font != current:
            flush()
            text.setFont(piece.font, size)
            current = piece.font
        if not isinstance(piece.chars, ShapedStr):
            plain += piece.chars
            continue
        flush()
        if piece.level % 2:
            text.textOut(piece.chars)
        else:
            # reportlab's text object has no marked-content call: its operator list is the way in
            text._code.append(f"/Span <</ActualText <FEFF{typed(piece).encode('utf-16-be').hex().upper()}>>> BDC")
            text.textOut(piece.chars)
            text._code.append("EMC")
    flush()


def line_width(pieces: list[Piece], size: float) -> float:
    return sum(piece.width for piece in pieces) * size


def one_line(text: str, weight: str = "regular", rtl: bool = False) -> list[Piece]:
    """A single line (no wrapping) as pieces, for page footers."""
    pieces: list[Piece] = []
    for word in words(text, weight, rtl=rtl):
        if word.glue and pieces:
            pieces.append(word.glue)
        pieces.extend(word.pieces)
    return pieces


def draw_string(canvas, x: float, y: float, text: str, size: float, weight="regular", right=False, rtl=False) -> None:
    """One line at (x, y), ending there with `right`; `rtl`: read right to left."""
    pieces = one_line(text, weight, rtl)
    if right:
        x -= line_width(pieces, size)
    drawing = canvas.beginText()
    drawing.setTextOrigin(x, y)
    draw_pieces(drawing, pieces, size, rtl)
    canvas.drawText(drawing)


class FieldLine(TextBlock):
    """A label in bold followed by its answer (plain text; newlines kept); with the answer style's
    hanging indent, continuation lines are indented."""

    def __init__(self, label: str, answer: str, style):
        markup = f"<b>{escape(label)}</b>&nbsp;&nbsp;{escape(answer).replace(chr(10), '<br/>')}"
        spans = [("bold", label), ("regular", f"  {answer}" if answer else "")]
        super().__init__(markup, style, spans=spans, typed={1})
