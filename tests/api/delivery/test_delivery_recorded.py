"""Deliveries are recorded in the submission's own transaction, one per target, and their jobs by the
worker's periodic task (through the job outbox); a webhook whose secret is not in the environment
stops the app, the CLI and the worker from starting."""

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from engine import db
from engine.delivery import service
from engine.delivery.service import DeliveryConfigInvalid
from tests.applicants import make_applicant
from tests.fixtures.delivery_tenant import SECRET_ENV, tenant_with_delivery

GOLDEN = json.loads((Path(__file__).resolve().parents[2] / "golden" / "intl_undergrad" / "base.json").read_text())
HOOK = "http://127.0.0.1:9/hooks/apply"


@pytest.fixture
def app_overrides(tmp_path, monkeypatch):
    monkeypatch.setenv(SECRET_ENV, "a-long-random-shared-secret")
    tenant = tenant_with_delivery(tmp_path, emails=("admissions@example.edu", "registry@example.edu"), webhooks=(HOOK,))
    return {"TENANT_PATH": str(tenant)}


@pytest.fixture
def on_golden_day(monkeypatch):
    from engine.applications import current

    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(GOLDEN["today"]))


def _sql(app, statement):
    with app.extensions["db_engine"].begin() as connection:
        return connection.execute(text(statement)).fetchall()


def test_a_submission_records_a_delivery_per_target_with_its_job(app, on_golden_day):
    applicant = make_applicant(app, "mei@example.com")
    assert applicant.put("/api/answer", json=GOLDEN["answers"]).status_code == 200
    assert applicant.post("/api/submit", json={}).status_code == 200
    rows = _sql(app, "SELECT kind, target, state, attempts, job_id, config FROM deliveries ORDER BY id")
    assert [(r.kind, r.target, r.state, r.attempts) for r in rows] == [
        ("email", "admissions@example.edu", "pending", 0),
        ("email", "registry@example.edu", "pending", 0),
        ("webhook", HOOK, "pending", 0),
    ]
    config = [json.loads(r.config) if isinstance(r.config, str) else r.config for r in rows]
    assert config[0]["tenant_name"] == "Example College International Undergraduate Application"
    assert config[2] == {"url": HOOK, "secret_env": SECRET_ENV, "timeout_s": 5.0}  # the name, never the secret
    # The submit queues nothing itself: the worker's periodic task records each delivery's job.
    assert [r.job_id for r in rows] == [None, None, None]
    with app.app_context():
        assert service.dispatch_due(db.session(), app.config) == 3
    jobs = {r.job_id: r for r in _sql(app, "SELECT job_id, func, args FROM job_outbox")}
    for row in _sql(app, "SELECT id, job_id FROM deliveries"):
        assert jobs[row.job_id].func == "engine.delivery.jobs.deliver" and json.loads(jobs[row.job_id].args) == [row.id]
    # A second submit changes nothing and records nothing more.
    assert applicant.post("/api/submit", json={}).status_code == 200
    assert len(_sql(app, "SELECT id FROM deliveries")) == 3


def test_a_refused_submission_records_no_delivery(app, on_golden_day):
    applicant = make_applicant(app, "mei@example.com")
    assert applicant.post("/api/submit", json={}).status_code == 422
    assert _sql(app, "SELECT id FROM deliveries") == []


def test_a_webhook_without_its_secret_stops_the_start_with_a_message(tmp_path, monkeypatch, database_url):
    from engine.app import create_app

    monkeypatch.delenv(SECRET_ENV, raising=False)
    tenant = tenant_with_delivery(tmp_path, webhooks=(HOOK,))
    with pytest.raises(DeliveryConfigInvalid) as refused:
        create_app(
            {
                "TESTING": True,
                "DATABASE_URL": database_url,
                "TENANT_PATH": str(tenant),
                "INSTANCE_PATH": str(tmp_path / "instance"),
            }
        )
    message = str(refused.value)
    assert SECRET_ENV in message and "tenant.yaml:" in message and HOOK in message
    assert "not set in this process's environment" in message


def test_the_webhook_body_schema_is_published(client):
    response = client.get("/api/delivery/webhook.schema.json")
    assert response.status_code == 200 and response.mimetype == "application/schema+json"
    schema = response.json
    assert schema["properties"]["event"] == {"const": "application.submitted"}
    assert "webhook-signature" in schema["description"] and "5 minutes" in schema["description"]
    paths = client.get("/api/openapi.json").json["paths"]
    assert "/api/delivery/webhook.schema.json" in paths


@pytest.mark.parametrize(
    "command, says",
    [
        (["deliveries"], "Error: "),
        (["worker", "--burst"], "The worker was not started."),
    ],
)
def test_the_commands_refuse_to_start_without_the_secret_and_say_why(tmp_path, monkeypatch, command, says):
    """The real console script: a clear message naming the variable, never a traceback."""
    tenant = tenant_with_delivery(tmp_path, webhooks=(HOOK,))
    env = {k: v for k, v in os.environ.items() if k != SECRET_ENV}
    env.update(
        TENANT=str(tenant),
        FORMENGINE_INSTANCE=str(tmp_path / "instance"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite'}",
        REDIS_URL="redis://127.0.0.1:1/0",
        SECRET_KEY="k" * 48,
        METRICS_PUBLIC="1",
    )
    formengine = Path(sys.executable).with_name("formengine")
    result = subprocess.run([str(formengine), *command], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert SECRET_ENV in result.stderr and says in result.stderr and "Traceback" not in result.stderr
