"""Liveness (/healthz: the process answers) and readiness (/readyz: database and storage reachable,
Redis reported), with the definition version served and the count of problems in the tenant folder
on disk: a broken edit leaves the app ready (the last good version serves) and says so.

Redis is not needed to serve an applicant: saves go to the database, and jobs are recorded in the
outbox and queued when Redis is back (engine.outbox). So Redis down makes the app "degraded", still
ready (200): a load balancer that took every web host out for it would turn a queue outage into a
site outage. The database or the storage down makes it not ready (503)."""

import logging

from flask import current_app
from flask.views import MethodView
from sqlalchemy import text

from engine import db
from engine.extensions import Blueprint, api

log = logging.getLogger(__name__)
blp = Blueprint("ops", __name__, description="Health and readiness for load balancers and orchestrators")


def _check_database() -> None:
    db.session().execute(text("SELECT 1"))


def _check_redis() -> None:
    url = current_app.config.get("REDIS_URL")
    if not url:
        raise RuntimeError("no REDIS_URL configured")
    from engine.jobs import connection

    connection(url).ping()


def _check_storage() -> None:
    from engine.documents.storage import storage_from_config

    storage_from_config(current_app.config).size("readiness-probe/none")


CHECKS = {"database": _check_database, "redis": _check_redis, "storage": _check_storage}
OPTIONAL = frozenset({"redis"})  # down: "degraded", still ready


@blp.route("/healthz")
class LivenessView(MethodView):
    @blp.response(200, description="The process is alive")
    def get(self):
        """Liveness: answers while the process can serve requests."""
        return {"status": "ok"}


@blp.route("/readyz")
class ReadinessView(MethodView):
    @blp.response(200, description="Ready: `status` is `ready`, or `degraded` when only Redis does not answer")
    @blp.alt_response(503, description="The database or the storage does not answer; `checks` says which")
    def get(self):
        """Readiness: the database and document storage answer (Redis down: `degraded`, still 200);
        `definition_version` is the version served, `definition_problems` the problems in the tenant
        folder on disk (0 when valid)."""
        definition = _definition()
        checks = {}
        for name, check in CHECKS.items():
            try:
                check()
                checks[name] = "ok"
            except Exception as exc:  # any failure is reported, with the reason for operators
                log.warning("readiness check %s failed: %s", name, exc)
                checks[name] = f"{'degraded' if name in OPTIONAL else 'failed'}: {type(exc).__name__}"
        failed = [name for name, value in checks.items() if value != "ok" and name not in OPTIONAL]
        if failed:
            return {"message": f"Not ready: {', '.join(failed)} unavailable.", "checks": checks, **definition}, 503
        status = "ready" if all(value == "ok" for value in checks.values()) else "degraded"
        return {"status": status, "checks": checks, **definition}


def _definition() -> dict:
    definitions = current_app.extensions["tenant"]
    return {
        "definition_version": definitions.current().etag,
        "definition_problems": len(definitions.files.problems()),
    }


def init_app(app) -> None:
    api.register_blueprint(blp)
