"""The job that prepares a file (engine.downloads.service): a staff export with the same writers as
`formengine export`, or an applicant's own data (engine.downloads.personal). Its argument is the row's
id; the row says what to make and takes the job's progress (done of total) for the page to show.

A row gone (an erasure, a sweep) stops the job, and a file it stored meanwhile is removed.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
import tempfile
import time
from pathlib import Path

from engine.accounts.models import utcnow
from engine.audit.service import Actor, record
from engine.documents.storage import new_key, storage_from_config
from engine.downloads import personal
from engine.downloads.models import (
    EXPORT,
    EXPORT_LINK,
    FAILED,
    PERSONAL_DATA_LINK,
    QUEUED,
    READY,
    RUNNING,
    PreparedFile,
    account_prefix,
    staff_prefix,
)
from engine.exports import service as exports
from engine.versions import load, newest_id
from engine.workhorse import job_session, job_settings, limit_memory

PROGRESS_EVERY_S = 0.5  # the row's progress is written at most this often
FAILED_MESSAGE = "The file could not be prepared. Please try again later."
log = logging.getLogger(__name__)


class _Progress:
    """Writes done/total to the row, now and then, in a session of its own."""

    def __init__(self, settings: dict, row_id: int):
        self.settings, self.row_id = settings, row_id
        self.done, self.total, self.written_at = 0, 0, 0.0

    def set(self, done: int, total: int | None = None) -> None:
        self.done = done
        self.total = self.total if total is None else total
        if time.monotonic() - self.written_at >= PROGRESS_EVERY_S or done == self.total:
            self.written_at = time.monotonic()
            with job_session(self.settings) as session:
                row = session.get(PreparedFile, self.row_id)
                if row is None:
                    raise personal.Gone(self.row_id)
                row.done, row.total = self.done, self.total
                session.commit()

    def add(self, count: int) -> None:
        self.set(self.done + count)


def prepare(prepared_id: int) -> str:
    settings = job_settings()
    limit_memory(settings)
    with job_session(settings) as session:
        row = session.get(PreparedFile, prepared_id)
        if row is None:
            return "gone"
        if row.state not in (QUEUED, RUNNING):
            return row.state
        row.state = RUNNING
        session.commit()
        kind, options, account_id = row.kind, json.loads(row.options or "{}"), row.account_id
    progress = _Progress(settings, prepared_id)
    handle, name = tempfile.mkstemp(prefix="prepared-", suffix=".tmp")
    os.close(handle)
    path = Path(name)
    try:
        if kind == EXPORT:
            written, file_name = _export(settings, options, path, progress)
            prefix = staff_prefix()
        else:
            with job_session(settings) as session:
                personal.build(
                    session, storage_from_config(settings), account_id, path, settings["MAIL_OUTBOX"], progress.set
                )
            written, file_name = None, f"my-data-{utcnow():%Y%m%d}.zip"
            prefix = account_prefix(account_id)
        return _store(settings, prepared_id, path, prefix, file_name, written)
    except personal.Gone:
        return "gone"
    except Exception:
        log.exception("prepared file %s failed", prepared_id)
        _fail(settings, prepared_id)
        return FAILED
    finally:
        path.unlink(missing_ok=True)


def _export(settings: dict, options: dict, path: Path, progress: _Progress) -> tuple[int, str]:
    export_format = options["format"]
    since = dt.datetime.fromisoformat(options["since"]) if options.get("since") else None
    request = exports.ExportRequest(export_format, path, options["status"], since, bool(options.get("labels")))
    with job_session(settings) as session:
        form = load(session, options.get("version") or "") or load(session, newest_id(session) or "")
        if form is None:
            raise RuntimeError("no stored definition version to export with")
        source = exports.job_source(session)
        progress.set(0, exports.count(request, source))
        written = exports.export(request, form.data, progress.add, source)
    return written, f"applications-{utcnow():%Y%m%d-%H%M%S}.{export_format}"


def _store(settings: dict, row_id: int, path: Path, prefix: str, file_name: str, written: int | None) -> str:
    store = storage_from_config(settings)
    key = new_key(prefix.rstrip("/"), Path(file_name).suffix)
    store.write(key, path.read_bytes(), content_type="application/octet-stream")
    with job_session(settings) as session:
        row = session.get(PreparedFile, row_id)
        if row is None:  # erased or swept while the file was made: it is not kept
            store.delete(key)
            return "gone"
        now = utcnow()
        row.state, row.storage_key, row.file_name = READY, key, file_name
        row.file_size, row.ready_at = path.stat().st_size, now
        row.expires_at = now + (EXPORT_LINK if row.kind == EXPORT else PERSONAL_DATA_LINK)
        row.done = row.total = max(row.total, row.done)
        session.commit()
        if row.kind == EXPORT:
            options = json.loads(row.options or "{}")
            detail = {"format": options["format"], "status": options["status"], "applications": written}
            detail["via"] = "staff page"
            origin = tuple(json.loads(row.origin or "[null, null]"))
            actor = Actor(row.staff_kind or "staff", row.staff_id, row.staff_label or "")
            record(actor, "export", detail=detail, bind=session.get_bind(), origin=origin)
    return READY


def _fail(settings: dict, row_id: int) -> None:
    with job_session(settings) as session:
        row = session.get(PreparedFile, row_id)
        if row is not None:
            row.state, row.message = FAILED, FAILED_MESSAGE
            session.commit()
