"""Prometheus metrics at /metrics: request latency by endpoint, and from Redis the queue depth,
job durations and failures (read from RQ's registries, so every worker process is counted).

Under gunicorn with several workers set PROMETHEUS_MULTIPROC_DIR to an empty folder; the
endpoint then aggregates every process (prometheus_client's multiprocess mode).

The production entry points (gunicorn's engine.wsgi, the worker) refuse to start unless
METRICS_TOKEN is a real token or METRICS_PUBLIC=1 says a public /metrics is meant
(`require_protection`): queue names, job counts and latencies are not for everyone."""

import os
import time

from flask import Response, current_app, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, SummaryMetricFamily
from sqlalchemy.exc import SQLAlchemyError

from engine import outbox, signing
from engine.jobs import get_queue, queue_names

REQUEST_LATENCY = Histogram(
    "formengine_http_request_duration_seconds",
    "HTTP request latency by endpoint",
    ["method", "endpoint", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)


class JobCollector:
    """Queue depth, finished and failed jobs and job durations, read from Redis at scrape time."""

    def __init__(self, redis_url: str, queues: tuple[str, ...]):
        self.redis_url = redis_url
        self.queues = queues

    def collect(self):
        from rq.registry import FailedJobRegistry, FinishedJobRegistry, StartedJobRegistry

        depth = GaugeMetricFamily("formengine_queue_depth", "Jobs waiting in each queue", labels=["queue"])
        running = GaugeMetricFamily("formengine_jobs_running", "Jobs being worked on", labels=["queue"])
        failed = CounterMetricFamily("formengine_jobs_failed", "Failed jobs kept for inspection", labels=["queue"])
        finished = CounterMetricFamily("formengine_jobs_finished", "Finished jobs still registered", labels=["queue"])
        durations = SummaryMetricFamily(
            "formengine_job_duration_seconds", "Durations of registered finished jobs", labels=["queue"]
        )
        for name in self.queues:
            queue = get_queue(name, self.redis_url)
            depth.add_metric([name], len(queue))
            running.add_metric([name], StartedJobRegistry(queue=queue).count)
            failed.add_metric([name], FailedJobRegistry(queue=queue).count)
            finished_registry = FinishedJobRegistry(queue=queue)
            ids = finished_registry.get_job_ids(0, 199)
            finished.add_metric([name], finished_registry.count)
            total, count = 0.0, 0
            for job in queue.job_class.fetch_many(ids, connection=queue.connection, serializer=queue.serializer):
                if job is not None and job.started_at and job.ended_at:
                    total += (job.ended_at - job.started_at).total_seconds()
                    count += 1
            durations.add_metric([name], count, total)
        yield from (depth, running, failed, finished, durations)


class OutboxCollector:
    """Jobs recorded in the database and not yet on their queue (Redis down), read at scrape time
    from the database, so the figure is there when Redis is not."""

    def __init__(self, database):
        self.database = database

    def collect(self):
        try:
            waiting = outbox.waiting_count(self.database)
        except SQLAlchemyError:
            return
        gauge = GaugeMetricFamily("formengine_jobs_waiting_for_redis", "Jobs recorded in the outbox, not yet queued")
        gauge.add_metric([], waiting)
        yield gauge


def _registry(with_jobs: bool) -> CollectorRegistry:
    registry = CollectorRegistry()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.MultiProcessCollector(registry)
    else:
        registry.register(REQUEST_LATENCY)
    registry.register(OutboxCollector(current_app.extensions["db_engine"]))
    if with_jobs and current_app.config.get("REDIS_URL"):
        registry.register(JobCollector(current_app.config["REDIS_URL"], queue_names(current_app.config)))
    # Domains add collectors of their own (delivery: deliveries by state) as factories.
    for collector in current_app.extensions.get("metrics_collectors", ()):
        registry.register(collector())
    return registry


def protection_problem(config: dict) -> str | None:
    """Why this process must not start as configured, or None: METRICS_TOKEN missing (without
    METRICS_PUBLIC=1), or a placeholder or too short to be a secret, judged as SECRET_KEY is."""
    token = config.get("METRICS_TOKEN") or ""
    if not token:
        if config.get("METRICS_PUBLIC"):
            return None
        return (
            "METRICS_TOKEN is not set, so /metrics would be public. Set METRICS_TOKEN (Prometheus sends it as "
            "`Authorization: Bearer ...`), or METRICS_PUBLIC=1 when only a private network reaches /metrics. "
            + signing.HOW_TO_MAKE
        )
    return signing.problem(token, "METRICS_TOKEN")


def require_protection(config: dict) -> None:
    """SystemExit with the reason unless /metrics is protected, or public on purpose."""
    problem = protection_problem(config)
    if problem:
        raise SystemExit(problem)


def init_app(app) -> None:
    children: dict[tuple, object] = {}  # one histogram child per (method, endpoint, status), made once

    @app.after_request
    def _observe(response):
        started = g.get("request_started")  # set by the request log's before_request (engine/ops/logs.py)
        if started is not None:
            current = request._get_current_object()  # type: ignore[attr-defined]
            labels = (current.method, current.url_rule.rule if current.url_rule else "unmatched", response.status_code)
            child = children.get(labels)
            if child is None:
                child = children[labels] = REQUEST_LATENCY.labels(labels[0], labels[1], str(labels[2]))
            child.observe(time.perf_counter() - started)
        return response

    @app.get("/metrics")
    def metrics():
        token = app.config.get("METRICS_TOKEN")
        if token and request.headers.get("Authorization") != f"Bearer {token}":
            return {"message": "A valid metrics token is required."}, 401
        try:
            body = generate_latest(_registry(with_jobs=True))
        except Exception:  # Redis down: still serve the request metrics
            body = generate_latest(_registry(with_jobs=False))
        return Response(body, mimetype=CONTENT_TYPE_LATEST)
