"""Where application data meets the documents and PDF domains, which sit above this one.

The documents domain registers its side when the app starts (`register_documents`, called by
`engine.documents.setup.init_app`), so this module never imports it. Until then each hook works
as if there were no documents:
- `document_answers(application_id)` -> {key: {file_name, file_size}}, else {};
- `remove_documents(application_id, keys)` removes those answers, conversions and files;
- `document_download_url(application_id, key)` -> a short-lived link to the converted document, or None;
- `move_documents(session, application_id, moved, archived)` -> {key: archived document key}: a
  draft moving to another version of the form takes its documents along (renamed or archived);
- `record_application_pdf(session, application_id)` records `engine.pdf.jobs.render_application_pdf`
  in the caller's transaction (engine.outbox), so a submission never loses its PDF job.

Other domains act on a submission through the `submitting` signal, sent inside the submission's
transaction with the locked application (`session`, `application`): what a receiver writes commits
with the submission or not at all (the delivery domain records its deliveries so).
"""

from collections.abc import Callable

from blinker import Namespace
from flask import current_app

from engine import outbox

PDF_JOB = "engine.pdf.jobs.render_application_pdf"
submitting = Namespace().signal("application-submitting")


_documents: dict[str, Callable] = {}  # the documents domain's functions, by hook name
DOCUMENT_HOOKS = ("document_answers", "remove_documents", "move_documents", "download_url")


def register_documents(**functions: Callable) -> None:
    """The documents domain's side of these hooks (each of DOCUMENT_HOOKS, by name)."""
    unknown = set(functions) - set(DOCUMENT_HOOKS)
    if unknown:
        raise TypeError(f"not a documents hook: {sorted(unknown)}")
    _documents.update(functions)


def document_answers(application_id: int) -> dict:
    function = _documents.get("document_answers")
    return dict(function(application_id)) if function else {}


def remove_documents(application_id: int, keys: list[str]) -> None:
    function = _documents.get("remove_documents")
    if function and keys:
        function(application_id, keys)


def move_documents(session, application_id: int, moved: dict[str, str], archived: list[str]) -> dict[str, str]:
    function = _documents.get("move_documents")
    if function is None or not (moved or archived):
        return {}
    return function(session, application_id, moved, archived)


def document_download_url(application_id: int, key: str) -> str | None:
    function = _documents.get("download_url")
    return function(application_id, key) if function else None


def has_documents_domain() -> bool:
    return "document_answers" in _documents


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
