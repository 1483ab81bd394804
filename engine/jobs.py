"""The RQ queues and the worker entry point.

Jobs are thin shells over plain functions (documents, PDF, mail); this module only knows
how to reach Redis, how to put a job on a queue and how to run a worker. Every job is
stored with RQ's JSON serializer (never pickle) and has an explicit timeout.
"""

from __future__ import annotations

import argparse
import functools
import logging
import sys
from collections.abc import Sequence

from redis import Redis
from rq import Queue, Worker
from rq.job import Job
from rq.serializers import JSONSerializer
from rq.utils import import_attribute

from engine import signing
from engine.config import load_config

QUEUES = ("default",)
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


@functools.lru_cache(maxsize=8)
def connection(redis_url: str) -> Redis:
    """One client (and connection pool) per Redis URL per process; redis-py resets pools after fork."""
    return Redis.from_url(redis_url)


def _configured_redis_url() -> str:
    try:
        from flask import current_app

        return current_app.config["REDIS_URL"]
    except RuntimeError:  # outside an app context: read the environment like the app would
        return load_config()["REDIS_URL"]


def get_queue(name: str = "default", redis_url: str | None = None) -> Queue:
    """The named queue on the configured Redis (the app's REDIS_URL unless one is given)."""
    url = redis_url or _configured_redis_url()
    if not url:
        raise QueueUnavailable(
            "REDIS_URL is not set: run the app with `formengine run` (which starts an embedded Redis) "
            "or point REDIS_URL at a Redis server."
        )
    return Queue(name, connection=connection(url), serializer=JSONSerializer, default_timeout=DEFAULT_JOB_TIMEOUT)


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
    try:
        import_attribute(func_path)
    except (ImportError, AttributeError, ValueError) as exc:
        raise UnknownJob(f"No job function {func_path!r}: {exc}") from exc
    options.setdefault("result_ttl", RESULT_TTL)
    options.setdefault("failure_ttl", FAILURE_TTL)
    return get_queue(queue, redis_url).enqueue_call(func_path, args=args, timeout=job_timeout, **options)


def fetch_job(job_id: str, redis_url: str | None = None) -> Job:
    url = redis_url or _configured_redis_url()
    return Job.fetch(job_id, connection=connection(url), serializer=JSONSerializer)


# What jobs import, loaded once in the worker so the work-horse RQ forks per job inherits it
# (re-importing in every horse cost about 0.5 s of CPU per job).
PRELOADS = ("engine.documents.jobs.preload",)


def _preload() -> None:
    for path in PRELOADS:
        try:
            import_attribute(path)()
        except (ImportError, AttributeError):
            log.warning("worker preload %s is not available", path)


def run_worker(
    redis_url: str,
    queues: Sequence[str] = QUEUES,
    *,
    burst: bool = False,
    name: str | None = None,
    with_scheduler: bool = True,
) -> bool:
    """Work the given queues until stopped (or, with burst, until they are empty).

    The scheduler is on so jobs enqueued with `Retry(..., interval=...)` are retried.
    SIGINT/SIGTERM make RQ finish the current job and exit (a second signal stops it at once).
    Refuses to start (SystemExit) without a usable SECRET_KEY in the environment.
    """
    signing.require(load_config())
    _preload()
    conn = connection(redis_url)
    worker = Worker(
        [Queue(queue, connection=conn, serializer=JSONSerializer) for queue in queues],
        connection=conn,
        name=name,
        serializer=JSONSerializer,
    )
    return worker.work(burst=burst, with_scheduler=with_scheduler, logging_level="INFO")


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m engine.jobs [--url URL] [--burst] [queue ...]`: one RQ worker."""
    parser = argparse.ArgumentParser(prog="python -m engine.jobs", description=main.__doc__)
    parser.add_argument("queues", nargs="*", default=list(QUEUES))
    parser.add_argument("--url", help="Redis URL (default: REDIS_URL from the environment)")
    parser.add_argument("--burst", action="store_true", help="exit when the queues are empty")
    parser.add_argument("--name", help="worker name (default: RQ's)")
    options = parser.parse_args(argv)
    url = options.url or _configured_redis_url()
    if not url:
        parser.error("no Redis: pass --url or set REDIS_URL")
    from engine.runner import die_with_parent

    die_with_parent()
    run_worker(url, options.queues, burst=options.burst, name=options.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
