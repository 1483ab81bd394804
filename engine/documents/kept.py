"""Files kept as they are (a question's `keep:` kinds): identified from the bytes, checked, never
converted. Pure: bytes in, a kind or `ConversionRefused` out.

An Office package is a zip: an .xlsx is told by its `[Content_Types].xml` and `xl/workbook.xml`,
an OpenDocument file by its `mimetype` entry. A package holding macros is refused whatever its
name says: a VBA project (`vbaProject.bin`, the `macroEnabled` content types of .xlsm/.xltm/.xlam),
Excel 4 macro sheets, or an OpenDocument's `Basic/` and `Scripts/` folders. Text kinds (.csv,
.txt) are UTF-8 (a BOM allowed) without control characters other than tab, line and page breaks;
which of the two it is follows the file's name, since the bytes cannot tell them apart.
"""

from __future__ import annotations

import io
import re
import zipfile

from engine.fieldtypes.file import KEEP_KINDS

MAX_ENTRIES = 5000
MAX_CONTENT_TYPES = 1024 * 1024  # [Content_Types].xml read to find a macro-enabled part, bytes
ODF_TYPES = {
    "application/vnd.oasis.opendocument.spreadsheet": "ods",
    "application/vnd.oasis.opendocument.text": "odt",
}
TEXT_KINDS = ("csv", "txt")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_MACRO_PARTS = re.compile(r"(^|/)(vbaProject\.bin|vbaProjectSignature\.bin|macrosheets/|Basic/|Scripts/)", re.I)


class Macros(Exception):
    """The package holds macros (the caller refuses it with the question's `macros` message)."""


def package_kind(data: bytes) -> str | None:
    """ "xlsx", "ods" or "odt" for an Office package, else None; Macros when it holds any."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()[: MAX_ENTRIES + 1]
            names = [info.filename for info in infos]
            if len(infos) > MAX_ENTRIES:
                return None
            kind = _kind_of(archive, set(names))
            if kind is None:
                return None
            if any(_MACRO_PARTS.search(name) for name in names) or _macro_enabled(archive, set(names)):
                raise Macros
            return kind
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, RuntimeError, NotImplementedError):
        return None


def _kind_of(archive: zipfile.ZipFile, names: set[str]) -> str | None:
    if "[Content_Types].xml" in names and "xl/workbook.xml" in names:
        return "xlsx"
    if "mimetype" in names and archive.getinfo("mimetype").file_size < 200:
        return ODF_TYPES.get(archive.read("mimetype").decode("ascii", "replace").strip())
    return None


def _macro_enabled(archive: zipfile.ZipFile, names: set[str]) -> bool:
    """An OOXML package whose content types declare a macro-enabled or VBA part."""
    if "[Content_Types].xml" not in names:
        return False
    info = archive.getinfo("[Content_Types].xml")
    if info.file_size > MAX_CONTENT_TYPES:
        return True  # no honest workbook needs a megabyte to list its parts: not taken
    text = archive.read(info).decode("utf-8", "replace").lower()
    return "macroenabled" in text or "vbaproject" in text or "ms-office.activex" in text


def text_kind(data: bytes, extension: str) -> str | None:
    """ "csv" or "txt" (after the name) for readable UTF-8 text, else None."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    if not text.strip() or _CONTROL.search(text):
        return None
    return extension if extension in TEXT_KINDS else "txt"


def content_type(kind: str | None) -> str:
    """The Content-Type a stored file is served with: a kept kind's own, else a PDF's."""
    return KEEP_KINDS.get(kind or "", "application/pdf")


def is_kept(kind: str | None) -> bool:
    return (kind or "") in KEEP_KINDS


def stored_name(file_name: str, kind: str | None) -> str:
    """The name a download gets: the applicant's for a kept file (its extension the kind's),
    the applicant's with .pdf for a converted one; quotes and separators left out."""
    stem = re.sub(r'["\\;/\x00-\x1f]', "", file_name or "").rsplit(".", 1)[0].strip() or "document"
    return f"{stem}.{kind if is_kept(kind) else 'pdf'}"
