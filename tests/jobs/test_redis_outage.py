"""Redis goes down in the middle of an applicant's work, with a real worker running: answers still
save, the submission and the conversion request are accepted, their jobs wait in the database
(engine/outbox.py) and run once Redis is back; nothing is lost. The Redis server is this test's
own (a restart loses its data, the worst case); the shared one is never stopped."""

import json
import time
from pathlib import Path

import pytest
import redis_server
from journey import FILE_KEY, upload

import corpus
from engine import outbox

pytestmark = [pytest.mark.redis, pytest.mark.slow]
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "intl_undergrad" / "base.json"


@pytest.fixture
def own_redis(tmp_path):
    with redis_server.serving(tmp_path) as server:
        yield server


@pytest.fixture
def app_overrides(own_redis, queue_name, tmp_path):
    return {
        "REDIS_URL": own_redis.url,
        "DOCUMENT_QUEUE": queue_name,
        "APPLICATION_PDF_QUEUE": f"{queue_name}-pdf",
        "STORAGE_BACKEND": "local",
        "STORAGE_PATH": str(tmp_path / "documents"),
    }


@pytest.fixture
def on_golden_day(monkeypatch):
    import datetime as dt

    from engine.applications import current

    golden = json.loads(GOLDEN.read_text())
    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    return golden["answers"]


def _wait_for(check, timeout: float = 120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.3)
    raise AssertionError(f"not reached within {timeout} s")


def test_nothing_is_lost_while_redis_is_down(app, applicant, own_redis, start_worker, on_golden_day):
    worker = start_worker()
    _wait_for(lambda: "Listening on" in worker.output(), timeout=60)
    assert applicant.put("/api/answer", json=on_golden_day).status_code == 200
    engine = app.extensions["db_engine"]

    # First outage: a save and a conversion request (the essay's file, which submit needs answered).
    own_redis.stop()
    saved = applicant.put("/api/answer", json={"preferred_name": "Mei-Lin"})
    assert saved.status_code == 200, saved.json
    file_key = upload(applicant, corpus.png(), "essay.png")
    requested = applicant.post(
        f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "essay.png"}
    )
    assert requested.status_code == 202 and requested.json["status"] == "unprocessed"
    # Polls during the outage: still waiting, never failed.
    assert applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] == "unprocessed"
    assert outbox.waiting_count(engine) >= 1

    own_redis.start()  # empty: whatever Redis held before the outage is gone
    assert _wait_for(lambda: applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] == "completed")
    assert applicant.get("/api/profile").json["answer"][FILE_KEY] == "ANSWERED"

    # Second outage: the submission is accepted and its PDF job waits in the database.
    own_redis.stop()
    submitted = applicant.post("/api/submit", json={})
    assert submitted.status_code == 200, submitted.json
    assert applicant.get("/api/pdf").json["status"] == "unprocessed"
    assert outbox.waiting_count(engine) >= 1

    own_redis.start()
    ready = _wait_for(lambda: (body := applicant.get("/api/pdf").json)["status"] == "completed" and body)
    assert ready["url"]
    assert outbox.waiting_count(engine) == 0
    answers = applicant.get("/api/profile").json["answer"]
    assert answers["preferred_name"] == "Mei-Lin" and answers["first_name"] == on_golden_day["first_name"]
    assert answers[FILE_KEY] == "ANSWERED"
    assert "could not connect to Redis" in worker.output() or "lost Redis" in worker.output()
