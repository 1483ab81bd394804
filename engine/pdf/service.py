"""The application PDF: when to (re)render it, its status, and the job's work.

`GET /api/pdf` asks for `pdf_status(application_id)`: a PDF rendered from exactly the current
answers, counts, tabs, documents and form is served by a short-lived signed URL; otherwise a
render job is queued (once) and polled. A render whose worker died is retried once, then failed.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable

from flask import current_app
from sqlalchemy.orm import Session

from engine import db, outbox, versions
from engine.accounts.models import utcnow
from engine.documents import messages
from engine.documents.models import PENDING, ApplicationPdf, ConversionStatus
from engine.documents.storage import storage_from_config
from engine.pdf.records import completed_conversions, fingerprint, frozen, pdf_row

RENDER_JOB = "engine.pdf.jobs.render_application_pdf"
MAX_ATTEMPTS = 2
DOWNLOAD_NAME = "application.pdf"

log = logging.getLogger(__name__)


def _application(session: Session, application_id: int):
    from engine.applications.models import Application

    return session.get(Application, application_id)


def _body(status: str, url: str = "", message: str = "") -> dict:
    return {"status": status, "url": url, "message": message}


def pdf_status(application_id: int, before_render: Callable[[], None] | None = None) -> dict:
    """The PDF's status; queues a render when there is none of the current answers, calling
    `before_render` first (the applicant's route counts it against the abuse limits)."""
    settings = current_app.config
    session = db.session()
    application = _application(session, application_id)
    version_id, _ = versions.of(application)  # the PDF shows the version the application is on
    wanted = fingerprint(application, completed_conversions(session, application_id), version_id)
    row = pdf_row(session, application_id)
    if row is not None and (row.fingerprint == wanted or frozen(application, row)):
        if row.status == ConversionStatus.COMPLETED.value and row.pdf_key:
            expires = int(settings.get("DOWNLOAD_URL_EXPIRES_S") or 60)
            url = storage_from_config(settings).download_url(row.pdf_key, expires, DOWNLOAD_NAME)
            return _body(row.status, url, messages.PDF_READY)
        if row.status in PENDING:
            row = _reconcile(session, row, settings)
            return _body(row.status, "", row.message or "")
        if row.status == ConversionStatus.FAILED.value:
            # Report the failure once; asking again renders again.
            with db.transaction():
                current = pdf_row(session, application_id, lock=True)
                assert current is not None  # the row was read above
                current.fingerprint = None
            return _body(row.status, "", row.message or messages.PDF_RENDER_ERROR)
    if before_render is not None:
        before_render()
    return _body(*_request_render(session, application_id, wanted, settings))


def _request_render(session: Session, application_id: int, wanted: str, settings: dict) -> tuple[str, str, str]:
    with db.transaction():
        row = pdf_row(session, application_id, lock=True)
        if row is None:
            row = ApplicationPdf(application_id=application_id, attempts=0)
            session.add(row)
        elif row.fingerprint == wanted and row.status in PENDING:
            return row.status, "", ""
        row.status = ConversionStatus.UNPROCESSED.value
        row.message = None
        row.fingerprint = wanted
        row.attempts = 0
        row.requested_at = utcnow()
        session.flush()
        _record_job(session, row, settings)
    return row.status, "", row.message or ""


def _record_job(session: Session, row: ApplicationPdf, settings: dict) -> None:
    """Record the render job in the caller's transaction (engine.outbox: queued when it commits,
    or when Redis is back); the row names the one job that may write it."""
    row.job_id = outbox.record(
        session,
        settings.get("PDF_RENDER_JOB") or RENDER_JOB,
        row.application_id,
        queue=settings.get("APPLICATION_PDF_QUEUE") or "application-pdfs",
        timeout=int(settings.get("PDF_JOB_TIMEOUT") or 120),
    )
    row.attempts = (row.attempts or 0) + 1
    row.deadline_at = utcnow() + dt.timedelta(seconds=int(settings.get("DOCUMENT_QUEUE_WAIT_S") or 600))


def _reconcile(session: Session, row: ApplicationPdf, settings: dict) -> ApplicationPdf:
    """A render whose job is gone, failed without writing the row or outlived its deadline is
    queued once more, then failed with a message."""
    state, due = outbox.job_state(session, row.job_id, int(settings["DOCUMENT_JOB_GRACE_S"]))
    if state == "unknown" or not outbox.is_dead(state, due, row.deadline_at):
        return row
    with db.transaction():
        current = pdf_row(session, row.application_id, lock=True)
        assert current is not None  # the row was read above
        if current.status not in PENDING or current.job_id != row.job_id:
            return current
        if current.attempts >= MAX_ATTEMPTS:
            current.status = ConversionStatus.FAILED.value
            current.message = messages.PDF_ABANDONED
            current.finished_at = utcnow()
            return current
        current.status = ConversionStatus.UNPROCESSED.value
        _record_job(session, current, settings)
    return current
