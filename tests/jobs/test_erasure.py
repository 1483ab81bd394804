"""`formengine erase`: an applicant with an uploaded document, a submitted application PDF, a delivered
staff e-mail and receipts is erased from the database, storage (local and S3), Redis and the mail
outbox; `--verify` then finds nothing while the audit entry and the tombstone stay. A job paused
mid-conversion while its application is erased finds it gone and leaves no file behind."""

import datetime as dt
import json
import os
import signal
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from journey import FILE_KEY, poll, upload
from sqlalchemy import text

import corpus
from engine import db
from engine.cli import main
from engine.delivery import service as deliveries
from engine.documents.storage import storage_from_config
from engine.erasure import cli as erasure_cli
from engine.jobs import fetch_job
from tests.applicants import outbox_messages
from tests.fixtures.delivery_tenant import tenant_with_delivery

pytestmark = [pytest.mark.redis, pytest.mark.slow]
GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "golden" / "intl_undergrad" / "base.json").read_text())
ADDRESS = "ada@example.com"


@pytest.fixture
def job_settings(tmp_path, queue_name):
    return {
        "TENANT_PATH": str(tenant_with_delivery(tmp_path)),
        "APPLICATION_PDF_QUEUE": queue_name,
        "DELIVERY_QUEUE": queue_name,
        "DELIVERY_PDF_WAIT_S": 0.5,
    }


@pytest.fixture(autouse=True)
def on_golden_day(monkeypatch):
    from engine.applications import current

    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(GOLDEN["today"]))


@pytest.fixture
def erase(app, monkeypatch):
    monkeypatch.setattr(erasure_cli, "_app", lambda: app)
    runner = CliRunner()
    return lambda *args: runner.invoke(main, ["erase", *args])


def _count(app, table: str) -> int:
    with app.extensions["db_engine"].connect() as connection:
        return connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()


def _stored(app, application_id: int) -> list[str]:
    store = storage_from_config(app.config)
    return [
        item.key
        for prefix in ("uploads", "converted", "applications")
        for item in store.objects(f"{prefix}/{application_id}/")
    ]


def _submitted_with_everything(app, applicant, burst_worker) -> tuple[str, int]:
    """An application with a converted upload, submitted, its PDF made and its staff e-mail delivered."""
    key = upload(applicant, corpus.pdf(), "essay.pdf")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    burst_worker()
    assert poll(applicant) == {"status": "completed", "message": ""}
    assert applicant.put("/api/answer", json=GOLDEN["answers"]).status_code == 200
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 200, response.json
    for _ in range(10):
        with app.app_context():
            deliveries.dispatch_due(db.session(), app.config)
        burst_worker()
        with app.extensions["db_engine"].connect() as connection:
            states = set(connection.execute(text("SELECT state FROM deliveries")).scalars())
        if states == {"delivered"}:
            break
        time.sleep(0.6)
    assert states == {"delivered"}
    with app.extensions["db_engine"].connect() as connection:
        application_id = connection.execute(text("SELECT id FROM applications")).scalar_one()
    return response.json["reference"], application_id


def test_an_erased_application_leaves_only_its_audit_entry_and_tombstone(app, applicant, burst_worker, erase):
    reference, application_id = _submitted_with_everything(app, applicant, burst_worker)
    assert len(_stored(app, application_id)) >= 3  # the upload, its PDF, the application PDF
    assert outbox_messages(app, ADDRESS) and outbox_messages(app, "admissions@example.edu")

    before = erase("--verify", reference, "--verify", ADDRESS)
    assert before.exit_code == 1
    assert "LEFT  database:" in before.output and "LEFT  storage: applications/" in before.output
    assert "LEFT  mail outbox:" in before.output

    result = erase("--application", reference, "--by", "dpo@example.edu")
    assert result.exit_code == 0, result.output
    assert "storage: " in result.output and "mail outbox: " in result.output and result.output.strip().endswith("done")

    after = erase("--verify", reference, "--verify", ADDRESS)
    assert after.exit_code == 0, after.output
    assert "nothing of it is left" in after.output and "kept  tombstone:" in after.output
    assert _stored(app, application_id) == []
    assert outbox_messages(app, ADDRESS) == [] and outbox_messages(app, "admissions@example.edu") == []
    assert applicant.get("/api/profile").status_code == 401  # the session went with the account

    with app.extensions["db_engine"].connect() as connection:
        stone = connection.execute(text("SELECT application_id, reference, erased_by, pending FROM erasures")).one()
        audit = connection.execute(
            text(
                "SELECT action, reference, application_id, actor_label, detail FROM audit_events WHERE action = 'erase'"
            )
        ).one()
    assert (stone.application_id, stone.reference, stone.pending) == (application_id, reference, "{}")
    assert stone.erased_by == "dpo@example.edu (command line)"
    assert (audit.reference, audit.application_id) == (reference, application_id)
    assert ADDRESS not in audit.detail and "Shenzhen" not in audit.detail


def test_a_draft_is_erased_by_its_address(app, applicant, erase):
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    result = erase("--email", ADDRESS.upper())
    assert result.exit_code == 0, result.output
    assert _count(app, "accounts") == 0 and _count(app, "applications") == 0
    assert erase("--verify", ADDRESS).exit_code == 0


def test_an_unknown_reference_or_address_touches_nothing(app, applicant, erase):
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    result = erase("--application", "INTL-NOSUCH00")
    assert result.exit_code == 2
    assert "no application has the reference INTL-NOSUCH00" in result.output
    assert erase("--email", "nobody@example.com").exit_code == 2
    assert _count(app, "accounts") == 1 and _count(app, "applications") == 1
    assert _count(app, "erasures") == 0 and _count(app, "audit_events") == 0


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_conversion_paused_while_its_application_is_erased_leaves_nothing(
    app, applicant, start_worker, erase, monkeypatch
):
    monkeypatch.setenv("SLOW_JOB_DELAY", "1")
    app.config.update(DOCUMENT_CONVERT_JOB="slow_jobs.convert_slowly", DOCUMENT_JOB_TIMEOUT=30)
    key = upload(applicant, corpus.pdf(), "essay.pdf")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    worker = start_worker()
    deadline = time.monotonic() + 30
    while applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] != "in_progress":
        assert time.monotonic() < deadline, worker.output()
        time.sleep(0.05)
    (horse,) = worker.horses()
    os.kill(horse, signal.SIGSTOP)  # mid-job: it has read its row and not yet written its PDF
    try:
        result = erase("--email", ADDRESS)
    finally:
        os.kill(horse, signal.SIGCONT)
    assert result.exit_code == 0, result.output
    with app.extensions["db_engine"].connect() as connection:
        application_id = connection.execute(text("SELECT application_id FROM erasures")).scalar_one()

    deadline = time.monotonic() + 30
    while worker.horses():  # the job runs to its end
        assert time.monotonic() < deadline, worker.output()
        time.sleep(0.1)
    with app.extensions["db_engine"].connect() as connection:
        (job_id,) = json.loads(connection.execute(text("SELECT ids FROM erasures")).scalar_one())["jobs"]
    assert fetch_job(job_id, app.config["REDIS_URL"]).return_value() == "stale"  # it found its row gone
    assert _stored(app, application_id) == []
    assert _count(app, "document_conversions") == 0 and _count(app, "applications") == 0
    assert erase("--email", ADDRESS).exit_code == 2  # the address went with the account
    # RQ writes the finished job's record (ids only) back as the job ends: erasing again sweeps it.
    again = erase("--application-id", str(application_id))
    assert again.exit_code == 0 and "erased before" in again.output, again.output
    after = erase("--verify", str(application_id), "--verify", ADDRESS)
    assert after.exit_code == 0, after.output


@pytest.mark.parametrize("storage_backend", ["s3"], indirect=True)
def test_a_storage_outage_is_reported_kept_for_later_and_cleared_by_the_next_run(app, applicant, burst_worker, erase):
    key = upload(applicant, corpus.pdf(), "essay.pdf")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    burst_worker()
    assert poll(applicant) == {"status": "completed", "message": ""}
    endpoint = app.config["S3_ENDPOINT_URL"]
    app.config["S3_ENDPOINT_URL"] = "http://127.0.0.1:9"  # nothing listens there: the store is down

    result = erase("--email", ADDRESS)
    assert result.exit_code == 1, result.output
    assert "storage: 0 removed, NOT cleared" in result.output and "NOT done" in result.output
    with app.extensions["db_engine"].connect() as connection:
        application_id, pending = connection.execute(text("SELECT application_id, pending FROM erasures")).one()
    assert "storage" in json.loads(pending)
    assert _count(app, "accounts") == 0  # the rows went at once: no job can work on them any more

    app.config["S3_ENDPOINT_URL"] = endpoint
    assert len(_stored(app, application_id)) == 2  # the upload and its PDF wait for the next run
    again = erase("--application-id", str(application_id))
    assert again.exit_code == 0, again.output
    assert _stored(app, application_id) == []
    with app.extensions["db_engine"].connect() as connection:
        assert connection.execute(text("SELECT pending FROM erasures")).scalar_one() == "{}"
    assert erase("--verify", str(application_id), "--verify", ADDRESS).exit_code == 0


@pytest.mark.parametrize("storage_backend", ["s3"], indirect=True)
def test_every_version_in_a_versioned_bucket_goes(app, applicant, burst_worker, erase):
    store = storage_from_config(app.config)
    store.client.put_bucket_versioning(Bucket=store.bucket, VersioningConfiguration={"Status": "Enabled"})
    key = upload(applicant, corpus.pdf(), "essay.pdf")
    store.write(key, corpus.pdf())  # a second version of the upload
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    burst_worker()
    assert poll(applicant) == {"status": "completed", "message": ""}
    with app.extensions["db_engine"].connect() as connection:
        application_id = connection.execute(text("SELECT id FROM applications")).scalar_one()

    def versions() -> list:
        listing = store.client.list_object_versions(Bucket=store.bucket, Prefix=f"uploads/{application_id}/")
        return [*listing.get("Versions", ()), *listing.get("DeleteMarkers", ())]

    assert len(versions()) == 2
    assert erase("--email", ADDRESS).exit_code == 0
    assert versions() == []
    assert erase("--verify", str(application_id), "--verify", ADDRESS).exit_code == 0
