"""Fonts for generated PDFs: Noto (Debian's fonts-noto-core and fonts-noto-cjk) in a fallback chain,
one chain for regular and one for bold text; engine/pdf/text.py picks a font per character.

reportlab embeds TrueType (glyf) outlines only, and Noto Sans CJK ships as OpenType/CFF: `build_cjk`
converts one face of Debian's collection to TrueType once (`formengine fonts`, run by `make install`)
into FONT_DIR. Fonts that are not installed are left out of the chain; DejaVu Sans (fonts-dejavu-core)
ends it, and reportlab's Helvetica (Latin-1 only) stands in when no TrueType font is found at all.

`GlyphFont` lets the text layer draw any glyph a shaper chose (Arabic joining forms, Devanagari
conjuncts, regional CJK forms, a replacement glyph for a character no font has) under a private key,
and writes each key's typed text into the PDF's ToUnicode map, so the extracted text is the typed text.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
import threading
from pathlib import Path

import uharfbuzz
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import SUBSETN, TTFont

SYSTEM_DIRS = (
    "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/local/share/fonts",
)
# Where `formengine fonts` writes the converted CJK face: inside the environment the engine runs in.
FONT_DIR = Path(os.environ.get("FORMENGINE_FONT_DIR") or Path(sys.prefix) / "share" / "formengine" / "fonts")
CJK_SOURCE = "NotoSansCJK-Regular.ttc"
CJK_FACE = 2  # "Noto Sans CJK SC"; every face holds all regional forms, picked per language by `locl`
CJK_FILE = "NotoSansCJK-Regular-glyf.ttf"

# Fallback chains, first match wins. Bold CJK uses the regular face (only one is converted).
CHAINS = {
    "regular": (
        "NotoSans-Regular.ttf",
        "NotoSansArabic-Regular.ttf",
        "NotoSansHebrew-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf",
        CJK_FILE,
        "NotoSansSymbols-Regular.ttf",
        "NotoSansSymbols2-Regular.ttf",
        "DejaVuSans.ttf",
    ),
    "bold": (
        "NotoSans-Bold.ttf",
        "NotoSansArabic-Bold.ttf",
        "NotoSansHebrew-Bold.ttf",
        "NotoSansDevanagari-Bold.ttf",
        CJK_FILE,
        "NotoSansSymbols-Bold.ttf",
        "NotoSansSymbols2-Regular.ttf",
        "DejaVuSans-Bold.ttf",
    ),
}
ITALIC = {"regular": "NotoSans-Italic.ttf", "bold": "NotoSans-BoldItalic.ttf"}
# Drawn for a character no font in the chain has (emoji, say): U+FFFD, visible, never a blank.
REPLACEMENT = "\ufffd"
# Private keys start in Unicode's supplementary private use planes, which no Noto font maps.
FIRST_PRIVATE_KEY = 0xF0000
LAST_PRIVATE_KEY = 0x10FFFD
log = logging.getLogger(__name__)


def find(name: str) -> Path | None:
    for folder in (FONT_DIR, *SYSTEM_DIRS):
        path = Path(folder) / name
        if path.is_file():
            return path
    return None


class GlyphFont(TTFont):
    """A TrueType font whose glyphs can also be drawn by glyph id, each under a private key that
    carries the text it stands for (the whole cluster for the first glyph of a shaped cluster, ""
    for the others), written to the ToUnicode map in place of reportlab's one-character entries."""

    def __init__(self, name: str, filename: str):
        super().__init__(name, filename, asciiReadable=1)
        self.texts: dict[int, str] = {}  # private key -> the text it stands for
        self._keys: dict[tuple[int, str], str] = {}
        self._next = FIRST_PRIVATE_KEY
        self._lock = threading.Lock()
        self.cmap = self.face.charToGlyph  # codepoint -> glyph id (the font's own cmap)
        self.units = 1000 / self.face.unitsPerEm

    @functools.cached_property
    def shaper(self) -> uharfbuzz.Font:
        """The HarfBuzz font that shapes text for this font (made once: a worker makes it before forking)."""
        return uharfbuzz.Font(uharfbuzz.Face(uharfbuzz.Blob(self.face._ttf_data)))

    def covers(self, char: str) -> bool:
        return ord(char) in self.cmap

    def key(self, glyph: int, text: str) -> str:
        """The one-character string that draws `glyph` and extracts as `text`."""
        if len(text) == 1 and self.cmap.get(ord(text)) == glyph:
            return text
        key = self._keys.get((glyph, text))
        if key is None:
            with self._lock:
                key = self._keys.get((glyph, text)) or self._allocate(glyph, text)
        return key

    def _allocate(self, glyph: int, text: str) -> str:
        if self._next > LAST_PRIVATE_KEY:
            # Out of keys (about 131,000 different glyph-and-text pairs in one process): draw the glyph
            # under a character it stands for in the font; its extracted text is then that character.
            log.warning("%s: no private keys left; extracted text may differ from the typed text", self.fontName)
            return chr(self.face.glyphToChar.get(glyph, [ord(REPLACEMENT)])[0])
        code, self._next = self._next, self._next + 1
        face = self.face
        face.charToGlyph[code] = glyph
        face.charWidths[code] = face.hmetrics[glyph][0] * self.units
        self.texts[code] = text
        key = self._keys[(glyph, text)] = chr(code)
        return key

    def addObjects(self, doc):
        """reportlab's TTFont.addObjects, with this font's ToUnicode map (see `to_unicode_cmap`)."""
        state = self._assignState(doc)
        state.frozen = 1
        for number, subset in enumerate(state.subsets):
            internal_name = self.getSubsetInternalName(number, doc)[1:]
            base_name = (b"".join((SUBSETN(number), b"+", self.face.name, self.face.subfontNameX))).decode("pdfdoc")
            font = pdfdoc.PDFTrueTypeFont()
            font.__Comment__ = f"Font {self.fontName} subset {number}"
            font.Name = internal_name
            font.BaseFont = base_name
            font.FirstChar = 0
            font.LastChar = len(subset) - 1
            font.Widths = pdfdoc.PDFArray(list(map(self.face.getCharWidth, subset)))
            cmap = pdfdoc.PDFStream()
            cmap.content = to_unicode_cmap(base_name, [self.texts.get(code, chr(code)) for code in subset])
            if doc.compression:
                cmap.filters = [pdfdoc.PDFZCompress]
            font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base_name)
            font.FontDescriptor = self.face.addSubsetObjects(doc, base_name, subset)
            doc.Reference(font, internal_name)
            doc.idToObject["BasicFonts"].dict[internal_name] = font
        del self.state[doc]


def to_unicode_cmap(name: str, texts: list[str]) -> str:
    """A ToUnicode CMap for one 8-bit subset: code i -> texts[i] in UTF-16BE, so characters beyond
    the BMP (surrogate pairs) and clusters of several characters map back whole; an empty text
    (the second glyph of a cluster) maps to nothing."""
    entries = [f"<{code:02X}> <{text.encode('utf-16-be').hex().upper()}>" for code, text in enumerate(texts)]
    blocks = []
    for start in range(0, len(entries), 100):  # at most 100 entries per block (PDF reference 5.9.2)
        chunk = entries[start : start + 100]
        blocks += [f"{len(chunk)} beginbfchar", *chunk, "endbfchar"]
    return "\n".join(
        [
            "/CIDInit /ProcSet findresource begin",
            "12 dict begin",
            "begincmap",
            f"/CIDSystemInfo << /Registry ({name}) /Ordering ({name}) /Supplement 0 >> def",
            f"/CMapName /{name} def",
            "/CMapType 2 def",
            "1 begincodespacerange",
            "<00> <FF>",
            "endcodespacerange",
            *blocks,
            "endcmap",
            "CMapName currentdict /CMap defineresource pop",
            "end",
            "end",
        ]
    )


@functools.lru_cache(maxsize=1)
def chains() -> dict[str, tuple[GlyphFont, ...]]:
    """{"regular": fonts, "bold": fonts}: the installed fonts of each chain, registered with reportlab."""
    loaded: dict[str, GlyphFont] = {}
    result = {}
    for weight, files in CHAINS.items():
        fonts = []
        for file in files:
            if file not in loaded:
                path = find(file)
                if path is None:
                    continue
                loaded[file] = GlyphFont(f"FE-{Path(file).stem}", str(path))
                pdfmetrics.registerFont(loaded[file])
                loaded[file].shaper  # noqa: B018  (made now, before a worker forks its work-horses)
            fonts.append(loaded[file])
        result[weight] = tuple(fonts)
    if missing():
        log.warning("PDF fonts missing: %s; run `formengine fonts` (docs/deploy.md)", ", ".join(missing()))
    return result


@functools.lru_cache(maxsize=1)
def font_names() -> tuple[str, str]:
    """(regular, bold): the first font of each chain, registered with reportlab as one family so that
    <b>/<i> paragraph markup (the docx renderer's) maps to it; Helvetica when no TrueType font is found."""
    fonts = chains()
    if not fonts["regular"] or not fonts["bold"]:
        return "Helvetica", "Helvetica-Bold"
    regular, bold = fonts["regular"][0].fontName, fonts["bold"][0].fontName
    italics = {}
    for weight, file in ITALIC.items():
        path = find(file)
        if path:
            italics[weight] = f"FE-{Path(file).stem}"
            pdfmetrics.registerFont(TTFont(italics[weight], str(path)))
    addMapping(regular, 0, 0, regular)
    addMapping(regular, 1, 0, bold)
    addMapping(regular, 0, 1, italics.get("regular", regular))
    addMapping(regular, 1, 1, italics.get("bold", bold))
    addMapping(bold, 0, 0, bold)
    addMapping(bold, 1, 0, bold)
    return regular, bold


def missing() -> list[str]:
    """Chain files not installed (for `formengine fonts` and the start-up log)."""
    return sorted({file for files in CHAINS.values() for file in files if find(file) is None})


def build_cjk(target_dir: Path = FONT_DIR) -> Path | None:
    """Convert Debian's Noto Sans CJK (OpenType/CFF collection) face CJK_FACE to TrueType outlines
    (cubic to quadratic curves, at most 1 unit of 1000 off) so that reportlab can embed it. Takes about
    a minute; does nothing when the result exists. None when the Noto CJK collection is not installed."""
    target = Path(target_dir) / CJK_FILE
    if target.is_file():
        return target
    source = find(CJK_SOURCE)
    if source is None:
        return None
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as OpenTypeFont
    from fontTools.ttLib import newTable

    font = OpenTypeFont(str(source), fontNumber=CJK_FACE)
    glyph_set = font.getGlyphSet()
    order = font.getGlyphOrder()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        glyph_set[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, glyphs
    font["glyf"], font["loca"] = glyf, newTable("loca")
    for tag in ("CFF ", "VORG"):
        if tag in font:
            del font[tag]
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.numGlyphs = len(order)
    for field in (
        "maxPoints maxContours maxCompositePoints maxCompositeContours maxTwilightPoints maxStorage "
        "maxFunctionDefs maxInstructionDefs maxStackElements maxSizeOfInstructions maxComponentElements "
        "maxComponentDepth"
    ).split():
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    font.save(str(partial))  # recalculates maxp and the bounding boxes
    partial.replace(target)
    return target
