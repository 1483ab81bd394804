"""The form texts' Markdown in the application PDF: the browser's dialect (client/src/widgets/markdown.js),
parsed into the same blocks, then written as the paragraph markup engine/pdf/blocks.py draws.

Paragraphs, headings, bullet and numbered lists, **bold**, *italic*, `code`, [links](url) and backslash
escapes; a single line break is a space, a blank line a new paragraph, and HTML is text. Both sides
pass the cases of tests/golden/markdown.json, so a text reads the same on screen and on paper.
A link prints as its text and its address in brackets (paper has no links); italic and code print
as plain text (the PDF draws regular and bold only).
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

Inline = str | dict
Block = dict

SAFE_URL = re.compile(r"^(https?:|mailto:|tel:|/|#)", re.IGNORECASE)
INLINE = re.compile(
    r"(\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))"
)
BULLET = re.compile(r"^\s*[-*+]\s+(.*)$")
NUMBERED = re.compile(r"^\s*\d+[.)]\s+(.*)$")
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
CONTINUATION = re.compile(r"^\s{2,}\S")
# A backslash before ASCII punctuation makes it text: the character is held as a private-use code
# point while the text is parsed (so no pattern sees it) and given back in every piece of text.
ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
HELD = re.compile("[\ue000-\ue07f]")


def _hold(text: str) -> str:
    return ESCAPED.sub(lambda m: chr(0xE000 + ord(m.group(1))), text)


def _give_back(text: str) -> str:
    return HELD.sub(lambda m: chr(ord(m.group(0)) - 0xE000), text)


def _append(out: list[Inline], piece: Inline) -> None:
    if isinstance(piece, str) and out and isinstance(out[-1], str):
        out[-1] += piece
    elif piece != "":
        out.append(piece)


def inline(text: str) -> list[Inline]:
    """One line's inline Markdown as text and {b|i|code|a} nodes (escapes already held)."""
    out: list[Inline] = []
    rest = text
    while rest:
        match = INLINE.search(rest)
        if not match:
            _append(out, _give_back(rest))
            break
        _append(out, _give_back(rest[: match.start()]))
        _, bold1, bold2, em1, em2, code, link_text, href = match.groups()
        if bold1 or bold2:
            _append(out, {"b": inline(bold1 or bold2)})
        elif em1 or em2:
            _append(out, {"i": inline(em1 or em2)})
        elif code:
            _append(out, {"code": _give_back(code)})
        elif SAFE_URL.match(_give_back(href)):
            _append(out, {"a": inline(link_text), "href": _give_back(href)})
        else:
            _append(out, _give_back(link_text))
        rest = rest[match.end() :]
    return out


def parse(text: str) -> list[Block]:
    """Markdown text -> blocks: {"p": inline}, {"h3".."h6": inline}, {"ul"|"ol": [inline, ...]}."""
    out: list[Block] = []
    paragraph: list[str] = []
    items: list[str] = []
    ordered = False

    def flush() -> None:
        if paragraph:
            out.append({"p": inline(" ".join(paragraph))})
            paragraph.clear()
        if items:
            out.append({"ol" if ordered else "ul": [inline(item) for item in items]})
            items.clear()

    for line in _hold(str(text or "")).replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        listed = BULLET.match(line) or NUMBERED.match(line)
        heading = HEADING.match(line)
        if not line.strip():
            flush()
        elif listed:
            numbered = not BULLET.match(line)
            if paragraph or (items and ordered != numbered):
                flush()
            ordered = numbered
            items.append(listed.group(1))
        elif heading:
            flush()
            out.append({f"h{min(6, len(heading.group(1)) + 2)}": inline(heading.group(2))})
        elif items and CONTINUATION.match(line):
            items[-1] += f" {line.strip()}"
        else:
            if items:
                flush()
            paragraph.append(line.strip())
    flush()
    return out


def _inline_markup(pieces: list[Inline]) -> str:
    parts = []
    for piece in pieces:
        if isinstance(piece, str):
            parts.append(escape(piece))
        elif "b" in piece:
            parts.append(f"<b>{_inline_markup(piece['b'])}</b>")
        elif "i" in piece:
            parts.append(f"<i>{_inline_markup(piece['i'])}</i>")
        elif "code" in piece:
            parts.append(escape(piece["code"]))
        else:
            parts.append(f"{_inline_markup(piece['a'])} ({escape(piece['href'])})")
    return "".join(parts)


def _block_markup(block: Block) -> str:
    (kind, content), *_ = block.items()
    if kind == "ul":
        return "<br/>".join(f"\u2022 {_inline_markup(item)}" for item in content)
    if kind == "ol":
        return "<br/>".join(f"{number}. {_inline_markup(item)}" for number, item in enumerate(content, 1))
    if kind == "p":
        return _inline_markup(content)
    return f"<b>{_inline_markup(content)}</b>"


# blocks.py draws a span's words each with the spaces before it, so spaces that end a span before a
# tag would be lost ("Read<b>this</b>"): they go inside the tag, where they start the next span.
_SPACES_BEFORE_TAG = re.compile(r"( +)(<[bi]>)")


def markup(text: str) -> str:
    """Author text (the form's Markdown) as the PDF's paragraph markup: <b>, <i> and <br/>."""
    written = "<br/><br/>".join(_block_markup(block) for block in parse(str(text)))
    return _SPACES_BEFORE_TAG.sub(r"\2\1", written)
