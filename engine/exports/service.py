"""Exports of applications: `formengine export --format csv|json|zip --output FILE [--since DATE]
[--status submitted|all] [--labels]`.

Streamed: applications are read in batches by id (keyset, so every batch is one indexed query and
the memory held is one batch, whatever the count), written as they come to a temporary file beside
the output, which replaces the output only when complete: a failed export leaves nothing half-written.

Needs no request: given a session and the current form (`Source`), a worker job runs it as the
command line does (engine.downloads.jobs); without one, the app context's session and served form.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from flask import current_app
from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.orm import Session

from engine import db
from engine.applications.models import Application
from engine.applications.service import iso_utc
from engine.documents.models import ApplicationPdf, ConversionStatus, DocumentConversion
from engine.exports import columns as columns_module
from engine.exports import writers
from engine.staff import records

FORMATS = ("csv", "json", "zip")
STATUSES = ("submitted", "all")
BATCH = 500


@dataclass(frozen=True)
class ExportRequest:
    format: str
    output: Path
    status: str = "submitted"
    since: dt.datetime | None = None
    labels: bool = False


@dataclass(frozen=True)
class Source:
    """Where an export reads: a database session, and how a definition version's compiled form is
    found (by id; None when unknown). Without one: the app context's session and served versions."""

    session: Session
    load_version: Callable[[str], dict | None]


def app_source() -> Source:
    from engine import versions

    def load(version_id: str) -> dict | None:
        try:
            return versions.get(version_id).data
        except KeyError:
            return None

    return Source(db.session(), load)


def job_source(session) -> Source:
    """A plain session's source (a worker job): versions read from the database."""
    from engine.versions import load

    def load_version(version_id: str) -> dict | None:
        found = load(session, version_id)
        return found.data if found is not None else None

    return Source(session, load_version)


@dataclass
class Record:
    """One application as exported."""

    id: int
    reference: str | None
    username: str
    status: str
    submitted_at: str | None
    updated_at: str | None
    definition_version: str | None
    answers: dict
    language: str | None = None  # submitted in (a draft: its account's); None for a form in one language
    documents: dict = field(default_factory=dict)  # key -> {file_name, file_size, pdf_key, file_type}
    pdf_key: str | None = None  # a submitted application's stored PDF

    def summary(self) -> dict:
        return {
            "reference": self.reference,
            "username": self.username,
            "status": self.status,
            "submitted_at": self.submitted_at,
            "definition_version": self.definition_version,
            "language": self.language,
        }


def _where(request: ExportRequest):
    conditions: list[ColumnElement[bool]] = []
    if request.status == "submitted":
        conditions.append(Application.submitted_at.is_not(None))
    if request.since is not None:
        # A submission from that moment on; with --status all, a draft changed from it on.
        conditions.append(func.coalesce(Application.submitted_at, Application.updated_at) >= request.since)
    return and_(*conditions) if conditions else None


def count(request: ExportRequest, source: Source | None = None) -> int:
    session = (source or app_source()).session
    statement = select(func.count(Application.id))
    where = _where(request)
    return session.scalar(statement.where(where) if where is not None else statement) or 0


def records_of(request: ExportRequest, batch: int = BATCH, source: Source | None = None) -> Iterator[Record]:
    """Every application the request selects, oldest id first, read `batch` at a time."""
    session = (source or app_source()).session
    where = _where(request)
    last_id = 0
    while True:
        statement = records.rows_statement(Application.id > last_id, where).order_by(Application.id).limit(batch)
        rows = session.execute(statement).all()
        if not rows:
            return
        ids = [row.id for row in rows]
        documents, pdfs = _documents(session, ids), _stored_pdfs(session, ids)
        for row in rows:
            yield Record(
                id=row.id,
                reference=row.reference,
                username=row.username,
                status=row.status,
                submitted_at=iso_utc(row.submitted_at),
                updated_at=iso_utc(row.updated_at),
                definition_version=row.version,
                answers=dict(row.answers or {}),
                language=row.language,
                documents=documents.get(row.id, {}),
                pdf_key=pdfs.get(row.id) if row.submitted_at is not None else None,
            )
        last_id = rows[-1].id
        session.rollback()  # a batch at a time: no snapshot or objects held across batches


def _documents(session, application_ids: list[int]) -> dict[int, dict]:
    found: dict[int, dict] = {}
    statement = select(
        DocumentConversion.application_id,
        DocumentConversion.answer_key,
        DocumentConversion.file_name,
        DocumentConversion.file_size,
        DocumentConversion.pdf_key,
        DocumentConversion.file_type,
    ).where(
        DocumentConversion.application_id.in_(application_ids),
        DocumentConversion.status == ConversionStatus.COMPLETED.value,
    )
    for row in session.execute(statement):
        found.setdefault(row.application_id, {})[row.answer_key] = {
            "file_name": row.file_name,
            "file_size": row.file_size or 0,
            "pdf_key": row.pdf_key,
            "file_type": row.file_type,
        }
    return found


def _stored_pdfs(session, application_ids: list[int]) -> dict[int, str]:
    statement = select(ApplicationPdf.application_id, ApplicationPdf.pdf_key).where(
        ApplicationPdf.application_id.in_(application_ids),
        ApplicationPdf.status == ConversionStatus.COMPLETED.value,
        ApplicationPdf.pdf_key.is_not(None),
    )
    return {row.application_id: row.pdf_key for row in session.execute(statement)}


def export_columns(
    request: ExportRequest, current_form: dict, source: Source | None = None
) -> list[columns_module.Column]:
    """The union of the columns of every version the selected applications are on."""
    source = source or app_source()
    statement = select(records.version_column()).distinct()
    where = _where(request)
    versions = set(source.session.scalars(statement.where(where) if where is not None else statement))
    return columns_module.union(records.forms_for_versions(current_form, versions, source.load_version))


def export(
    request: ExportRequest,
    current_form: dict,
    progress: Callable[[int], None] = lambda n: None,
    source: Source | None = None,
) -> int:
    """Write the export; returns how many applications it holds. `source`: see `Source`."""
    source = source or app_source()
    request.output.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{request.output.name}.", dir=request.output.parent)
    os.close(handle)
    try:
        written = _write(request, current_form, Path(temporary), progress, source)
        os.replace(temporary, request.output)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return written


def _write(request: ExportRequest, current_form: dict, path: Path, progress, source: Source) -> int:
    if request.format == "json":
        return writers.write_json(path, records_of(request, source=source), progress)
    columns = export_columns(request, current_form, source)
    if request.format == "csv":
        return writers.write_csv(path, columns, records_of(request, source=source), progress, labels=request.labels)
    return writers.write_zip(path, columns, lambda: records_of(request, source=source), progress, labels=request.labels)


def current_form() -> dict:
    return current_app.extensions["tenant"].current().data
