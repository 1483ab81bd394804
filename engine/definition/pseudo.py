"""`formengine pseudo <tenant> <out>`: a copy of a tenant whose every word an applicant reads is
pseudo-localized — wrapped as ⟦…⟧, vowels accented, about 35% longer, {placeholders}, links and
e-mail addresses kept — so that a page served from it shows at a glance any word that is not the
tenant's (it is not wrapped) and any layout that breaks when words grow. With `rtl` the copy is in a
right-to-left pseudo-language (ar-XB, as Android and Chromium name theirs): each word is also
mirrored (RLM RLO word PDF RLM: its letters drawn right to left, as Arabic's are) and the copy's
language is ar-XB, which CLDR reads as Arabic's direction, so the page, the print view and the PDF
are laid out right to left and a layout can be checked without knowing Arabic. The definition's own texts
are rewritten in place; the engine's catalogue (texts.yaml) and messages are written into the
copy's `texts:` and `messages:`. Keys, ids, routes, option values and conditions are left alone."""

import math
import re
import shutil
from pathlib import Path

import yaml

from engine.definition.catalogue import DEFAULT_TEXTS
from engine.definition.fields import DEFAULT_MESSAGES
from engine.definition.load.loader import load_yaml

OPEN, CLOSE = "⟦", "⟧"
RTL_LANGUAGE = "ar-XB"
RLM, RLO, PDF = "\u200f", "\u202e", "\u202c"
_LETTERS = re.compile(r"[^\W\d_]+")
LRI, PDI = "\u2066", "\u2069"
# A number written in groups (+44 20 7946 0958): in a right-to-left line its groups would stand in
# reverse order, so a right-to-left translation isolates it, left to right, as a translator must.
_GROUPED_NUMBER = re.compile(r"\+?\d+(?:[ ./-]\d+)+")
GROWTH = 1.35
_ACCENTS = str.maketrans("aeiouyAEIOUYcnCN", "áéíóúýÁÉÍÓÚÝçñÇÑ")
_VOWELS = set("aeiouyAEIOUY")
# Kept as written: {placeholders} (and a path after one: an e-mail's {public_url}/confirm), markdown
# link targets, web addresses and e-mail addresses.
_KEEP = re.compile(r"\{[a-z_][a-z0-9_]*\}(?:/[\w/-]*)?|\]\([^)]*\)|https?://\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A markdown line's own marks, kept before the wrapped words: headings, list items, quotes.
_LINE_MARK = re.compile(r"^(\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)?)(.*?)(\s*)$")

# The properties of a definition whose string value an applicant reads.
TEXT_KEYS = frozenset(
    {"name", "title", "nav_label", "text", "label", "help", "placeholder", "must_be_true", "email_message"}
    | {"message", "body", "before", "after", "entry_label", "required", "institution", "review_label"}
)
# Maps (and lists) all of whose string values an applicant reads.
TEXT_MAPS = frozenset({"messages", "texts", "postal_address"})


def _words(text: str, grow: int) -> tuple[str, int]:
    """Accented, each vowel doubled while the text should still grow; and how much it grew."""
    out, grown = [], 0
    for char in text:
        out.append(char.translate(_ACCENTS))
        if grown < grow and char in _VOWELS:
            out.append(char.translate(_ACCENTS))
            grown += 1
    return "".join(out), grown


def _mirrored(text: str) -> str:
    """Each run of letters drawn right to left (an override), marked right to left on both sides;
    each number written in groups isolated left to right."""
    text = _LETTERS.sub(lambda word: f"{RLM}{RLO}{word.group(0)}{PDF}{RLM}", text)
    return _GROUPED_NUMBER.sub(lambda number: f"{LRI}{number.group(0)}{PDI}", text)


def pseudo_line(text: str, rtl: bool = False) -> str:
    """One line of words: ⟦accented and longer⟧ (`rtl`: each word mirrored), what _KEEP matches
    kept as written."""
    if not text.strip() or (text.startswith(OPEN) and text.endswith(CLOSE)):
        return text
    grow = math.ceil(len(text) * (GROWTH - 1))
    pieces, last = [], 0
    for match in _KEEP.finditer(text):
        pieces.append((text[last : match.start()], True))
        pieces.append((match.group(0), False))
        last = match.end()
    pieces.append((text[last:], True))
    vowels = sum(1 for piece, words in pieces if words for c in piece if c in _VOWELS) or 1
    out, left = [], grow
    for piece, words in pieces:
        if words:
            words_out, grown = _words(piece, min(left, math.ceil(grow * sum(c in _VOWELS for c in piece) / vowels)))
            out.append(_mirrored(words_out) if rtl else words_out)
            left -= grown
        else:
            out.append(piece)
    # A text with too few vowels to grow enough grows by a last word of dots.
    filler = " " + "·" * left if left > 0 else ""
    return OPEN + "".join(out) + filler + CLOSE


def pseudo_text(text: str, rtl: bool = False) -> str:
    """A text that may be markdown: each line's words wrapped apart, its marks (# - 1.) kept."""
    lines = []
    for line in text.split("\n"):
        mark, words, end = _LINE_MARK.match(line).groups()  # type: ignore[union-attr]
        lines.append(mark + pseudo_line(words, rtl) + end if words else line)
    return "\n".join(lines)


def _walk(node, rtl: bool, key=None, all_text=False):
    """The node as plain dicts and lists, the strings an applicant reads pseudo-localized."""
    if isinstance(node, dict):
        return {k: _walk(v, rtl, k, all_text or k in TEXT_MAPS) for k, v in node.items()}
    if isinstance(node, list):
        return [_walk(value, rtl, key, all_text) for value in node]
    if isinstance(node, str) and (all_text or key in TEXT_KEYS):
        return pseudo_text(node, rtl)
    return node


def _dump(path: Path, data) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=4096), encoding="utf-8")


def _one_language(settings: dict, rtl: bool) -> None:
    """The copy is the pseudo-language alone: its other languages' catalogues translate the words
    it no longer has, and their names (in their own words) would show beside it unwrapped."""
    if settings.get("languages"):
        settings["language"] = settings.pop("languages")[0]
    if rtl:
        settings["language"] = RTL_LANGUAGE


def pseudo_tenant(source: Path, out: Path, rtl: bool = False) -> list[Path]:
    """Write the pseudo-localized copy of the tenant folder `source` to `out` (which must not hold
    anything yet), in the right-to-left pseudo-language with `rtl`; returns the files written."""
    if out.exists() and any(out.iterdir()):
        raise FileExistsError(f"{out} is not empty")
    shutil.copytree(source, out, dirs_exist_ok=True, ignore=shutil.ignore_patterns("translations"))
    written = []
    for path in sorted(out.rglob("*.yaml")):
        problems: list = []
        data = load_yaml(path, str(path), problems)
        if problems or data is None:
            raise ValueError(f"{path}: {problems[0] if problems else 'empty'} (run formengine validate)")
        data = _walk(data, rtl)
        if path.parent == out and path.name == "tenant.yaml":
            for name, defaults in (("messages", DEFAULT_MESSAGES), ("texts", DEFAULT_TEXTS)):
                data[name] = {**{k: pseudo_text(v, rtl) for k, v in defaults.items()}, **(data.get(name) or {})}
            _one_language(data.get("settings") or {}, rtl)
        _dump(path, data)
        written.append(path)
    for path in sorted(out.rglob("*.md")):
        path.write_text(pseudo_text(path.read_text(encoding="utf-8"), rtl), encoding="utf-8")
        written.append(path)
    return written
