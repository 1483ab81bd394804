"""Where application data meets the documents and PDF domains, which are built separately.

Each hook works whether or not the other domain exists yet:
- `document_answers(application_id)` -> {key: {file_name, file_size}} from
  `engine.documents.service.document_answers`, else {};
- `remove_documents(application_id, keys)` calls `engine.documents.service.remove_documents`;
- `document_download_url(application_id, key)` -> a short-lived link to the converted document, or None;
- `enqueue_application_pdf(application_id)` queues `engine.pdf.jobs.render_application_pdf`
  by its dotted path and logs (never raises) when no queue is reachable.
"""

import importlib
import logging

from flask import current_app
from redis.exceptions import RedisError

from engine import jobs

PDF_JOB = "engine.pdf.jobs.render_application_pdf"
PDF_JOB_TIMEOUT = 300  # seconds

log = logging.getLogger(__name__)


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


def document_download_url(application_id: int, key: str) -> str | None:
    function = getattr(_documents_service(), "download_url", None)
    return function(application_id, key) if function else None


def has_documents_domain() -> bool:
    return getattr(_documents_service(), "document_answers", None) is not None


def enqueue_application_pdf(application_id: int):
    """The job, or None when it could not be queued (the PDF endpoint queues it again on demand)."""
    queue = current_app.config.get("APPLICATION_PDF_QUEUE") or "default"
    try:
        try:
            return jobs.enqueue(PDF_JOB, application_id, job_timeout=PDF_JOB_TIMEOUT, queue=queue)
        except jobs.UnknownJob:
            # The PDF domain may not be installed in this process yet; a worker that has it runs the job.
            log.warning("%s is not importable here; queueing it by name for application %s", PDF_JOB, application_id)
            return jobs.get_queue(queue).enqueue_call(
                PDF_JOB,
                args=(application_id,),
                timeout=PDF_JOB_TIMEOUT,
                result_ttl=jobs.RESULT_TTL,
                failure_ttl=jobs.FAILURE_TTL,
            )
    except jobs.QueueUnavailable as exc:
        log.error("application %s was submitted but its PDF was not queued: %s", application_id, exc)
    except RedisError as exc:
        log.error("application %s was submitted but its PDF was not queued (Redis error): %s", application_id, exc)
    return None
