"""Document answers: presigned uploads, conversion requests and their status, deletion.

Request-side functions use the request's session (`engine.db`); the parts the worker also
needs take a Session and a config dict, so they run without Flask.

For the applications domain:
- `document_answers(application_id)` -> {key: {file_name, file_size}} (completed conversions);
- `remove_documents(application_id, keys)` removes those answers, conversions and files;
- `download_url(application_id, key)` -> a short-lived link to one converted document (or None);
- `move_documents(session, application_id, moved, archived)` when a draft moves to another version
  of the form: documents follow renamed answers, and archived ones are kept under ARCHIVED + key.
"""

from __future__ import annotations

import datetime as dt
import logging
import re

from flask import current_app
from rq.job import JobStatus
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from engine import db, outbox
from engine.accounts.models import utcnow
from engine.documents import messages
from engine.documents.kept import content_type, is_kept, stored_name
from engine.documents.marker import set_answer
from engine.documents.models import PENDING, ConversionStatus, DocumentConversion
from engine.documents.storage import (
    Storage,
    StorageError,
    delete_quietly,
    new_key,
    storage_from_config,
    valid_key,
)
from engine.errors import AppError
from engine.fieldtypes.registry import holds_document

CONVERT_JOB = "engine.documents.jobs.convert_document"
MAX_ATTEMPTS = 2  # a job whose worker died is run once more, then reported failed
# An archived document's answer key: its question's key behind a prefix no answer key can start with
# (answer keys are lower-case letters, digits and _), so it is never taken for an answer again.
ARCHIVED = "archived."
FILE_NAME_LIMIT = 255  # stored; the tenant's own limit (32) is checked by the worker with its message
SAFE_NAME = re.compile(r"[\x00-\x1f\x7f/\\]")

log = logging.getLogger(__name__)


# --- the definition's file-upload keys ---------------------------------------------------

_RULES_CACHE: dict[str, dict[str, dict]] = {}


def _collect_file_rules(compiled) -> dict[str, dict]:
    rules: dict[str, dict] = {}

    def walk(node):
        if isinstance(node, dict):
            if holds_document(node.get("type")) and isinstance(node.get("file"), dict) and "key" in node:
                rules[node["key"]] = node["file"]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(compiled.data["pages"])
    return {key: rule for key, rule in rules.items() if holds_document(compiled.data_model.get(key, {}).get("field"))}


def file_rules(compiled) -> dict[str, dict]:
    """{answer key: file rules} for every file-upload key of the definition."""
    found = _RULES_CACHE.get(compiled.etag)
    if found is None:
        if len(_RULES_CACHE) > 8:
            _RULES_CACHE.clear()
        found = _RULES_CACHE[compiled.etag] = _collect_file_rules(compiled)
    return found


def rules_for(compiled, answer_key: str) -> dict:
    rules = file_rules(compiled).get(answer_key)
    if rules is None:
        raise AppError(messages.NOT_A_FILE_KEY, 404)
    return rules


# --- settings and plumbing --------------------------------------------------------------


def config() -> dict:
    return current_app.config


def storage(settings: dict | None = None) -> Storage:
    return storage_from_config(settings or config())


def compiled_form():
    return current_app.extensions["tenant"].current()


def upload_prefix(application_id: int, answer_key: str) -> str:
    return f"uploads/{application_id}/{answer_key}"


def clean_file_name(name: str) -> str:
    """The applicant's file name as it is shown back: control characters and slashes removed."""
    text = name.encode("utf-8", "ignore").decode("utf-8")  # lone surrogates cannot be stored
    return SAFE_NAME.sub("", text).strip()[:FILE_NAME_LIMIT]


def _seconds(name: str, settings: dict, default: int) -> int:
    return int(settings.get(name) or default)


# --- presigned upload --------------------------------------------------------------------


def presign(application_id: int, answer_key: str) -> dict:
    rules = rules_for(compiled_form(), answer_key)
    _ensure_open(application_id, answer_key)
    key = new_key(upload_prefix(application_id, answer_key))
    post = storage().presign_upload(key, rules["max_bytes"], _seconds("PRESIGN_EXPIRES_S", config(), 300))
    return {"url": post.url, "fields": post.fields}


def _ensure_open(application_id: int, answer_key: str | None = None) -> None:
    """409 once submitted; with an answer key, also while the form's rules hide that question."""
    from engine.applications.service import ensure_open, ensure_shown

    ensure_open(application_id)
    if answer_key is not None:
        ensure_shown(application_id, answer_key)


# --- conversion requests -----------------------------------------------------------------


def _conversion(session: Session, application_id: int, answer_key: str, lock: bool = False):
    statement = select(DocumentConversion).where(
        DocumentConversion.application_id == application_id, DocumentConversion.answer_key == answer_key
    )
    if lock:
        statement = statement.with_for_update().execution_options(populate_existing=True)
    return session.scalars(statement).first()


def request_conversion(application_id: int, answer_key: str, file_key: str, file_name: str) -> dict:
    rules = rules_for(compiled_form(), answer_key)
    _ensure_open(application_id, answer_key)
    if not valid_key(file_key) or not file_key.startswith(upload_prefix(application_id, answer_key) + "/"):
        raise AppError(messages.FILE_KEY_NOT_YOURS, 400)
    name = clean_file_name(file_name)
    if not name:
        raise AppError(messages.FILE_NAME_EMPTY, 400)
    store = storage()
    try:
        uploaded = store.size(file_key) is not None
    except StorageError as exc:
        log.error("cannot check upload %s: %s", file_key, exc)
        raise AppError(messages.STORAGE_UNAVAILABLE, 503) from None
    if not uploaded:
        raise AppError(messages.FILE_NOT_UPLOADED, 400)
    settings = config()
    session = db.session()
    with db.transaction():
        conversion = _conversion(session, application_id, answer_key, lock=True)
        old_keys = []
        if conversion is None:
            conversion = DocumentConversion(application_id=application_id, answer_key=answer_key)
            session.add(conversion)
        else:
            old_keys = [k for k in (conversion.upload_key, conversion.pdf_key) if k and k != file_key]
        conversion.status = ConversionStatus.UNPROCESSED.value
        conversion.message = None
        conversion.upload_key = file_key
        conversion.pdf_key = None
        conversion.file_name = name
        conversion.file_size = None
        conversion.file_type = None
        conversion.attempts = 0
        conversion.requested_at = utcnow()
        conversion.started_at = conversion.finished_at = None
        session.flush()
        set_answer(session, application_id, answer_key, "")  # a new file replaces the old answer until it converts
        _record_job(session, conversion, rules, settings)
    delete_quietly(store, old_keys)
    return status_body(conversion)


def _record_job(session: Session, conversion: DocumentConversion, rules: dict, settings: dict) -> None:
    """Record the conversion job in the caller's transaction (engine.outbox: it is queued when the
    transaction commits, or when Redis is back); the row names the one job that may write it."""
    conversion.job_id = outbox.record(
        session,
        settings.get("DOCUMENT_CONVERT_JOB") or CONVERT_JOB,
        conversion.id,
        {**rules, "texts": messages.job_texts()},
        queue=settings.get("DOCUMENT_QUEUE") or "conversions",
        timeout=_seconds("DOCUMENT_JOB_TIMEOUT", settings, 60),
    )
    conversion.attempts = (conversion.attempts or 0) + 1
    conversion.deadline_at = utcnow() + dt.timedelta(seconds=_seconds("DOCUMENT_QUEUE_WAIT_S", settings, 600))


def status_body(conversion: DocumentConversion | None) -> dict:
    if conversion is None:
        return {"status": ConversionStatus.NOT_ANSWERED.value, "message": ""}
    return {"status": conversion.status, "message": conversion.message or ""}


def conversion_status(application_id: int, answer_key: str) -> dict:
    """The conversion's status as the applicant reads it. `in_progress` only while a worker holds
    the job (RQ says started); a row a job marked in progress whose job is waiting again (requeued
    after a Redis stop or a killed worker) or cannot be asked about (Redis down) reads `unprocessed`."""
    compiled = compiled_form()
    rules = rules_for(compiled, answer_key)
    session = db.session()
    conversion = _conversion(session, application_id, answer_key)
    if conversion is None or conversion.status not in PENDING:
        return status_body(conversion)
    state, due = outbox.job_state(session, conversion.job_id, int(config()["DOCUMENT_JOB_GRACE_S"]))
    conversion = _reconcile(conversion, rules, state, due)
    body = status_body(conversion)
    if body["status"] == ConversionStatus.IN_PROGRESS.value and state != JobStatus.STARTED:
        body["status"] = ConversionStatus.UNPROCESSED.value
    return body


def _reconcile(conversion: DocumentConversion, rules: dict, state, due) -> DocumentConversion:
    """A pending conversion whose job is gone, failed without writing the row (a killed work-horse
    runs no handler) or outlived its deadline (the whole worker died) is retried once, then failed."""
    settings = config()
    session = db.session()
    if state == "unknown" or not outbox.is_dead(state, due, conversion.deadline_at):
        return conversion
    with db.transaction():
        current = _conversion(session, conversion.application_id, conversion.answer_key, lock=True)
        if current is None or current.status not in PENDING or current.job_id != conversion.job_id:
            return current  # someone else already moved it on
        log.warning(
            "conversion %s: job %s is %s and did not finish (attempt %s)",
            current.id,
            current.job_id,
            state,
            current.attempts,
        )
        if current.attempts >= MAX_ATTEMPTS:
            _fail(session, current, messages.CONVERSION_ABANDONED, settings)
            return current
        current.status = ConversionStatus.UNPROCESSED.value
        _record_job(session, current, rules, settings)
    return current


def _fail(session: Session, conversion: DocumentConversion, message: str, settings: dict) -> None:
    """Failed: the message is kept, the answer cleared, the stored files removed."""
    delete_quietly(storage_from_config(settings), [conversion.upload_key, conversion.pdf_key])
    conversion.status = ConversionStatus.FAILED.value
    conversion.message = message
    conversion.upload_key = conversion.pdf_key = None
    conversion.file_size = None
    conversion.finished_at = utcnow()
    set_answer(session, conversion.application_id, conversion.answer_key, "")


# --- deletion and listing ----------------------------------------------------------------


def delete_document(application_id: int, answer_key: str) -> None:
    rules_for(compiled_form(), answer_key)
    _ensure_open(application_id)
    remove_documents(application_id, [answer_key])


def remove_documents(application_id: int, keys: list[str]) -> None:
    """Remove the answers, their conversions and every stored file of theirs."""
    session = db.session()
    store = storage()
    stored = []
    with db.transaction():
        rows = session.scalars(
            select(DocumentConversion).where(
                DocumentConversion.application_id == application_id, DocumentConversion.answer_key.in_(list(keys))
            )
        ).all()
        stored = [k for row in rows for k in (row.upload_key, row.pdf_key) if k]
        session.execute(
            delete(DocumentConversion).where(
                DocumentConversion.application_id == application_id, DocumentConversion.answer_key.in_(list(keys))
            )
        )
        for key in keys:
            set_answer(session, application_id, key, "")
    delete_quietly(store, stored)


def move_documents(session: Session, application_id: int, moved: dict[str, str], archived: list[str]) -> dict:
    """In the caller's transaction (the application row locked): the documents of renamed answers
    take their new key; archived ones are kept, files and all, under ARCHIVED + key (numbered when a
    document of that key was archived before). Returns {key: its archived document key}."""
    rows = session.scalars(
        select(DocumentConversion).where(
            DocumentConversion.application_id == application_id,
            DocumentConversion.answer_key.in_([*moved, *archived]),
        )
    ).all()
    taken = set(
        session.scalars(
            select(DocumentConversion.answer_key).where(
                DocumentConversion.application_id == application_id,
                DocumentConversion.answer_key.startswith(ARCHIVED, autoescape=True),
            )
        )
    )
    where: dict[str, str] = {}
    for row in rows:
        if row.answer_key in moved:
            row.answer_key = moved[row.answer_key]
            continue
        target, number = ARCHIVED + row.answer_key, 1
        while target in taken:
            number += 1
            target = f"{ARCHIVED}{row.answer_key}.{number}"
        taken.add(target)
        where[row.answer_key] = target
        row.answer_key = target
    session.flush()
    return where


def document_answers(application_id: int) -> dict:
    rows = (
        db.session()
        .scalars(
            select(DocumentConversion)
            .where(
                DocumentConversion.application_id == application_id,
                DocumentConversion.status == ConversionStatus.COMPLETED.value,
                DocumentConversion.answer_key.notlike(ARCHIVED + "%"),
            )
            .order_by(DocumentConversion.answer_key)
        )
        .all()
    )
    return {row.answer_key: {"file_name": row.file_name, "file_size": row.file_size or 0} for row in rows}


def download_url(application_id: int, answer_key: str) -> str | None:
    """A short-lived signed link (DOWNLOAD_URL_EXPIRES_S) to the converted PDF of one document
    answer, or to the file itself when its kind is kept, named after the applicant's file; None
    when the answer has no completed document."""
    conversion = (
        db.session()
        .scalars(
            select(DocumentConversion).where(
                DocumentConversion.application_id == application_id,
                DocumentConversion.answer_key == answer_key,
                DocumentConversion.status == ConversionStatus.COMPLETED.value,
            )
        )
        .first()
    )
    if conversion is None or not conversion.pdf_key:
        return None
    expires = int(config().get("DOWNLOAD_URL_EXPIRES_S") or 60)
    if is_kept(conversion.file_type):  # the file as it was sent, under its own name and type
        name = stored_name(conversion.file_name or answer_key, conversion.file_type)
        return storage().download_url(conversion.pdf_key, expires, name, content_type(conversion.file_type))
    return storage().download_url(conversion.pdf_key, expires, pdf_file_name(conversion.file_name, answer_key))


def pdf_file_name(file_name: str, fallback: str) -> str:
    """essay.docx -> essay.pdf; quotes and separators left out (the name goes into a header)."""
    stem = re.sub(r'["\\;]', "", clean_file_name(file_name or "")).rsplit(".", 1)[0].strip()
    return f"{stem or fallback}.pdf"
