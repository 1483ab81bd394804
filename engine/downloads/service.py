"""Asking for a prepared file, following its job, and taking it.

    row = ask_export(session, settings, actor, options, origin)      # a member of staff's export
    row = ask_personal_data(session, settings, account_id)          # an applicant's own data
    describe(row)                                                    # state, done of total, the link
    path_or_body, name = take(session, settings, row)                # the file; once-only ones go

The job (engine.downloads.jobs.prepare, on the slow queue) is recorded in the outbox with the row, so
it exists exactly when the row does. Its only argument is the row's id. A file is stored under
`downloads/` (an applicant's under their account's prefix, which an erasure clears); it stays until its
link ends (`EXPORT_LINK`, `PERSONAL_DATA_LINK` after it is ready), a once-only file until it is taken.
Expired rows and their files are removed by `sweep` (the worker's periodic task, and each new ask).
"""

from __future__ import annotations

import datetime as dt
import json
import logging

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from engine import outbox
from engine.accounts.models import utcnow
from engine.audit.service import Actor
from engine.documents.storage import Storage, StorageError, storage_from_config
from engine.downloads.models import (
    EXPORT,
    EXPORT_LINK,
    PERSONAL_DATA,
    PERSONAL_DATA_LINK,
    QUEUED,
    READY,
    RUNNING,
    TAKEN,
    PreparedFile,
)

JOB_TIMEOUT = 30 * 60  # seconds; a zip of every application's PDFs takes a while
JOB = "engine.downloads.jobs.prepare"

log = logging.getLogger(__name__)


def _queue(settings: dict) -> str:
    return settings.get("DOCUMENT_QUEUE") or "conversions"


def _ask(session: Session, settings: dict, row: PreparedFile) -> PreparedFile:
    sweep(session, storage_from_config(settings))
    row.expires_at = utcnow() + dt.timedelta(seconds=JOB_TIMEOUT) + _lifetime(row.kind)
    session.add(row)
    session.flush()
    row.job_id = outbox.record(session, JOB, row.id, queue=_queue(settings), timeout=JOB_TIMEOUT)
    session.commit()
    return row


def ask_export(
    session: Session, settings: dict, actor: Actor, options: dict, origin: tuple[str | None, str | None]
) -> PreparedFile:
    """A staff export (format, status, since, labels; `version`: the served form's id), taken once."""
    row = PreparedFile(
        kind=EXPORT,
        staff_kind=actor.kind,
        staff_id=actor.id,
        staff_label=actor.label,
        origin=json.dumps(list(origin)),
        options=json.dumps(options, default=str),
        once=True,
    )
    return _ask(session, settings, row)


def ask_personal_data(session: Session, settings: dict, account_id: int) -> PreparedFile:
    """An applicant's own data; an earlier one of theirs goes (one at a time)."""
    for earlier in session.scalars(
        select(PreparedFile).where(PreparedFile.account_id == account_id, PreparedFile.kind == PERSONAL_DATA)
    ):
        _remove(session, storage_from_config(settings), earlier)
    return _ask(session, settings, PreparedFile(kind=PERSONAL_DATA, account_id=account_id, once=False))


def _lifetime(kind: str) -> dt.timedelta:
    return EXPORT_LINK if kind == EXPORT else PERSONAL_DATA_LINK


def latest_personal_data(session: Session, account_id: int) -> PreparedFile | None:
    return session.scalar(
        select(PreparedFile)
        .where(PreparedFile.account_id == account_id, PreparedFile.kind == PERSONAL_DATA)
        .order_by(PreparedFile.id.desc())
    )


def owned_export(session: Session, export_id: int, actor: Actor) -> PreparedFile | None:
    """The export if this member of staff (or token) asked for it; None otherwise."""
    row = session.get(PreparedFile, export_id)
    if row is None or row.kind != EXPORT or (row.staff_kind, row.staff_id) != (actor.kind, actor.id):
        return None
    return row


def state_of(row: PreparedFile, now: dt.datetime | None = None) -> str:
    """queued, running, ready, failed, taken (a once-only file downloaded) or expired."""
    now = now or utcnow()
    if row.state == TAKEN:
        return TAKEN
    if row.expires_at <= now:
        return "expired"
    return row.state


def describe(row: PreparedFile, download_url: str) -> dict:
    state = state_of(row)
    return {
        "id": row.id,
        "state": state,
        "done": row.done,
        "total": row.total,
        "message": row.message,
        "file_name": row.file_name,
        "file_size": row.file_size,
        "expires_at": _iso(row.expires_at) if state in (READY, QUEUED, RUNNING) else None,
        "url": download_url if state == READY else None,
    }


class Unavailable(Exception):
    """The file cannot be taken; `state` says why (queued, running, failed, taken, expired, gone)."""

    def __init__(self, state: str):
        super().__init__(state)
        self.state = state


def take(session: Session, settings: dict, row: PreparedFile) -> tuple[object, str, int | None]:
    """(the file: a path or a readable stream, its name, its size). A once-only file is marked taken
    first (one transaction: two downloads at once give one file) and removed from storage after."""
    state = state_of(row)
    if state != READY or not row.storage_key:
        raise Unavailable(state)
    store = storage_from_config(settings)
    if row.once:
        claimed = session.execute(
            update(PreparedFile)
            .where(PreparedFile.id == row.id, PreparedFile.state == READY)
            .values(state=TAKEN, taken_at=utcnow())
            .execution_options(synchronize_session=False)
        ).rowcount  # type: ignore[attr-defined]
        session.commit()
        if not claimed:
            raise Unavailable(TAKEN)
    try:
        return open_stored(store, row.storage_key), row.file_name or "download", row.file_size
    except (OSError, StorageError) as error:
        log.warning("prepared file %s could not be read: %s", row.id, error)
        raise Unavailable("gone") from error


def open_stored(store: Storage, key: str):
    """A stored file to send: its path on local storage, a readable stream from S3."""
    path_of = getattr(store, "_path", None)
    if path_of is not None:
        path = path_of(key)
        if not path.is_file():
            raise StorageError(f"{key} is not stored")
        return path
    from botocore.exceptions import BotoCoreError, ClientError

    try:
        return store.client.get_object(Bucket=store.bucket, Key=key)["Body"]  # type: ignore[attr-defined]
    except (BotoCoreError, ClientError) as exc:
        raise StorageError(f"cannot read {key}: {exc}") from exc


def forget_taken(settings: dict, key: str | None) -> None:
    """After a once-only file is sent: it is not kept."""
    if key:
        try:
            storage_from_config(settings).delete(key)
        except StorageError as error:
            log.warning("a taken file stays until the next sweep: %s", error)


def _remove(session: Session, store: Storage, row: PreparedFile) -> None:
    if row.storage_key:
        store.delete(row.storage_key)
    session.execute(delete(PreparedFile).where(PreparedFile.id == row.id))


def sweep(session: Session, store: Storage, now: dt.datetime | None = None) -> int:
    """Remove the rows whose link has ended, and their files; returns how many rows went. A file
    that cannot be removed keeps its row for the next sweep. (A taken row stays until then, so a
    second download is told it was taken.)"""
    now = now or utcnow()
    due = session.scalars(select(PreparedFile).where(PreparedFile.expires_at <= now)).all()
    removed = 0
    for row in due:
        try:
            _remove(session, store, row)
            removed += 1
        except StorageError as error:
            log.warning("prepared file %s stays for the next sweep: %s", row.id, error)
    session.commit()
    return removed


def _iso(moment: dt.datetime) -> str:
    return moment.replace(microsecond=0).isoformat() + "Z"
