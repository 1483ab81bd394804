"""Nothing left behind: stored files and rows of documents no answer references are removed after
the grace period, on local storage and on an S3-compatible server (moto), by the worker's periodic
task and by `formengine cleanup`; a file a row names (an answer's upload and PDF, the application
PDF) never is."""

import datetime as dt
import re
import subprocess
import sys
import time

import pytest
from job_workers import ROOT, worker_env
from journey import FILE_KEY, poll, upload

import corpus
from tests.applicants import make_applicant

pytestmark = [pytest.mark.redis, pytest.mark.slow]


@pytest.fixture
def job_settings():
    return {"CLEANUP_EVERY_S": 0}  # the test's workers clean up only when a test says so


def store(app):
    from engine.documents.storage import storage_from_config

    return storage_from_config(app.config)


def rows(app):
    from sqlalchemy import text

    with app.extensions["db_engine"].connect() as conn:
        return sorted(
            tuple(row) for row in conn.execute(text("SELECT application_id, status FROM document_conversions"))
        )


def stored(app) -> set[str]:
    return {item.key for prefix in ("uploads/", "converted/", "applications/") for item in store(app).objects(prefix)}


@pytest.fixture
def documents(app, applicant, burst_worker):
    """Ada: a converted essay and her application PDF (named by rows), then an upload she never
    converted and a stray converted file (named by nothing). Grace: a conversion that failed."""
    essay = upload(applicant, corpus.pdf(), "essay.pdf")
    body = {"file_key": essay, "file_name": "essay.pdf"}
    assert applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json=body).status_code == 202
    grace = make_applicant(app, "grace@example.com")
    hostile = upload(grace, corpus.corrupt_pdf(), "broken.pdf")
    body = {"file_key": hostile, "file_name": "broken.pdf"}
    assert grace.post(f"/api/pdf/document-answer/{FILE_KEY}", json=body).status_code == 202
    burst_worker()
    assert poll(applicant)["status"] == "completed"
    assert poll(grace)["status"] == "failed"
    assert applicant.get("/api/pdf").json["status"] == "unprocessed"
    burst_worker()
    assert applicant.get("/api/pdf").json["status"] == "completed"
    kept = stored(app)
    assert len(kept) == 3  # the essay, its PDF, the application PDF
    orphan = upload(applicant, corpus.png(), "photo.png")  # presigned and sent, never converted
    stray = "converted/1/essay_file/0123456789abcdef0123456789abcdef.pdf"
    store(app).write(stray, corpus.pdf("left by a crashed job"))
    return {"kept": kept, "removed": {orphan, stray}, "applicant": applicant, "grace": grace}


def run_cleanup(app, hours: float, dry_run: bool = False):
    from engine import db
    from engine.documents import cleanup

    with app.app_context():
        return cleanup.run(db.session(), store(app), dt.timedelta(hours=hours), dry_run=dry_run)


def test_cleanup_removes_what_no_answer_references_and_keeps_the_rest(app, documents):
    everything = documents["kept"] | documents["removed"]
    assert stored(app) == everything
    assert rows(app) == [(1, "completed"), (2, "failed")]

    dry = run_cleanup(app, 0, dry_run=True)
    assert (dry.files, dry.rows, dry.kept) == (2, 1, 3)
    assert stored(app) == everything and len(rows(app)) == 2  # a dry run removes nothing

    fresh = run_cleanup(app, 1)  # everything is younger than an hour: the grace period holds
    assert (fresh.files, fresh.rows) == (0, 0)
    assert stored(app) == everything

    done = run_cleanup(app, 0)
    assert (done.files, done.rows, done.kept, done.errors) == (2, 1, 3, 0)
    assert done.bytes > 0
    assert stored(app) == documents["kept"]
    assert rows(app) == [(1, "completed")]
    # What the applicants see: Ada's document and PDF are still there; Grace's failure is forgotten.
    ada = documents["applicant"]
    assert poll(ada) == {"status": "completed", "message": ""}
    assert ada.get("/api/pdf").json["status"] == "completed"
    assert poll(documents["grace"]) == {"status": "not_answered", "message": ""}

    again = run_cleanup(app, 0)
    assert (again.files, again.rows, again.kept) == (0, 0, 3)


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_the_worker_cleans_up_by_itself_and_counts_it_in_the_metrics(app, documents, start_worker, storage_backend):
    def removed_files() -> float:
        found = re.search(
            r"^formengine_cleanup_removed_files_total (\S+)$", app.test_client().get("/metrics").text, re.M
        )
        return float(found.group(1)) if found else 0.0

    before = removed_files()
    app.config.update(CLEANUP_EVERY_S=1, CLEANUP_OLDER_THAN_H=0)  # the worker takes the app's settings
    worker = start_worker()
    deadline = time.monotonic() + 60
    while stored(app) != documents["kept"] and time.monotonic() < deadline:
        time.sleep(0.5)
    assert stored(app) == documents["kept"], worker.output()
    assert rows(app) == [(1, "completed")]
    assert removed_files() >= before + 2
    assert "cleanup removed 2 files" in worker.output()
    assert worker.process.poll() is None


@pytest.mark.parametrize("storage_backend", ["s3"], indirect=True)
def test_formengine_cleanup_by_hand(app, documents, storage_backend):
    def cleanup(*options: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "engine.cli", "cleanup", *options],
            env=worker_env(app),
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    assert "would remove 2 files" in cleanup("--older-than", "0", "--dry-run")
    assert stored(app) == documents["kept"] | documents["removed"]
    assert "removed 0 files" in cleanup()  # the default grace period: 24 hours
    out = cleanup("--older-than", "0")
    assert re.search(r"cleanup removed 2 files \(\d+ bytes\) and 1 rows; kept 3 referenced files", out), out
    assert stored(app) == documents["kept"]
