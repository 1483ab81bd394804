"""The worker process: `formengine worker` (or `python -m engine.worker`).

An RQ worker (JSON serializer) on the given queues, most urgent first, that also runs the
engine's periodic tasks between jobs: the outbox sweep, which dispatches jobs recorded while
Redis was down (`engine.outbox`), the deliveries' sweep, the requeue of jobs stranded in RQ's
intermediate queue by a Redis stop (`engine.jobs.requeue_stranded`, every JOB_RESCUE_EVERY_S) and
the hourly storage cleanup (`engine.documents.cleanup`). A periodic task runs in one worker at a
time across all hosts (a Redis lock per period). The worker outlives a Redis outage: when RQ gives up on its
connection the worker waits for Redis and starts working again.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import hashlib
import logging
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence

from redis.exceptions import RedisError
from rq import Queue, Worker
from rq.exceptions import StopRequested
from rq.serializers import JSONSerializer
from rq.utils import import_attribute
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from engine import jobs, outbox, signing
from engine.config import load_config
from engine.db import make_engine
from engine.delivery import service as delivery
from engine.errors import DATABASE_DOWN
from engine.jobs import connection, queue_names
from engine.ops import metrics
from engine.retention import task as retention
from engine.runner import die_with_parent

# What jobs import, loaded once in the worker so the work-horse RQ forks per job inherits it
# (re-importing in every horse cost about 0.5 s of CPU per job).
PRELOADS = ("engine.documents.jobs.preload", "engine.delivery.jobs.preload")
PREPARED_SWEEP_S = 300  # prepared files whose link has ended are removed this often
TICK_S = 5  # a worker waiting for a job wakes this often to run the periodic tasks that are due
OUTBOX_SWEEP_S = 5.0
DELIVERY_SWEEP_S = 5.0
REDIS_WAIT_MAX_S = 5.0  # while Redis is down, look again at least this often

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class Periodic:
    """`run(settings, redis_url)` every `every_s` seconds, in one worker at a time."""

    name: str
    every_s: float
    run: Callable[[dict, str], object]


@functools.lru_cache(maxsize=4)
def _database(url: str):
    # No pool: the worker forks a work-horse per job, and a pooled connection must never be
    # shared with a child process.
    return make_engine(url, poolclass=NullPool)


def sweep_outbox(settings: dict, redis_url: str) -> outbox.Sweep:
    return outbox.dispatch_pending(_database(settings["DATABASE_URL"]), redis_url)


def sweep_deliveries(settings: dict, _redis_url: str) -> int:
    """Record the jobs of the deliveries that are due (new ones, retries after their back-off)."""
    with Session(_database(settings["DATABASE_URL"])) as session:
        return delivery.dispatch_due(session, settings)


def sweep_storage(settings: dict, redis_url: str):
    """Remove the stored files and rows of documents no answer references (engine.documents.cleanup)."""
    import datetime as dt

    from engine.documents import cleanup
    from engine.documents.storage import storage_from_config

    with Session(_database(settings["DATABASE_URL"])) as session:
        result = cleanup.run(
            session, storage_from_config(settings), dt.timedelta(hours=float(settings["CLEANUP_OLDER_THAN_H"]))
        )
    cleanup.record(connection(redis_url), result)
    return result


def apply_retention(settings: dict, _redis_url: str):
    """Delete what the tenant's retention says is due, remind drafts near it (engine.retention)."""
    return retention.periodic(settings, _database(settings["DATABASE_URL"]))


def sweep_prepared(settings: dict, _redis_url: str) -> int:
    """Remove prepared files (exports, applicants' own data) whose link has ended (engine.downloads)."""
    from engine.documents.storage import storage_from_config
    from engine.downloads import service as prepared

    with Session(_database(settings["DATABASE_URL"])) as session:
        return prepared.sweep(session, storage_from_config(settings))


PERIODIC_TASKS: tuple[Periodic, ...] = (
    Periodic("outbox", OUTBOX_SWEEP_S, sweep_outbox),
    Periodic("deliveries", DELIVERY_SWEEP_S, sweep_deliveries),
    Periodic("prepared", PREPARED_SWEEP_S, sweep_prepared),
)


def requeue_stranded(settings: dict, redis_url: str, queues: Sequence[str] = ()) -> list[str]:
    """Requeue the jobs a worker took just before Redis stopped (engine.jobs.requeue_stranded), in
    this worker's queues and the deployment's. A job counts as stranded once it has sat there for
    half the check interval, so the next check after the first sighting requeues it."""
    conn = connection(redis_url)
    older_than = float(settings["JOB_RESCUE_EVERY_S"]) / 2
    requeued = []
    for name in dict.fromkeys((*queues, *queue_names(settings))):
        requeued += jobs.requeue_stranded(Queue(name, connection=conn, serializer=JSONSerializer), older_than)
    return requeued


def periodic_tasks(settings: dict, queues: Sequence[str] = ()) -> tuple[Periodic, ...]:
    """The fixed tasks, the requeue of stranded jobs every JOB_RESCUE_EVERY_S, the storage cleanup
    every CLEANUP_EVERY_S and the tenant's retention every RETENTION_EVERY_S (0: never, for each)."""
    tasks = PERIODIC_TASKS
    rescue = float(settings.get("JOB_RESCUE_EVERY_S") or 0)
    if rescue > 0:
        tasks += (Periodic("stranded", rescue, functools.partial(requeue_stranded, queues=tuple(queues))),)
    every = float(settings.get("CLEANUP_EVERY_S") or 0)
    tasks += (Periodic("cleanup", every, sweep_storage),) if every > 0 else ()
    retention_every = float(settings.get("RETENTION_EVERY_S") or 0)
    return tasks + ((Periodic("retention", retention_every, apply_retention),) if retention_every > 0 else ())


class EngineWorker(Worker):
    """RQ's worker plus the periodic tasks. RQ calls `run_maintenance_tasks` between jobs and
    while waiting for one; its own maintenance keeps its own (10-minute) interval."""

    max_connection_wait_time = REDIS_WAIT_MAX_S  # RQ's backoff while Redis is down (its default: 60 s)
    queue_class = jobs.MovingQueue  # every job taken is moved to its queue's intermediate list

    def __init__(
        self,
        *args,
        settings: dict,
        redis_url: str,
        periodic: Sequence[Periodic] = PERIODIC_TASKS,
        listens: bool = True,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.listens = listens
        self.settings = settings
        self.redis_url = redis_url
        self.periodic = tuple(periodic)
        self._last_run: dict[str, float] = {}
        self.stop_requested = False
        # The workers of one deployment (one database, one set of queues) share each task's lock;
        # another deployment on the same Redis (a second instance, a test run) keeps its own.
        where = f"{settings.get('DATABASE_URL', '')}|{'|'.join(queue_names(settings))}"
        self.deployment = hashlib.sha256(where.encode()).hexdigest()[:16]

    def request_stop(self, signum, frame):
        self.stop_requested = True  # RQ's own flag is set only when a job is running
        super().request_stop(signum, frame)

    def _start_scheduler(self, burst=False, logging_level="INFO", _date_format=None, _log_format=None):
        """RQ 3.0's own start (this private hook is what its work() calls; rq is pinned), with a
        scheduler that logs a Redis outage in one line (jobs.OutageTolerantScheduler)."""
        self.scheduler = jobs.OutageTolerantScheduler(
            self.queues, connection=self.connection, logging_level=logging_level, serializer=self.serializer
        )
        self.scheduler.acquire_locks()
        if not self.scheduler.acquired_locks:
            return
        if not burst:
            self.scheduler.start()
            return
        try:
            self.scheduler.register_birth()
            self.scheduler.enqueue_scheduled_jobs()
        finally:
            self.scheduler.release_locks()
            self.scheduler.register_death()

    def prepare_job_execution(self, job, _only_one_queue: bool = False) -> None:
        """RQ's, which takes the job off its intermediate list only for a worker of one queue: a
        worker of several moves jobs there too (jobs.MovingQueue)."""
        super().prepare_job_execution(job, remove_from_intermediate_queue=True)

    def subscribe(self):
        """RQ's command channel (stop a job, shut down) runs in a thread whose stop waits a second;
        a burst worker, which exits when its queues are empty, goes without it."""
        if self.listens:
            super().subscribe()

    @property
    def dequeue_timeout(self) -> int:
        return TICK_S

    @property
    def should_run_maintenance_tasks(self) -> bool:
        return True

    def run_maintenance_tasks(self):
        try:
            self.run_periodic_tasks()
            if Worker.should_run_maintenance_tasks.fget(self):
                super().run_maintenance_tasks()
        except RedisError as error:  # RQ's wait for a job notices too, and waits for Redis
            log.warning("periodic tasks skipped, Redis does not answer: %s", error)
        # A stop signal during a task raises RQ's StopRequested (an Exception) wherever the task
        # was; code that catches Exception may swallow it, and one signal (the runner's death) is
        # all there is. The flag is set either way: stop here.
        if self.stop_requested:
            raise StopRequested()

    def run_periodic_tasks(self) -> None:
        clock = time.monotonic()
        for task in self.periodic:
            if self.stop_requested:
                raise StopRequested()
            if clock - self._last_run.get(task.name, float("-inf")) < task.every_s:
                continue
            self._last_run[task.name] = clock
            lock = f"formengine:periodic:{self.deployment}:{task.name}"
            if not self.connection.set(lock, self.name, nx=True, ex=max(1, int(task.every_s))):
                continue  # another worker runs it this period
            try:
                task.run(self.settings, self.redis_url)
            except (RedisError, StopRequested):
                raise
            except DATABASE_DOWN as error:  # a restart: the next period tries again
                log.warning("periodic task %s skipped, the database does not answer: %s", task.name, _first_line(error))
            except Exception:
                log.exception("periodic task %s failed", task.name)


def _preload() -> None:
    for path in PRELOADS:
        try:
            import_attribute(path)()
        except (ImportError, AttributeError):
            log.warning("worker preload %s is not available", path)


def run_worker(
    redis_url: str,
    queues: Sequence[str] | None = None,
    *,
    burst: bool = False,
    name: str | None = None,
    with_scheduler: bool = True,
) -> None:
    """Work the queues (default: all, most urgent first) until stopped, or with burst until they
    are empty. SIGINT/SIGTERM make RQ finish the current job and exit (a second signal stops it
    at once). Refuses to start (SystemExit) without a usable SECRET_KEY in the environment, or
    without a METRICS_TOKEN (or METRICS_PUBLIC=1): it reads the same environment file as the web.
    """
    settings = load_config()
    signing.require(settings)
    metrics.require_protection(settings)
    _preload()
    queues = list(queues or queue_names(settings))
    conn = connection(redis_url)
    jobs.MovingQueue.wait_slice_s = float(settings["JOB_WAIT_SLICE_S"])
    while True:
        worker = EngineWorker(
            [jobs.MovingQueue(queue, connection=conn, serializer=JSONSerializer) for queue in queues],
            connection=conn,
            name=name,
            serializer=JSONSerializer,
            settings=settings,
            redis_url=redis_url,
            listens=not burst,
            periodic=periodic_tasks(settings, queues),
        )
        try:
            worker.work(burst=burst, with_scheduler=with_scheduler, logging_level="INFO")
        except RedisError as error:  # RQ's teardown itself needs Redis
            log.error("the worker lost Redis: %s", error)
        if burst or worker.stop_requested or not _wait_for_redis(conn):
            return
        _forget(worker)
        log.warning("Redis answers again: the worker starts working again")


def _forget(worker: Worker) -> None:
    """Take a worker that lost Redis out of RQ's registry (its own teardown could not), so that
    nothing counts it as busy with the job it held."""
    try:
        worker.register_death()
    except RedisError:
        pass


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0][:300] if str(error) else type(error).__name__


def _wait_for_redis(conn) -> bool:
    """Block until Redis answers (True) or SIGINT/SIGTERM arrives (False)."""
    stop = threading.Event()
    previous = {signum: signal.signal(signum, lambda *_: stop.set()) for signum in (signal.SIGINT, signal.SIGTERM)}
    delay = 0.5
    try:
        while not stop.is_set():
            try:
                conn.ping()
                return True
            except RedisError as error:
                log.warning("waiting for Redis: %s", error)
            stop.wait(delay)
            delay = min(delay * 2, REDIS_WAIT_MAX_S)
        return False
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m engine.worker [--url URL] [--burst] [queue ...]`: one worker."""
    parser = argparse.ArgumentParser(prog="python -m engine.worker", description=main.__doc__)
    parser.add_argument("queues", nargs="*", help="queues to work, most urgent first (default: all)")
    parser.add_argument("--url", help="Redis URL (default: REDIS_URL from the environment)")
    parser.add_argument("--burst", action="store_true", help="exit when the queues are empty")
    parser.add_argument("--name", help="worker name (default: RQ's)")
    options = parser.parse_args(argv)
    url = options.url or load_config()["REDIS_URL"]
    if not url:
        parser.error("no Redis: pass --url or set REDIS_URL")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    die_with_parent()
    run_worker(url, options.queues, burst=options.burst, name=options.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
