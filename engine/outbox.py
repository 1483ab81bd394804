"""Jobs that must not be lost: recorded in the database first, then dispatched to RQ.

A job that a change needs (the application PDF of a submission, the conversion of an upload,
a delivery) is written in the same transaction as the change, so it exists exactly when the
change does, whatever happens to Redis or to the process afterwards:

    with db.transaction() as tx:
        ...the change...
        row.job_id = outbox.record(tx, "engine.pdf.jobs.render_application_pdf", application_id,
                                   queue=settings["APPLICATION_PDF_QUEUE"], timeout=120)

- `record` adds the job to the caller's session and returns its RQ job id, chosen now, so the
  caller can store it before the job exists in Redis. Arguments must be JSON values.
- When the session commits, the jobs it recorded are put on their queues at once.
- If Redis cannot be reached then, a job stays recorded: every worker's sweeper
  (`dispatch_pending`, run every few seconds by `engine.worker`) dispatches it when Redis answers
  again. A job is never dispatched twice: the row is locked while it is sent (PostgreSQL), and a job
  id RQ already knows is only marked dispatched.
- `is_waiting(session, job_id)`: recorded and not yet in Redis, so alive (a status poll must not
  take it for lost); `job_state(session, job_id, grace_s)` and `is_dead(...)`: whether a job a row names is
  still alive (queued, running in time, or waiting here), for the rows that retry lost jobs.
- Dispatched rows are kept for `KEEP_DISPATCHED` for inspection, then removed by the sweeper.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import logging
import uuid

from redis.exceptions import RedisError
from rq.exceptions import NoSuchJobError
from rq.job import JobStatus
from sqlalchemy import Index, Integer, String, Text, delete, event, exists, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, Session, mapped_column

from engine import jobs
from engine.accounts.models import utcnow
from engine.db import Base

KEEP_DISPATCHED = dt.timedelta(days=1)
SWEEP_BATCH = 200
_RECORDED = "formengine_outbox_recorded"  # session.info key: job ids recorded in this transaction

log = logging.getLogger(__name__)


class OutboxJob(Base):
    __tablename__ = "job_outbox"

    id: Mapped[int] = mapped_column(primary_key=True)
    job_id: Mapped[str] = mapped_column(String(64), unique=True)
    func: Mapped[str] = mapped_column(String(200))
    args: Mapped[str] = mapped_column(Text)  # a JSON list
    queue: Mapped[str] = mapped_column(String(100))
    timeout: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    dispatched_at: Mapped[dt.datetime | None]
    attempts: Mapped[int] = mapped_column(Integer, default=0)  # tries to put it on its queue
    last_error: Mapped[str | None] = mapped_column(Text)

    __table_args__ = (Index("ix_job_outbox_dispatched_at", "dispatched_at"),)


def record(session: Session, func_path: str, *args, queue: str, timeout: int = jobs.DEFAULT_JOB_TIMEOUT) -> str:
    """Record `func_path(*args)` for `queue` in the caller's transaction; returns the RQ job id.
    It is dispatched when the transaction commits (or, Redis being down, by the sweeper later)."""
    jobs.check_function(func_path)
    job_id = str(uuid.uuid4())
    session.add(
        OutboxJob(job_id=job_id, func=func_path, args=json.dumps(list(args)), queue=queue, timeout=int(timeout))
    )
    session.info.setdefault(_RECORDED, []).append(job_id)
    return job_id


@event.listens_for(Session, "after_commit")
def _dispatch_recorded(session: Session) -> None:
    job_ids = session.info.pop(_RECORDED, None)
    if job_ids:
        dispatch(session.get_bind(), job_ids)


@event.listens_for(Session, "after_rollback")
def _forget_recorded(session: Session) -> None:
    session.info.pop(_RECORDED, None)


def is_waiting(session: Session, job_id: str) -> bool:
    """True while the job is recorded but not yet on its queue."""
    return bool(session.scalar(select(exists().where(OutboxJob.job_id == job_id, OutboxJob.dispatched_at.is_(None)))))


WAITING = "waiting"  # recorded in the outbox, not yet on its queue (Redis was down)


def job_state(session: Session, job_id: str | None, grace_s: int) -> tuple[str | None, dt.datetime | None]:
    """(RQ status, WAITING while the outbox holds it, None when neither knows the job, or "unknown"
    when Redis cannot be asked; the time by which a started job must have finished). A worker killed
    after taking the job but before the job wrote its row leaves the row unprocessed: RQ's start
    time still counts."""
    if not job_id:
        return None, None
    try:
        job = jobs.fetch_job(job_id)
        status = job.get_status()
    except NoSuchJobError:
        return (WAITING if is_waiting(session, job_id) else None), None
    except (jobs.QueueUnavailable, RedisError):
        return "unknown", None
    started = job.started_at.replace(tzinfo=None) if status == JobStatus.STARTED and job.started_at else None
    due = started + dt.timedelta(seconds=(job.timeout or 0) + grace_s) if started else None
    return status, due


def is_dead(status, due: dt.datetime | None, deadline: dt.datetime | None) -> bool:
    if status == WAITING:
        return False  # waits for Redis, whatever the deadline: nothing could have run it yet
    if status in (None, JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED, JobStatus.FINISHED):
        return True
    now = utcnow()
    return any(moment is not None and now > moment for moment in (due, deadline))


@dataclasses.dataclass
class Sweep:
    dispatched: int = 0
    waiting: int = 0  # still undispatched after this sweep (Redis down)
    pruned: int = 0


def dispatch(engine: Engine, job_ids: list[str] | None = None, redis_url: str | None = None) -> Sweep:
    """Put recorded jobs on their queues: those named, or the oldest undispatched ones. Stops at the
    first Redis error (the others would fail the same way); they stay recorded for the next sweep."""
    table = OutboxJob.__table__
    pending = select(table.c.id).where(table.c.dispatched_at.is_(None)).order_by(table.c.id).limit(SWEEP_BATCH)
    if job_ids is not None:
        pending = pending.where(table.c.job_id.in_(job_ids))
    with engine.connect() as connection:
        ids = list(connection.scalars(pending))
    result = Sweep()
    for index, row_id in enumerate(ids):
        try:
            if _dispatch_one(engine, row_id, redis_url):
                result.dispatched += 1
        except (RedisError, jobs.QueueUnavailable) as error:
            _note_failure(engine, row_id, error)
            result.waiting = len(ids) - index
            break
    return result


def _dispatch_one(engine: Engine, row_id: int, redis_url: str | None) -> bool:
    """Send one job under its row lock; False when another process has it or has sent it."""
    table = OutboxJob.__table__
    with engine.begin() as connection:
        row = connection.execute(
            select(table).where(table.c.id == row_id, table.c.dispatched_at.is_(None)).with_for_update(skip_locked=True)
        ).first()
        if row is None:
            return False
        if not _known_to_rq(row.job_id, redis_url):
            jobs.enqueue(
                row.func,
                *json.loads(row.args),
                job_timeout=row.timeout,
                queue=row.queue,
                redis_url=redis_url,
                job_id=row.job_id,
            )
        connection.execute(
            update(table).where(table.c.id == row_id).values(dispatched_at=utcnow(), attempts=table.c.attempts + 1)
        )
    return True


def _known_to_rq(job_id: str, redis_url: str | None) -> bool:
    try:
        jobs.fetch_job(job_id, redis_url)
    except NoSuchJobError:
        return False
    return True


def _note_failure(engine: Engine, row_id: int, error: Exception) -> None:
    table = OutboxJob.__table__
    with engine.begin() as connection:
        row = connection.execute(
            update(table)
            .where(table.c.id == row_id)
            .values(attempts=table.c.attempts + 1, last_error=str(error)[:500])
            .returning(table.c.func, table.c.job_id)
        ).first()
    if row is not None:
        log.warning("%s job %s stays in the outbox until Redis answers: %s", row.func, row.job_id, error)


def dispatch_pending(engine: Engine, redis_url: str | None = None) -> Sweep:
    """The sweeper: dispatch what is waiting, then forget rows dispatched long ago."""
    result = dispatch(engine, None, redis_url)
    if result.dispatched:
        log.info("outbox: %s recorded job(s) dispatched", result.dispatched)
    with engine.begin() as connection:
        result.pruned = connection.execute(
            delete(OutboxJob).where(OutboxJob.dispatched_at < utcnow() - KEEP_DISPATCHED)
        ).rowcount
    return result


def waiting_count(engine: Engine) -> int:
    """How many recorded jobs wait for Redis (for metrics and the fault test)."""
    with engine.connect() as connection:
        return connection.scalar(select(func.count()).select_from(OutboxJob).where(OutboxJob.dispatched_at.is_(None)))
