"""The RQ queues: how to reach Redis and put a job on a queue.

Jobs are thin shells over plain functions (documents, PDF, mail). Every job is stored with RQ's
JSON serializer (never pickle) and has an explicit timeout. Jobs that must not be lost go through
`engine.outbox` (recorded in the database first); the worker process is `engine.worker`.
"""

from __future__ import annotations

import functools
import logging
import time

from redis import Redis, RedisError, WatchError
from redis.backoff import ExponentialBackoff
from redis.retry import Retry
from rq import Queue
from rq.exceptions import DequeueTimeout
from rq.job import Job
from rq.scheduler import RQScheduler
from rq.serializers import JSONSerializer
from rq.utils import as_text, get_version, import_attribute, now

from engine.config import load_config

DEFAULT_JOB_TIMEOUT = 120  # seconds; a job that needs longer says so when it is enqueued
RESULT_TTL = 3600  # seconds a finished job's result stays readable
FAILURE_TTL = 7 * 24 * 3600  # seconds a failed job stays for inspection

log = logging.getLogger(__name__)


class QueueUnavailable(RuntimeError):
    """No Redis is configured for this process."""


class UnknownJob(ValueError):
    """The dotted path given to enqueue() names no importable function."""


def ping(value):
    """The smallest real job: returns its argument. Used by tests and health checks."""
    return value


# A Redis that is down must cost a request well under a second (not redis-py's default retries),
# and one that hangs (a partition) a few seconds, not forever. RQ's worker raises the socket
# timeout of its own connection above its blocking wait.
CONNECT_TIMEOUT_S = 2.0
SOCKET_TIMEOUT_S = 5.0
RETRIES = Retry(ExponentialBackoff(cap=0.2, base=0.05), 2)


def queue_names(config) -> tuple[str, ...]:
    """Every queue the engine uses, most urgent first: application PDFs, the default queue, conversions."""
    names = (
        config.get("APPLICATION_PDF_QUEUE") or "application-pdfs",
        "default",
        config.get("DOCUMENT_QUEUE") or "conversions",
    )
    return tuple(dict.fromkeys(names))


@functools.lru_cache(maxsize=8)
def connection(redis_url: str) -> Redis:
    """One client (and connection pool) per Redis URL per process; redis-py resets pools after fork."""
    return Redis.from_url(
        redis_url, socket_connect_timeout=CONNECT_TIMEOUT_S, socket_timeout=SOCKET_TIMEOUT_S, retry=RETRIES
    )


def _configured_redis_url() -> str:
    try:
        from flask import current_app

        return current_app.config["REDIS_URL"]
    except RuntimeError:  # outside an app context: read the environment like the app would
        return load_config()["REDIS_URL"]


def _url(redis_url: str | None) -> str:
    url = redis_url or _configured_redis_url()
    if not url:
        raise QueueUnavailable(
            "REDIS_URL is not set: run the app with `formengine run` (which starts an embedded Redis) "
            "or point REDIS_URL at a Redis server."
        )
    return url


def get_queue(name: str = "default", redis_url: str | None = None) -> Queue:
    """The named queue on the configured Redis (the app's REDIS_URL unless one is given)."""
    return Queue(
        name, connection=connection(_url(redis_url)), serializer=JSONSerializer, default_timeout=DEFAULT_JOB_TIMEOUT
    )


def enqueue(
    func_path: str,
    *args,
    job_timeout: int = DEFAULT_JOB_TIMEOUT,
    queue: str = "default",
    redis_url: str | None = None,
    **options,
) -> Job:
    """Put `func_path(*args)` on a queue. Arguments must be JSON values (ids, strings), not objects.

    The function is imported now, so a misspelt path fails in the caller rather than in a worker.
    `options` are passed to RQ (job_id, retry, meta, result_ttl, ...).
    """
    check_function(func_path)
    options.setdefault("result_ttl", RESULT_TTL)
    options.setdefault("failure_ttl", FAILURE_TTL)
    return get_queue(queue, redis_url).enqueue_call(func_path, args=args, timeout=job_timeout, **options)


def check_function(func_path: str) -> None:
    """UnknownJob unless `func_path` names an importable function."""
    try:
        import_attribute(func_path)
    except (ImportError, AttributeError, ValueError) as exc:
        raise UnknownJob(f"No job function {func_path!r}: {exc}") from exc


def fetch_job(job_id: str, redis_url: str | None = None) -> Job:
    return Job.fetch(job_id, connection=connection(_url(redis_url)), serializer=JSONSerializer)


def requeue_stranded(queue: Queue, older_than_s: float) -> list[str]:
    """Put back on `queue` the jobs stranded in RQ's intermediate queue; their ids.

    A single-queue worker takes a job by moving it to `<queue>:intermediate` (BLMOVE), then marks it
    started. When Redis stops in between (or the worker dies there), the job stays in the
    intermediate list, started by no one: RQ's own cleanup fails it after a minute, on its ten-minute
    maintenance. Here a job there that is not in the started registry is requeued, at the front,
    once RQ's first sighting of it (IntermediateQueue.set_first_seen, shared with RQ's cleanup) is
    `older_than_s` old: a live worker moves a job on within milliseconds. The move is one Redis
    transaction that only happens while the job is still in the list, so two workers never both
    requeue it and a crash in between loses nothing."""
    intermediate = queue.intermediate_queue
    requeued = []
    for job_id in intermediate.get_job_ids():
        if job_id in queue.started_job_registry or intermediate.set_first_seen(job_id):
            continue  # started (RQ's abandoned-job handling covers it), or seen for the first time
        first_seen = intermediate.get_first_seen(job_id)
        if first_seen is None or (now() - first_seen).total_seconds() < older_than_s:
            continue
        job = queue.fetch_job(job_id)
        if job is None:
            intermediate.remove(job_id)  # its data expired: nothing to run
            continue
        if _move_back(queue, job):
            log.warning(
                "job %s was stranded in %s's intermediate queue (taken, never started): requeued", job_id, queue.name
            )
            requeued.append(job_id)
    return requeued


def _move_back(queue: Queue, job: Job) -> bool:
    intermediate = queue.intermediate_queue
    with queue.connection.pipeline() as pipe:
        try:
            pipe.watch(intermediate.key)
            if job.id.encode() not in pipe.lrange(intermediate.key, 0, -1):
                return False  # a worker started it, or another check moved it meanwhile
            pipe.multi()
            pipe.lrem(intermediate.key, 1, job.id)
            pipe.delete(intermediate.get_first_seen_key(job.id))
            queue.enqueue_job(job, pipeline=pipe, at_front=True)
            pipe.execute()
        except WatchError:
            return False
    return True


class MovingQueue(Queue):
    """RQ's queue whose workers take every job by moving it to its queue's intermediate list.

    RQ does so for a worker of one queue (BLMOVE); a worker of several pops the job (BLPOP), so a
    job taken the instant before Redis stops is in no list at all, and `requeue_stranded` cannot
    find it. Here a worker of several queues moves too: LMOVE from each queue, most urgent first,
    and between rounds a BLMOVE on the most urgent one for at most `wait_slice_s` (Redis has no
    blocking move from several lists; the worker sets it from JOB_WAIT_SLICE_S), so a job on another
    queue waits that long at most for an idle worker. The worker removes the job from the intermediate list when it starts it
    (`engine.worker.EngineWorker.prepare_job_execution`)."""

    wait_slice_s = 0.25

    @classmethod
    def dequeue_any(
        cls, queues, timeout, connection, job_class=None, serializer=None, death_penalty_class=None
    ) -> tuple[Job, Queue] | None:
        queues = list(queues)
        if len(queues) < 2 or get_version(connection) < (6, 2, 0):  # LMOVE is Redis 6.2's
            return super().dequeue_any(
                queues,
                timeout,
                connection=connection,
                job_class=job_class,
                serializer=serializer,
                death_penalty_class=death_penalty_class,
            )
        options = {"job_class": job_class, "serializer": serializer, "death_penalty_class": death_penalty_class}
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            for queue in queues:
                job_id = connection.lmove(queue.key, queue.intermediate_queue_key)
                found = None if job_id is None else cls._taken(connection, queue, job_id, options)
                if found is not None:
                    return found
            if deadline is None:
                return None
            left = deadline - time.monotonic()
            if left <= 0:
                raise DequeueTimeout(timeout, [queue.key for queue in queues])
            first = queues[0]
            job_id = connection.blmove(first.key, first.intermediate_queue_key, min(cls.wait_slice_s, left))
            if job_id is not None:
                found = cls._taken(connection, first, job_id, options)
                if found is not None:
                    return found

    @classmethod
    def _taken(cls, connection, queue: Queue, job_id, options: dict) -> tuple[Job, Queue] | None:
        """The job a worker moved off `queue`, or None when its data expired (then it is dropped)."""
        found = cls._fetch_dequeued_job(connection, queue.key, as_text(job_id), **options)
        if found is None:
            connection.lrem(queue.intermediate_queue_key, 1, job_id)
        return found


class OutageTolerantScheduler(RQScheduler):
    """RQ's scheduler (the process a worker forks to enqueue scheduled jobs and retries), which
    outlives a Redis outage: one log line when Redis stops answering, then it waits and goes on
    when Redis is back. RQ's own ends with a traceback there (twice: its log, then multiprocessing's)
    and is started again by its worker's next maintenance, only to fail the same way."""

    def work(self):
        outage = False
        while not self._stop_requested:
            try:
                if outage:
                    self.connection.ping()
                    log.debug("scheduler: Redis answers again")
                    outage = False
                super().work()
                return
            except RedisError as error:
                if not outage:
                    log.warning("scheduler: Redis does not answer (%s); waiting for it", type(error).__name__)
                    outage = True
                time.sleep(min(float(self.interval), 5.0))


if __name__ == "__main__":
    raise SystemExit("The worker is `python -m engine.worker` (or `formengine worker`).")
