"""A worker killed mid-job (the whole worker, or only its work-horse): the conversion is retried
once, then failed with a message; never left in_progress."""

import time

import pytest
from journey import FILE_KEY, poll, upload

import corpus

pytestmark = [pytest.mark.redis, pytest.mark.slow]


def stored_size(app, key):
    from engine.documents.storage import storage_from_config

    return storage_from_config(app.config).size(key)


def conversion_row(app):
    from sqlalchemy import text

    with app.extensions["db_engine"].connect() as conn:
        return (
            conn.execute(
                text("SELECT status, message, upload_key, pdf_key, file_size, attempts FROM document_conversions")
            )
            .mappings()
            .first()
        )


@pytest.fixture
def job_settings():
    # The slow job pauses 2 s mid-conversion: a worker killed then leaves the row in_progress
    # until timeout + grace (5 + 1 s) has passed. 5 s leaves a finishing conversion 3 s beside
    # its pause (it takes well under 1 s, on a loaded machine too).
    return {"DOCUMENT_CONVERT_JOB": "slow_jobs.convert_slowly", "DOCUMENT_JOB_TIMEOUT": 5, "DOCUMENT_JOB_GRACE_S": 1}


def _wait_for(client, status: str, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(f"/api/pdf/document-answer/{FILE_KEY}").json
        if body["status"] == status:
            return body
        time.sleep(0.1)
    raise AssertionError(f"status never became {status}: {body}")


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_job_whose_worker_is_killed_is_retried_then_completes(app, applicant, start_worker, storage_backend):
    file_key = upload(applicant, corpus.pdf(), "essay.pdf")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "essay.pdf"})
    worker = start_worker()
    _wait_for(applicant, "in_progress")
    worker.kill()  # SIGKILL to the worker and its work-horse: no handler runs

    assert applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] == "in_progress"
    retried = _wait_for(applicant, "unprocessed", timeout=25)  # past the deadline: queued again
    assert retried == {"status": "unprocessed", "message": ""}
    assert conversion_row(app)["attempts"] == 2

    start_worker()
    assert poll(applicant, timeout=30) == {"status": "completed", "message": ""}


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_job_killed_twice_fails_with_a_message(app, applicant, start_worker, storage_backend):
    file_key = upload(applicant, corpus.pdf(), "essay.pdf")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "essay.pdf"})
    for _ in range(2):
        worker = start_worker()
        _wait_for(applicant, "in_progress")
        worker.kill()
        body = _wait_for(applicant, "unprocessed" if _ == 0 else "failed", timeout=25)
    assert body == {
        "status": "failed",
        "message": "The conversion of your file did not finish. Please upload it again.",
    }
    assert stored_size(app, file_key) is None
    assert FILE_KEY not in applicant.get("/api/profile").json["answer"]


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_killed_work_horse_is_noticed_at_once(app, applicant, start_worker, storage_backend):
    """When only the work-horse dies, RQ marks the job failed without running our code; the next
    status poll sees that and queues the conversion again without waiting for the deadline."""
    import os
    import signal

    from engine.jobs import fetch_job

    file_key = upload(applicant, corpus.pdf(), "essay.pdf")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "essay.pdf"})
    worker = start_worker()
    _wait_for(applicant, "in_progress")
    from sqlalchemy import text

    with app.extensions["db_engine"].connect() as conn:
        job_id = conn.execute(text("SELECT job_id FROM document_conversions")).scalar()
    horses = worker.horses()
    assert len(horses) == 1
    os.kill(horses[0], signal.SIGKILL)
    deadline = time.monotonic() + 10
    while fetch_job(job_id, app.config["REDIS_URL"]).get_status() != "failed" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] == "unprocessed"
    assert poll(applicant, timeout=30) == {"status": "completed", "message": ""}
    assert worker.process.poll() is None


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_worker_killed_before_the_job_wrote_its_row_is_noticed(app, applicant, start_worker, storage_backend):
    """RQ's own start time bounds the wait, not the 10-minute queue allowance."""
    from sqlalchemy import text

    from engine.jobs import fetch_job

    app.config["DOCUMENT_CONVERT_JOB"] = "slow_jobs.start_slowly"
    file_key = upload(applicant, corpus.pdf(), "essay.pdf")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "essay.pdf"})
    with app.extensions["db_engine"].connect() as conn:
        job_id = conn.execute(text("SELECT job_id FROM document_conversions")).scalar()
    worker = start_worker()
    deadline = time.monotonic() + 30
    while fetch_job(job_id, app.config["REDIS_URL"]).get_status() != "started" and time.monotonic() < deadline:
        time.sleep(0.05)
    worker.kill()
    assert conversion_row(app)["status"] == "unprocessed"
    started = time.monotonic()
    retried = _wait_for(applicant, "unprocessed", timeout=25)
    while conversion_row(app)["attempts"] < 2 and time.monotonic() - started < 25:
        retried = applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json
        time.sleep(0.1)
    assert conversion_row(app)["attempts"] == 2, retried
    assert time.monotonic() - started < 20  # job timeout 5 s + grace 1 s, not DOCUMENT_QUEUE_WAIT_S
    start_worker()
    assert poll(applicant, timeout=30) == {"status": "completed", "message": ""}
