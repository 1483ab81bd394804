"""The RQ queues: how to reach Redis and put a job on a queue.

Jobs are thin shells over plain functions (documents, PDF, mail). Every job is stored with RQ's
JSON serializer (never pickle) and has an explicit timeout. Jobs that must not be lost go through
`engine.outbox` (recorded in the database first); the worker process is `engine.worker`.
"""

from __future__ import annotations

import functools
import logging

from redis import Redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry
from rq import Queue
from rq.job import Job
from rq.serializers import JSONSerializer
from rq.utils import import_attribute

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


if __name__ == "__main__":
    raise SystemExit("The worker is `python -m engine.worker` (or `formengine worker`).")
