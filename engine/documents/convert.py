"""Uploaded bytes -> a clean PDF, or `ConversionRefused` with a message for the applicant.

Pure: bytes in, bytes out, no storage or database. The type is identified from the bytes
only (never the name or Content-Type); files that look like two types at once (polyglots)
are refused. Every parser runs with its own limits so a hostile file cannot exhaust memory.
"""

from __future__ import annotations

import codecs
import io
import re
import warnings
import zipfile
from collections.abc import Mapping

from engine.definition.catalogue import DEFAULT_TEXTS, fill
from engine.definition.files import extension, file_problems
from engine.documents import page_cost, pdf_budget
from engine.documents.kept import Macros, package_kind, text_kind
from engine.pdf.text import BREAK_ANYWHERE

MAX_IMAGE_PIXELS = 40_000_000  # our own cap (Pillow only warns at 89 M and errors at twice that)
MAX_IMAGE_SIDE = 2200  # larger images are scaled down before they go into the PDF
MAX_PDF_PAGES = 100
MAX_ZIP_ENTRIES = 500
MAX_ZIP_UNCOMPRESSED = 40 * 1024 * 1024  # whole docx, bytes
MAX_ZIP_RATIO = 200  # a single entry expanding more than this is a bomb
# The budget a document must fit before it is rendered, so no upload holds a worker for long
# (scripts/bench_hostile_documents.py measures the worst files: docs/benchmarks.md).
MAX_DOCX_XML = 12 * 1024 * 1024  # every XML part together, bytes
MAX_DOCX_IMAGES = 100  # pictures drawn (each reference counts, the same picture 90 times is 90)
MAX_DOCX_IMAGE_PIXELS = 100_000_000  # pixels decoded for all of them together (read from the headers)
# Laying text out costs about 0.01-0.03 s a page (engine/pdf/text.py's fallback and shaping), so a
# Word document is held to fewer pages than a PDF (whose pages are copied, not laid out): estimated
# from its XML before anything is laid out (text, paragraphs and runs), and counted while rendering.
MAX_DOCX_PAGES = 30
CHARACTERS_PER_PAGE = 3300  # 10.5 pt text across 6.5 inches, as laid out: about 95 characters x 35 lines
# Characters that count twice: CJK (about twice as wide as a Latin letter) and the scripts shaped by
# HarfBuzz (Arabic, Indic, emoji and what else lies beyond the Basic Multilingual Plane), which cost
# about four times as much to lay out as Latin, Greek, Cyrillic or Hebrew.
COUNTS_TWICE = re.compile(
    f"[{BREAK_ANYWHERE.pattern[1:-1]}\uac00-\ud7af\u0600-\u08ff\u0900-\u0dff\U00010000-\U0001ffff]"
)
LINES_PER_PAGE = 32  # a paragraph takes at least a line of 14 pt and 6 pt before it: 9 inches / 20 pt
MAX_DOCX_PARAGRAPHS = 3000  # table cells' included (a wide table puts many on a line)
MAX_DOCX_RUNS = 10_000  # stretches of text in one format (Word splits a paragraph into many)

# Each refusal is a text of the engine catalogue (engine/definition/texts.yaml): `document_refused_<refusal>`,
# its reason `document_reason_<reason>`. The served tenant's wording, in the applicant's language,
# travels with the job (`rules["texts"]`, engine/documents/service.py); the catalogue's is the default.
# The values the texts' {placeholders} are filled with.
LIMITS = {"megapixels": MAX_IMAGE_PIXELS // 1_000_000, "pages": MAX_PDF_PAGES}


class ConversionRefused(Exception):
    """Why an upload is refused: an applicant's message as written (the tenant's file rules), or a
    catalogue text (`refusal`: `document_refused_<refusal>`) with its values, worded when read (`message`), from
    the texts given to `word` (the tenant's) or else the catalogue's."""

    def __init__(self, message: str = "", refusal: str | None = None, **values):
        super().__init__(message or refusal)
        self._message, self.refusal, self.values = message, refusal, values
        self.texts: Mapping[str, str] = {}

    def word(self, texts: Mapping[str, str] | None) -> ConversionRefused:
        self.texts = texts or {}
        return self

    def _text(self, text_id: str) -> str:
        text = self.texts.get(text_id)
        return text if isinstance(text, str) else DEFAULT_TEXTS[text_id]

    @property
    def message(self) -> str:
        if self.refusal is None:
            return self._message
        values = {**LIMITS, **self.values}
        if "reason" in values:
            values["reason"] = fill(self._text(f"document_reason_{values['reason']}"), values)
        return fill(self._text(f"document_refused_{self.refusal}"), values)

    def __str__(self) -> str:
        return self.message


def refused(refusal: str, **values) -> ConversionRefused:
    return ConversionRefused(refusal=refusal, **values)


def _too_complex(kind: str, reason: str, **values) -> ConversionRefused:
    return refused(f"{kind}_too_complex", reason=reason, **values)


PNG = b"\x89PNG\r\n\x1a\n"
JPEG = b"\xff\xd8\xff"


def sniff(data: bytes) -> set[str]:
    """Every type the bytes could be read as: more than one means a polyglot."""
    kinds = set()
    if data.startswith(PNG):
        kinds.add("png")
    if data.startswith(JPEG):
        kinds.add("jpeg")
    if b"%PDF-" in data[:1024]:  # PDF readers accept the header anywhere in the first KB
        kinds.add("pdf")
    if data.startswith(b"PK\x03\x04") or _has_zip_directory(data):
        kinds.add("zip")
    return kinds


def _has_zip_directory(data: bytes) -> bool:
    tail = data[-(65536 + 22) :]
    return b"PK\x05\x06" in tail and zipfile.is_zipfile(io.BytesIO(data))


def identify(data: bytes) -> str | None:
    """ "png", "jpeg", "pdf", "docx"; None for anything else; ConversionRefused for polyglots."""
    kinds = sniff(data)
    if len(kinds) > 1:
        raise refused("polyglot")
    if not kinds:
        return None
    kind = kinds.pop()
    if kind == "pdf" and not data.startswith(b"%PDF-"):
        raise refused("polyglot")  # something else sits in front of the PDF
    if kind == "zip":
        return "docx" if _looks_like_docx(data) else None
    return kind


def _looks_like_docx(data: bytes) -> bool:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist()[: MAX_ZIP_ENTRIES + 1])
    except (zipfile.BadZipFile, ValueError, OSError):
        return False
    return "[Content_Types].xml" in names and "word/document.xml" in names


def _allowed(kind: str, types: list[str]) -> bool:
    if kind == "jpeg":
        return "jpeg" in types or "jpg" in types
    return kind in types


def check_and_convert(data: bytes, file_name: str, rules: dict, size: int | None = None) -> tuple[bytes, str]:
    """(pdf bytes, detected type) for an upload, after every file rule; ConversionRefused otherwise.
    A kind the question keeps (rules["keep"]) comes back as it is: (the upload's bytes, its kind)."""
    size = len(data) if size is None else size
    problems = file_problems(rules, file_name, size)
    if problems:
        raise ConversionRefused(" ".join(problems))
    try:
        kind = identify(data)
        kept = _kept_kind(data, kind, file_name, rules)
        if kept:
            return data, kept
        if kind is None or kind not in CONVERTERS or not _allowed(kind, rules["types"]):
            raise ConversionRefused(rules["messages"]["wrong_type"])
        return CONVERTERS[kind](data), kind
    except ConversionRefused as refusal:
        raise refusal.word(rules.get("texts")) from None


def _kept_kind(data: bytes, kind: str | None, file_name: str, rules: dict) -> str | None:
    """The kept kind the bytes are, when the question keeps it; a package with macros is refused
    (whatever its name), and a kept kind the question does not take is left to the wrong_type refusal."""
    keep = rules.get("keep") or []
    if not keep or kind is not None:
        return None
    try:
        found = package_kind(data) if "zip" in sniff(data) else text_kind(data, extension(file_name))
    except Macros:
        raise ConversionRefused(rules["messages"].get("macros") or rules["messages"]["wrong_type"]) from None
    return found if found in keep else None


# -- images ---------------------------------------------------------------------------------


def open_image(data: bytes):
    """A decoded Pillow image within our pixel cap, EXIF orientation applied, as RGB."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data))
            width, height = image.size
            if width * height > MAX_IMAGE_PIXELS or width < 1 or height < 1:
                raise refused("image_too_large")
            if image.format == "JPEG":
                image.draft("RGB", (MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))  # decode at a reduced scale
            image.load()
            image = ImageOps.exif_transpose(image)
            image.thumbnail((MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))
            return _flatten(image)
        except ConversionRefused:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise refused("image_too_large") from None
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError, MemoryError, Warning):
            raise refused("image_unreadable") from None


def _flatten(image):
    from PIL import Image

    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        background = Image.new("RGB", rgba.size, "white")
        background.paste(rgba, mask=rgba.getchannel("A"))
        return background
    return image.convert("RGB") if image.mode != "RGB" else image


def image_to_pdf(data: bytes) -> bytes:
    """One page, the image fitted to US Letter at no more than its natural size."""
    image = open_image(data)
    width, height = image.size
    # Resolution (pixels per inch) such that the image fits 8 x 10.5 inches, never below 72 dpi.
    resolution = max(72.0, width / 8.0, height / 10.5)
    out = io.BytesIO()
    image.save(out, "PDF", resolution=resolution, quality=88)
    return out.getvalue()


# -- PDF ------------------------------------------------------------------------------------


def normalise_pdf(data: bytes) -> bytes:
    """Rewrite the pages into a new document: no OpenAction, no JavaScript, no actions, no forms."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.errors import PyPdfError
    from pypdf.generic import NameObject

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise refused("pdf_encrypted")
        count = len(reader.pages)
        if count == 0:
            raise refused("pdf_unreadable")
        if count > MAX_PDF_PAGES:
            raise refused("pdf_too_many_pages")
        pdf_budget.check(reader)
        writer = PdfWriter()
        for page in reader.pages:
            page.mediabox  # noqa: B018 - touching it fails early on a page without a usable box
            for name in ("/AA", "/Annots"):  # page actions; annotations carry links and JavaScript
                if NameObject(name) in page:
                    del page[NameObject(name)]
            writer.add_page(page)
        out = io.BytesIO()
        writer.write(out)
        page_cost.check(out.getvalue())  # what is stored is what every reader draws
        return out.getvalue()
    except ConversionRefused:
        raise
    except pdf_budget.OverBudget as over:
        raise _too_complex("pdf", over.reason, **over.values) from None
    except page_cost.TooSlow as slow:
        if slow.page is None:
            raise _too_complex("pdf", "slow_pages") from None
        raise _too_complex("pdf", "slow_page", page=slow.page) from None
    except page_cost.Unreadable:
        raise refused("pdf_unreadable") from None
    except (
        PyPdfError,
        ValueError,
        TypeError,
        KeyError,
        AttributeError,
        IndexError,
        OSError,
        RecursionError,
        AssertionError,
        NotImplementedError,
        ZeroDivisionError,
    ):
        raise refused("pdf_unreadable") from None


def pdf_has_active_content(data: bytes) -> bool:
    """True when a PDF has an OpenAction, document JavaScript, page actions or annotations."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    root = reader.trailer["/Root"]
    if "/OpenAction" in root or "/AA" in root or "/AcroForm" in root:
        return True
    if "/Names" in root and "/JavaScript" in root["/Names"]:
        return True
    return any("/AA" in page or "/Annots" in page for page in reader.pages) or b"/JavaScript" in data


# -- docx -----------------------------------------------------------------------------------

DOCTYPE = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_DECLARED = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
# An XML part's encoding from its first bytes, as an XML parser finds it (BOM, then the shape of "<?").
_SIGNATURES = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
    (b"<\0\0\0", "utf-32-le"),
    (b"\0\0\0<", "utf-32-be"),
    (b"<\0", "utf-16-le"),
    (b"\0<", "utf-16-be"),
)


def _xml_encoding(head: bytes) -> str:
    for signature, name in _SIGNATURES:
        if head.startswith(signature):
            return name
    declared = _DECLARED.match(head)
    return declared.group(1).decode("ascii").lower() if declared else "utf-8"


def check_docx_archive(data: bytes) -> None:
    """Refuse zip bombs (entry count, uncompressed size, ratio), XML over its budget and any DTD or
    entity in whatever encoding the part is written, reading each entry with a hard cap rather than
    trusting the sizes the archive declares."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError):
        raise refused("docx_unreadable") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_ZIP_ENTRIES:
            raise refused("docx_too_large")
        total = xml = 0
        for info in infos:
            if (
                info.file_size > MAX_ZIP_UNCOMPRESSED
                or info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1) + 65536
            ):
                raise refused("docx_too_large")
            is_xml = info.filename.lower().endswith((".xml", ".rels"))
            size = _read_capped(archive, info, MAX_ZIP_UNCOMPRESSED - total, check_xml=is_xml)
            total += size
            if total > MAX_ZIP_UNCOMPRESSED:
                raise refused("docx_too_large")
            if is_xml:
                xml += size
                if xml > MAX_DOCX_XML:
                    raise _too_complex("docx", "markup", megabytes=MAX_DOCX_XML // 2**20)


def _read_capped(archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int, check_xml: bool) -> int:
    read = 0
    tail = ""
    decoder = None
    try:
        with archive.open(info) as entry:
            while True:
                chunk = entry.read(65536)
                if not chunk:
                    if decoder is not None and DOCTYPE.search(tail + decoder.decode(b"", final=True)):
                        raise refused("docx_entities")
                    return read
                read += len(chunk)
                if read > budget:
                    raise refused("docx_too_large")
                if check_xml:
                    if decoder is None:
                        # Decoded, not searched as bytes: "<!DOCTYPE" in UTF-16 has a NUL between letters.
                        decoder = codecs.getincrementaldecoder(_xml_encoding(chunk[:256]))(errors="replace")
                    window = tail + decoder.decode(chunk)
                    if DOCTYPE.search(window):
                        raise refused("docx_entities")
                    tail = window[-16:]
    except ConversionRefused:
        raise
    except LookupError:  # an encoding Python does not know: no parser of ours could read it either
        raise refused("docx_unreadable") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError, ValueError, EOFError, RuntimeError):
        raise refused("docx_unreadable") from None


def image_pixels(blob: bytes) -> int:
    """The pixels `open_image` would decode for a picture, read from its header alone (a JPEG is
    decoded at a reduced scale); 0 for what is no picture (the renderer skips it)."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            image = Image.open(io.BytesIO(blob))
            if image.format == "JPEG":
                image.draft("RGB", (MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))
            width, height = image.size
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError):
        return 0
    return width * height


def check_docx_budget(blobs: list[bytes], measures) -> None:
    """A parsed document within the budget before anything is decoded or laid out: its text (as
    pages), paragraphs and runs (docx_render.Measures), the pictures it draws (one blob per drawing)
    and their pixels."""
    characters = len(measures.text) + len(COUNTS_TWICE.findall(measures.text))
    if max(characters / CHARACTERS_PER_PAGE, measures.lines / LINES_PER_PAGE) > MAX_DOCX_PAGES:
        raise _too_complex("docx", "pages", pages=MAX_DOCX_PAGES)
    if measures.paragraphs > MAX_DOCX_PARAGRAPHS:
        raise _too_complex("docx", "paragraphs", count=MAX_DOCX_PARAGRAPHS)
    if measures.runs > MAX_DOCX_RUNS:
        raise _too_complex("docx", "runs", count=MAX_DOCX_RUNS)
    if len(blobs) > MAX_DOCX_IMAGES:
        raise _too_complex("docx", "pictures", count=MAX_DOCX_IMAGES)
    pixels = {id(blob): image_pixels(blob) for blob in {id(blob): blob for blob in blobs}.values()}
    if any(count > MAX_IMAGE_PIXELS for count in pixels.values()):
        raise refused("image_too_large")
    if sum(pixels[id(blob)] for blob in blobs) > MAX_DOCX_IMAGE_PIXELS:
        megapixels = MAX_DOCX_IMAGE_PIXELS // 1_000_000
        raise _too_complex("docx", "pixels_together", megapixels=megapixels)


def docx_to_pdf(data: bytes) -> bytes:
    from engine.documents.docx_render import TooManyPages, render_docx

    check_docx_archive(data)
    try:
        return render_docx(data, open_image, check_docx_budget, MAX_DOCX_PAGES)
    except ConversionRefused:
        raise
    except TooManyPages:
        raise _too_complex("docx", "pages", pages=MAX_DOCX_PAGES) from None
    except Exception as exc:  # python-docx/lxml raise many types for malformed packages
        if isinstance(exc, MemoryError | RecursionError):
            raise refused("docx_too_large") from None
        if _is_timeout(exc):
            raise
        raise refused("docx_unreadable") from exc


def _is_timeout(exc: BaseException) -> bool:
    """RQ's time limit, raised inside whatever the job was doing: the job reports it as such."""
    return type(exc).__name__ == "JobTimeoutException"


CONVERTERS = {"png": image_to_pdf, "jpeg": image_to_pdf, "pdf": normalise_pdf, "docx": docx_to_pdf}
