"""The retention as the worker's periodic task (`RETENTION_EVERY_S`, hourly, one worker at a time per
deployment) and as `formengine retention`: the tenant folder's `retention:` applied with the app's mail
(the reminder in the tenant's words), the counts added to the totals /metrics serves."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

from flask import Flask
from redis.exceptions import RedisError
from sqlalchemy.orm import Session

from engine import db, jobs, mail
from engine.definition import load_and_compile
from engine.definition.retention import Retention
from engine.i18n import accounts
from engine.retention import service

METRICS_KEY = "formengine:retention"


def policy_of(settings: dict) -> Retention | None:
    """The served tenant folder's retention (None: it sets none, and nothing is deleted)."""
    return load_and_compile(Path(settings["TENANT_PATH"])).retention


def _remind(address: str, values: dict, language: str | None = None) -> None:
    with accounts.speaking(language):  # no request: the account's language, not the default
        mail.send("draft_reminder", to=address, **values)


def apply(app: Flask, now: dt.datetime | None = None) -> service.Result | None:
    policy = policy_of(app.config)
    if policy is None:
        return None
    with app.app_context():
        result = service.run(db.session(), app.config, policy, now, remind=_remind)
    record(app.config.get("REDIS_URL") or "", result)
    return result


def record(redis_url: str, result: service.Result) -> None:
    """Add a run's counts to the totals /metrics serves (a Redis outage loses only the figures)."""
    if not redis_url:
        return
    try:
        pipe = jobs.connection(redis_url).pipeline()
        for kind, count in result.deleted.items():
            pipe.hincrby(METRICS_KEY, f"deleted_{kind}", count)
        pipe.hincrby(METRICS_KEY, "reminded", result.reminded)
        pipe.hincrby(METRICS_KEY, "errors", result.errors)
        pipe.hset(METRICS_KEY, "last_run", time.time())
        pipe.execute()
    except RedisError:
        pass


class _Served:
    """The tenant as the worker reads it (the folder), where the app would hold its served version."""

    def __init__(self, compiled):
        self.compiled = compiled

    def current(self):
        return self.compiled


def worker_app(settings: dict, engine) -> Flask:
    """A bare app for the worker's task: the settings, the database and the tenant's words for the
    reminder and the audit entries, without starting what a web process starts (no publishing)."""
    app = Flask("formengine-retention")
    app.config.update(settings)
    app.extensions["db_engine"] = engine
    app.extensions["tenant"] = _Served(load_and_compile(Path(settings["TENANT_PATH"])))
    return app


def periodic(settings: dict, engine) -> service.Result | None:
    """The worker's periodic task (it passes its own database engine)."""
    app = worker_app(settings, engine)
    policy = app.extensions["tenant"].current().retention
    if policy is None:
        return None
    with app.app_context(), Session(engine) as session:
        result = service.run(session, settings, policy, remind=_remind)
    record(settings.get("REDIS_URL") or "", result)
    return result


class RetentionCollector:
    """formengine_retention_deleted_total{kind}, reminders and errors, from Redis."""

    def __init__(self, redis_url: str):
        self.redis_url = redis_url

    def collect(self):
        from prometheus_client.core import CounterMetricFamily

        try:
            totals = jobs.connection(self.redis_url).hgetall(METRICS_KEY)
        except RedisError:
            return
        value = {(k.decode() if isinstance(k, bytes) else k): float(v) for k, v in totals.items()}
        deleted = CounterMetricFamily(
            "formengine_retention_deleted", "Applicants deleted by the tenant's retention", labels=["kind"]
        )
        for kind in ("draft", "submitted", "unconfirmed"):
            deleted.add_metric([kind], value.get(f"deleted_{kind}", 0.0))
        yield deleted
        for name, text in (
            ("reminded", "Reminders sent before a draft's deletion"),
            ("errors", "Deletions not finished"),
        ):
            counter = CounterMetricFamily(f"formengine_retention_{name}", text)
            counter.add_metric([], value.get(name, 0.0))
            yield counter
