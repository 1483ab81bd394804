"""Nothing left behind: stored files and rows of documents that no answer references, removed
once they are older than a grace period (`CLEANUP_OLDER_THAN_H`, 24 hours).

What goes:
- stored files under `uploads/`, `converted/` and `applications/` that no conversion row and no
  application PDF names: uploads presigned and sent but never converted, a job's output whose row
  moved on, a PDF a crashed job wrote before it could record it;
- failed conversion rows: their answer was cleared when they failed and their files went with it,
  only the message is left.
What stays, whatever its age: every file a row names (the answer's upload and its PDF, the
application PDF), and every pending conversion.

The grace period is what keeps a file in use safe: an upload is named by its row within minutes
(its presigned POST lives 5 minutes), and a job names its output as it finishes. Runs as the
worker's periodic task (`CLEANUP_EVERY_S`, hourly, one worker at a time) and as
`formengine cleanup [--older-than HOURS] [--dry-run]`. Each run logs its counts; the totals are
kept in Redis for `/metrics` (formengine_cleanup_*), read at scrape time like the queue figures.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import time

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from engine.accounts.models import utcnow
from engine.documents.models import ApplicationPdf, ConversionStatus, DocumentConversion
from engine.documents.storage import Storage, StorageError

PREFIXES = ("uploads/", "converted/", "applications/")
METRICS_KEY = "formengine:cleanup"

log = logging.getLogger(__name__)


@dataclasses.dataclass
class Cleanup:
    files: int = 0
    bytes: int = 0
    rows: int = 0
    kept: int = 0  # stored files past the grace period that a row names
    errors: int = 0
    dry_run: bool = False
    seconds: float = 0.0

    def summary(self) -> str:
        verb = "would remove" if self.dry_run else "removed"
        return (
            f"cleanup {verb} {self.files} files ({self.bytes} bytes) and {self.rows} rows; "
            f"kept {self.kept} referenced files; {self.errors} errors; {self.seconds:.1f} s"
        )


def referenced_keys(session: Session) -> set[str]:
    keys: set[str] = set()
    for upload_key, pdf_key in session.execute(select(DocumentConversion.upload_key, DocumentConversion.pdf_key)):
        keys.update(key for key in (upload_key, pdf_key) if key)
    keys.update(key for key in session.scalars(select(ApplicationPdf.pdf_key)) if key)
    return keys


def run(session: Session, store: Storage, older_than: dt.timedelta, dry_run: bool = False) -> Cleanup:
    started = time.monotonic()
    cutoff = utcnow() - older_than
    result = Cleanup(dry_run=dry_run)

    failed = (
        DocumentConversion.status == ConversionStatus.FAILED.value,
        func.coalesce(DocumentConversion.finished_at, DocumentConversion.requested_at) < cutoff,
    )
    if dry_run:
        result.rows = session.scalar(select(func.count()).select_from(DocumentConversion).where(*failed)) or 0
    else:
        # One statement: a row asked for again meanwhile is no longer failed and stays.
        result.rows = session.execute(delete(DocumentConversion).where(*failed)).rowcount or 0
        session.commit()

    # List first, then read what rows name: a row written meanwhile is seen, and keeps its file.
    old = []
    for prefix in PREFIXES:
        old.extend(item for item in store.objects(prefix) if item.modified < cutoff)
    named = referenced_keys(session)
    session.rollback()
    for item in old:
        if item.key in named:
            result.kept += 1
            continue
        if not dry_run:
            try:
                store.delete(item.key)
            except StorageError as exc:
                log.warning("cleanup could not remove %s: %s", item.key, exc)
                result.errors += 1
                continue
        result.files += 1
        result.bytes += item.size
    result.seconds = time.monotonic() - started
    log.info(result.summary())
    return result


def record(redis, result: Cleanup) -> None:
    """Add a run's counts to the totals /metrics serves (dry runs change nothing)."""
    if result.dry_run:
        return
    pipe = redis.pipeline()
    pipe.hincrby(METRICS_KEY, "files", result.files)
    pipe.hincrby(METRICS_KEY, "bytes", result.bytes)
    pipe.hincrby(METRICS_KEY, "rows", result.rows)
    pipe.hincrby(METRICS_KEY, "errors", result.errors)
    pipe.hset(METRICS_KEY, "last_run", time.time())
    pipe.execute()


class CleanupCollector:
    """formengine_cleanup_removed_{files,bytes,rows}_total and the last run's time, from Redis."""

    def __init__(self, redis_url: str):
        self.redis_url = redis_url

    def collect(self):
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
        from redis.exceptions import RedisError

        from engine.jobs import connection

        try:
            totals = connection(self.redis_url).hgetall(METRICS_KEY)
        except RedisError:
            return
        value = {k.decode() if isinstance(k, bytes) else k: float(v) for k, v in totals.items()}
        for name, text in (
            ("files", "Stored files no answer referenced, removed"),
            ("bytes", "Bytes of the stored files removed"),
            ("rows", "Failed conversion rows removed"),
            ("errors", "Stored files the cleanup could not remove"),
        ):
            counter = CounterMetricFamily(f"formengine_cleanup_removed_{name}", text)
            counter.add_metric([], value.get(name, 0.0))
            yield counter
        last = GaugeMetricFamily("formengine_cleanup_last_run_timestamp_seconds", "When the last cleanup ran")
        last.add_metric([], value.get("last_run", 0.0))
        yield last
