"""The three export formats, each written as the records come (nothing holds the whole export).

- csv: one row per application; fixed columns, then an answer column per key in definition order
  (`--labels` adds a second header row with the questions' labels);
- json: a list of objects with reference, username, status, submitted_at, definition_version,
  language (BCP 47; null for a form in one language), answers (as stored, keyed as in the definition) and documents;
- zip: applications.csv, then per application a folder with its PDF and its converted documents.
"""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from engine.documents.kept import is_kept
from engine.documents.storage import storage_from_config
from engine.exports.columns import Column
from engine.pdf.jobs import MAX_DOCUMENT_BYTES, MAX_PDF_BYTES, application_pdf
from engine.workhorse import job_settings

FIXED = (
    ("reference", "Reference"),
    ("username", "E-mail"),
    ("status", "Status"),
    ("submitted_at", "Submitted (UTC)"),
    ("definition_version", "Definition version"),
    ("language", "Language"),
)
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def _csv_rows(columns: list[Column], records: Iterable, labels: bool) -> Iterator[list[str]]:
    yield [key for key, _ in FIXED] + [column.key for column in columns]
    if labels:
        yield [label for _, label in FIXED] + [_cell(column.label) for column in columns]
    for record in records:
        summary = record.summary()
        yield [_cell(summary[key]) for key, _ in FIXED] + [
            _cell(column.value(record.answers, record.documents)) for column in columns
        ]


# What a spreadsheet would run as a formula (CSV injection), by OWASP's rule: any text beginning with
# "=", "+", "-", "@", a tab or a carriage return, digits after it or not ("-2+3+cmd|..." runs too), is
# prefixed with "'" so it is read as text. A phone number typed "+1 555..." shows as '+1 555... in the
# file and as typed in the spreadsheet. A number stored as a number is a value, never a formula.
_FORMULA = re.compile(r"^[=+\-@\t\r]")


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    return "'" + text if _FORMULA.match(text) else text


def _counted(records: Iterable, progress: Callable[[int], None]) -> Iterator:
    for record in records:
        yield record
        progress(1)


class _Count:
    def __init__(self, progress: Callable[[int], None]):
        self.count = 0
        self.progress = progress

    def __call__(self, step: int) -> None:
        self.count += step
        self.progress(step)


def write_csv(path: Path, columns: list[Column], records: Iterable, progress, labels: bool = False) -> int:
    counter = _Count(progress)
    with open(path, "w", newline="", encoding="utf-8-sig") as out:  # the BOM: spreadsheets read UTF-8
        csv.writer(out).writerows(_csv_rows(columns, _counted(records, counter), labels))
    return counter.count


def write_json(path: Path, records: Iterable, progress) -> int:
    counter = _Count(progress)
    with open(path, "w", encoding="utf-8") as out:
        out.write("[")
        for number, record in enumerate(_counted(records, counter)):
            documents = {
                key: {"file_name": document["file_name"], "file_size": document["file_size"]}
                for key, document in record.documents.items()
            }
            item = {**record.summary(), "answers": record.answers, "documents": documents}
            out.write(("\n" if number == 0 else ",\n") + json.dumps(item, ensure_ascii=False))
        out.write("\n]\n" if counter.count else "]\n")
    return counter.count


def write_zip(path: Path, columns: list[Column], records: Callable[[], Iterable], progress, labels=False) -> int:
    """applications.csv first (one pass), then each application's files (a second pass)."""
    settings = job_settings()
    store = storage_from_config(settings)
    counter = _Count(progress)
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, allowZip64=True) as archive:
        with (
            archive.open("applications.csv", "w") as member,
            io.TextIOWrapper(member, encoding="utf-8-sig", newline="") as text,
        ):
            csv.writer(text).writerows(_csv_rows(columns, records(), labels))
        for record in _counted(records(), counter):
            folder = _folder(record)
            # A submitted application's stored PDF as it is; otherwise made as its job makes it.
            pdf = store.read(record.pdf_key, MAX_PDF_BYTES) if record.pdf_key else application_pdf(record.id)
            if pdf is not None:
                # PDFs hardly compress: stored as they are, which is far quicker.
                archive.writestr(f"{folder}/application.pdf", pdf, compress_type=zipfile.ZIP_STORED)
            for key, document in record.documents.items():
                if document.get("pdf_key"):
                    data = store.read(document["pdf_key"], MAX_DOCUMENT_BYTES)
                    # A kept file goes in as it was sent, with its own extension; a converted one as its PDF.
                    kind = document.get("file_type")
                    name = _safe(f"{key}-{Path(document['file_name']).stem}") + (
                        "." + kind if is_kept(kind) else ".pdf"
                    )
                    archive.writestr(f"{folder}/{name}", data, compress_type=zipfile.ZIP_STORED)
    return counter.count


def _folder(record) -> str:
    return record.reference or f"draft-{record.id}"


def _safe(name: str) -> str:
    return _UNSAFE_NAME.sub("_", name).strip("._")[:120] or "document"
