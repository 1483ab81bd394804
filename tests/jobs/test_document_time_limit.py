"""A conversion that reaches its time limit fails saying so (not "damaged", not "did not finish"),
and is not retried; the worker carries on."""

import pytest
from journey import FILE_KEY, poll, upload

import corpus

pytestmark = [pytest.mark.redis, pytest.mark.slow]


@pytest.fixture
def job_settings():
    # The slow job sleeps 30 s before converting; RQ stops it at 2 s.
    return {"DOCUMENT_CONVERT_JOB": "slow_jobs.convert_slowly", "DOCUMENT_JOB_TIMEOUT": 2, "DOCUMENT_JOB_GRACE_S": 1}


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_conversion_that_reaches_its_time_limit_says_so(app, applicant, start_worker, storage_backend, monkeypatch):
    monkeypatch.setenv("SLOW_JOB_DELAY", "30")
    worker = start_worker()
    file_key = upload(applicant, corpus.pdf(), "essay.pdf")
    response = applicant.post(
        f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "essay.pdf"}
    )
    assert response.status_code == 202, response.json
    assert poll(applicant, timeout=25) == {
        "status": "failed",
        "message": "Converting your file took longer than the 2-second limit, so it was stopped. "
        "Please upload a smaller or simpler file, or a PDF.",
    }
    from sqlalchemy import text

    with app.extensions["db_engine"].connect() as conn:
        assert conn.execute(text("SELECT attempts FROM document_conversions")).scalar() == 1
    assert worker.process.poll() is None, worker.output()
