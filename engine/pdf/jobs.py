"""The application PDF job: a thin shell over `render.render_application` (which appends the documents).

Queued by `GET /api/pdf` and, at submission, by the applications domain (with only the id).
The job renders the application as it is when the job runs, from the definition version the
application is on (read from the database, never from the tenant folder: a broken edit on disk
never reaches a job), and records the fingerprint of exactly that content, so the status endpoint
can tell whether the PDF is still current. A submitted application's PDF made at submission is
its record: never rendered again nor deleted.
"""

from __future__ import annotations

import datetime as dt
import logging

from engine.accounts.models import utcnow
from engine.applications.models import Application
from engine.documents import messages
from engine.documents.kept import is_kept
from engine.documents.models import PENDING, ApplicationPdf, ConversionStatus
from engine.documents.storage import delete_quietly, new_key, storage_from_config
from engine.pdf.header import Record
from engine.pdf.records import completed_conversions, fingerprint, frozen, pdf_row
from engine.pdf.render import render_application
from engine.versions import for_application
from engine.workhorse import current_job_id, job_session, job_settings, limit_memory

MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
MAX_PDF_BYTES = 256 * 1024 * 1024  # an application PDF with every document appended
log = logging.getLogger(__name__)


def render_application_pdf(application_id: int) -> str:
    settings = job_settings()
    limit_memory(settings)
    job_id = current_job_id()
    timeout = int(settings.get("PDF_JOB_TIMEOUT") or 120)
    store = storage_from_config(settings)
    with job_session(settings) as session:
        application = session.get(Application, application_id)
        if application is None:
            return "gone"
        stored = for_application(session, application)
        compiled = stored.in_language(application.language)  # the language it was submitted in
        conversions = completed_conversions(session, application_id)
        wanted = fingerprint(application, conversions, compiled.etag)
        row = pdf_row(session, application_id, lock=True)
        if frozen(application, row):
            return "current"
        if row is None:
            row = ApplicationPdf(application_id=application_id, attempts=1)
            session.add(row)
        elif row.fingerprint == wanted and row.status == ConversionStatus.COMPLETED.value and row.pdf_key:
            return "current"
        row.status = ConversionStatus.IN_PROGRESS.value
        row.fingerprint = wanted
        row.job_id = job_id
        row.started_at = utcnow()
        row.deadline_at = row.started_at + dt.timedelta(seconds=timeout + 15)
        session.commit()
        parts = _parts(session, application, stored.etag, compiled, conversions)

    pdf_key = None
    try:
        pdf = _render(store, compiled, parts)
        pdf_key = new_key(f"applications/{application_id}", ".pdf")
        store.write(pdf_key, pdf)
        outcome = (ConversionStatus.COMPLETED.value, None)
    except Exception:
        log.exception("application PDF %s failed", application_id)
        outcome = (ConversionStatus.FAILED.value, messages.PDF_RENDER_ERROR)

    return _record_outcome(settings, store, application_id, job_id, pdf_key, outcome)


def _parts(session, application, version_id: str, compiled, conversions) -> dict:
    """What the PDF shows of the application, read inside the job's session."""
    from engine.accounts.models import Account

    account = session.get(Account, application.account_id)
    inputs = (dict(application.answers or {}), dict(application.add_another or {}), dict(application.tabs or {}))
    documents = {
        c.answer_key: {"file_name": c.file_name, "file_size": c.file_size or 0, "kept": is_kept(c.file_type)}
        for c in conversions
    }
    # A document whose question is hidden is neither listed nor appended; a kept file is listed only.
    _, shown = compiled.visibility.visible_record(inputs[0], documents, inputs[1], inputs[2])
    record = Record(
        reference=application.reference or "",
        submitted_at=application.submitted_at,
        version=version_id,
        email=account.username if account else "",
        language=application.language or "",
    )
    attached = [c.pdf_key for c in conversions if c.pdf_key and c.answer_key in shown and not is_kept(c.file_type)]
    return {"inputs": inputs, "documents": documents, "attached": attached, "record": record}


def _render(store, compiled, parts: dict) -> bytes:
    answers, add_another, tabs = parts["inputs"]
    appended = [store.read(key, MAX_DOCUMENT_BYTES) for key in parts["attached"]]
    return render_application(
        compiled.data, answers, parts["documents"], add_another, tabs, record=parts["record"], appended=appended
    )


def default_language_pdf(application_id: int, beside: str | None = None) -> tuple[str, bytes] | None:
    """(the form's default language, the application PDF in it) when the application was
    submitted in another language; else None. Not the record: the copy staff read in the
    institution's language beside the record, which stays in the applicant's.

    With `beside`, the key of the application PDF it goes with, the copy is rendered once and kept
    next to it (`copy_key`), so every delivery of the submission, and every retry, reads the same
    file; like any file no row names, the cleanup removes it after its grace period (a later try
    renders it again). Without, it is rendered now and not kept."""
    settings = job_settings()
    store = storage_from_config(settings)
    with job_session(settings) as session:
        application = session.get(Application, application_id)
        if application is None or not application.language:
            return None
        stored = for_application(session, application)
        languages = stored.data.get("languages") or []
        if not languages or application.language == languages[0]:
            return None
        key = copy_key(beside, languages[0]) if beside else None
        if key is not None and store.size(key):
            return languages[0], store.read(key, MAX_PDF_BYTES)
        compiled = stored.in_language(languages[0])
        parts = _parts(session, application, stored.etag, compiled, completed_conversions(session, application_id))
    pdf = _render(store, compiled, parts)
    if key is not None:
        store.write(key, pdf)
    return languages[0], pdf


def copy_key(pdf_key: str, language: str) -> str:
    """Where the copy in `language` of the application PDF `pdf_key` is kept ("….pdf" -> "…-en.pdf")."""
    return f"{pdf_key.removesuffix('.pdf')}-{language}.pdf"


def _record_outcome(
    settings: dict, store, application_id: int, job_id: str | None, pdf_key: str | None, outcome: tuple
) -> str:
    """Store the outcome on the row unless another job took it over meanwhile (then: "stale")."""
    with job_session(settings) as session:
        row = pdf_row(session, application_id, lock=True)
        if row is None or row.job_id != job_id or row.status not in PENDING:
            delete_quietly(store, [pdf_key])
            return "stale"
        old_key = row.pdf_key
        row.status, row.message = outcome
        row.finished_at = utcnow()
        if pdf_key:
            row.pdf_key = pdf_key
        session.commit()
    if old_key and pdf_key and old_key != pdf_key:
        delete_quietly(store, [old_key])
    return outcome[0]


def application_pdf(application_id: int) -> bytes | None:
    """The application PDF's bytes for exports and delivery, with the settings of the environment
    as the job has them: a submitted application's stored PDF as it is; otherwise (none yet, or a
    draft's out of date) rendered now the way the job renders it. None when the application is
    gone or cannot be rendered."""
    settings = job_settings()
    store = storage_from_config(settings)
    with job_session(settings) as session:
        application = session.get(Application, application_id)
        if application is None:
            return None
        row = pdf_row(session, application_id)
        stored = row is not None and row.status == ConversionStatus.COMPLETED.value and row.pdf_key
        if stored and application.submitted_at is not None:
            return store.read(row.pdf_key, MAX_PDF_BYTES)
    if render_application_pdf(application_id) not in {ConversionStatus.COMPLETED.value, "current"}:
        return None
    with job_session(settings) as session:
        row = pdf_row(session, application_id)
        return store.read(row.pdf_key, MAX_PDF_BYTES) if row is not None and row.pdf_key else None
