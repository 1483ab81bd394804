"""Where application data meets the documents and PDF domains, which are built separately.

Each hook works whether or not the other domain exists yet:
- `document_answers(application_id)` -> {key: {file_name, file_size}} from
  `engine.documents.service.document_answers`, else {};
- `remove_documents(application_id, keys)` calls `engine.documents.service.remove_documents`;
- `document_download_url(application_id, key)` -> a short-lived link to the converted document, or None;
- `move_documents(session, application_id, moved, archived)` -> {key: archived document key}: a
  draft moving to another version of the form takes its documents along (renamed or archived);
- `record_application_pdf(session, application_id)` records `engine.pdf.jobs.render_application_pdf`
  in the caller's transaction (engine.outbox), so a submission never loses its PDF job.

Other domains act on a submission through the `submitting` signal, sent inside the submission's
transaction with the locked application (`session`, `application`): what a receiver writes commits
with the submission or not at all (the delivery domain records its deliveries so).
"""

import importlib

from blinker import Namespace
from flask import current_app

from engine import outbox

PDF_JOB = "engine.pdf.jobs.render_application_pdf"
submitting = Namespace().signal("application-submitting")


def _documents_service():
    try:
        return importlib.import_module("engine.documents.service")
    except ModuleNotFoundError as exc:
        if exc.name in {"engine.documents", "engine.documents.service"}:
            return None
        raise


def document_answers(application_id: int) -> dict:
    service = _documents_service()
    function = getattr(service, "document_answers", None)
    return dict(function(application_id)) if function else {}


def remove_documents(application_id: int, keys: list[str]) -> None:
    service = _documents_service()
    function = getattr(service, "remove_documents", None)
    if function and keys:
        function(application_id, keys)


def move_documents(session, application_id: int, moved: dict[str, str], archived: list[str]) -> dict[str, str]:
    function = getattr(_documents_service(), "move_documents", None)
    if function is None or not (moved or archived):
        return {}
    return function(session, application_id, moved, archived)


def document_download_url(application_id: int, key: str) -> str | None:
    function = getattr(_documents_service(), "download_url", None)
    return function(application_id, key) if function else None


def has_documents_domain() -> bool:
    return getattr(_documents_service(), "document_answers", None) is not None


def record_application_pdf(session, application_id: int) -> str:
    """Record the application PDF job in the submission's own transaction (engine.outbox): it is
    queued when the submission commits, or, Redis being down, as soon as Redis answers again."""
    config = current_app.config
    return outbox.record(
        session,
        PDF_JOB,
        application_id,
        queue=config.get("APPLICATION_PDF_QUEUE") or "application-pdfs",
        timeout=int(config.get("PDF_JOB_TIMEOUT") or 120),
    )
