"""No personal data where it should not be: a full applicant journey against a real web process (JSON
logs) and a real worker (PDF, conversion, delivery), then every log line, the /metrics output and the
job records kept in Redis are searched for the applicant's address, name and distinctive answers."""

import datetime as dt
import json
import os
import re
import socket
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
import redis
import requests
from job_workers import ROOT, worker_env
from sqlalchemy import text

import corpus
from tests.applicants import PASSWORD, outbox_messages
from tests.fixtures.delivery_tenant import tenant_with_delivery

pytestmark = [pytest.mark.redis, pytest.mark.slow]
GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "golden" / "intl_undergrad" / "base.json").read_text())
ADDRESS = "quillon.marrowby@vantorell-post.example.org"
# A masked address ("q***@domain") still points at one person at a small domain: no part of it is logged.
ADDRESS_PARTS = ADDRESS.split("@")
# Answers no log line has a reason to hold, each unlikely to appear by chance.
DISTINCTIVE = {
    "first_name": "Quillonia",
    "last_name": "Marrowby",
    "address_line_1": "77 Zephyrine Crescent",
    "city": "Quendrawick",
    "parent_first_name": "Ysolde",
    "parent_occupation": "Glassblowing instructor",
}
ESSAY = "Tardigrades outlast every winter in Quendrawick"


@pytest.fixture(params=["local"])
def storage_backend(request):
    return request.param


@pytest.fixture
def job_settings(tmp_path, queue_name):
    return {
        "TENANT_PATH": str(tenant_with_delivery(tmp_path, emails=("admissions@example.edu",))),
        "DELIVERY_QUEUE": queue_name,
        "DELIVERY_RETRY_BASE_S": 1,
        "DELIVERY_PDF_WAIT_S": 0.5,
    }


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def web(app, tmp_path, queue_name):
    """`python -m engine.runner web` (what `formengine run` starts) with the app's settings and JSON logs."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {
        **worker_env(app),
        "REDIS_URL": app.config["REDIS_URL"],
        "DOCUMENT_QUEUE": queue_name,
        "LOG_FORMAT": "json",
        "FORMENGINE_INSTANCE": str(tmp_path / "instance"),
        "LOOKUP_INDEX": str(tmp_path / "lookup.sqlite"),
        "PUBLIC_URL": url,
    }
    log_path = tmp_path / "web.log"
    with open(log_path, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "engine.runner", "web", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, log_path.read_text()
        try:
            if requests.get(f"{url}/public/form", timeout=2).status_code == 200:
                break
        except requests.ConnectionError:
            time.sleep(0.2)
    yield url, log_path
    process.terminate()
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _session(url: str) -> requests.Session:
    session = requests.Session()
    session.headers["Origin"] = url
    return session


def _sign_up(app, url: str) -> requests.Session:
    session = _session(url)
    response = session.post(f"{url}/public/signup", json={"username": ADDRESS, "password": PASSWORD}, timeout=30)
    assert response.status_code == 201, response.text
    code = re.search(r"code is: (\d{6})", outbox_messages(app, ADDRESS)[-1].get_content()).group(1)
    response = session.post(f"{url}/public/confirm", json={"username": ADDRESS, "code": code}, timeout=30)
    assert response.status_code == 200, response.text
    response = session.post(f"{url}/public/login", json={"username": ADDRESS, "password": PASSWORD}, timeout=30)
    assert response.status_code == 200, response.text
    return session


def _upload_essay(session: requests.Session, url: str) -> None:
    tab = {"tab_id": "essay_mode", "chosen_tab": "uploaded"}
    assert session.put(f"{url}/api/tabs", json=tab, timeout=30).status_code == 200
    presigned = session.post(f"{url}/api/presigned-url", json={"answer_key": "essay_file"}, timeout=30).json()
    target = presigned["url"] if presigned["url"].startswith("http") else url + presigned["url"]
    data = corpus.docx((ESSAY,))
    response = session.post(target, data=presigned["fields"], files={"file": ("essay.docx", data)}, timeout=30)
    assert response.status_code in (200, 204), response.text
    chosen = {"file_key": presigned["fields"]["key"], "file_name": "essay.docx"}
    assert session.post(f"{url}/api/pdf/document-answer/essay_file", json=chosen, timeout=30).status_code in (200, 202)
    _wait(lambda: session.get(f"{url}/api/pdf/document-answer/essay_file", timeout=30).json()["status"] == "completed")


def _wait(done, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "the journey did not finish in time"
        time.sleep(0.3)


def _deliveries_done(app) -> bool:
    with app.extensions["db_engine"].begin() as connection:
        states = connection.execute(text("SELECT state FROM deliveries")).scalars().all()
    return bool(states) and all(state in ("delivered", "failed") for state in states)


def _redis_job_records(app) -> str:
    """Every rq:job:* hash (arguments, description, metadata), every result stream, every key name RQ keeps."""
    connection = redis.Redis.from_url(app.config["REDIS_URL"])
    parts = []
    for key in connection.scan_iter("rq:*"):
        parts.append(key.decode(errors="replace"))
        if connection.type(key) == b"hash":
            for field, value in connection.hgetall(key).items():
                raw = value.decode("latin-1")
                if field in (b"data", b"meta"):
                    try:
                        raw = zlib.decompress(value).decode("latin-1")
                    except zlib.error:
                        pass
                parts.append(f"{field.decode()}={raw}")
        elif connection.type(key) == b"stream":  # job results (RQ keeps them a while after the job)
            for _, entry in connection.xrange(key):
                parts.extend(f"{k.decode()}={v.decode('latin-1')}" for k, v in entry.items())
    return "\n".join(parts)


def _leaks(where: str, content: str, needles: list[str]) -> list[str]:
    folded = content.casefold()
    return [f"{where}: {needle!r}" for needle in needles if needle.casefold() in folded]


def test_a_full_journey_leaves_no_personal_data_in_logs_metrics_or_jobs(app, web, start_worker, tmp_path):
    url, web_log = web
    worker = start_worker()
    session = _sign_up(app, url)
    # The golden answers were taken on a day of their own: test plans are dated from this year.
    this_year = str(dt.date.today().year)
    plans = {key: this_year for key in GOLDEN["answers"] if key.endswith("_plan_year")}
    answers = {**GOLDEN["answers"], **plans, **DISTINCTIVE}
    assert session.put(f"{url}/api/answer", json=answers, timeout=30).status_code == 200
    _upload_essay(session, url)
    # A failed login logs about the account too.
    _session(url).post(f"{url}/public/login", json={"username": ADDRESS, "password": "wrong-one-1"}, timeout=30)
    response = session.post(f"{url}/api/submit", json={}, timeout=60)
    assert response.status_code == 200, response.text
    reference = response.json()["reference"]
    _wait(lambda: session.get(f"{url}/api/pdf", timeout=30).json()["status"] == "completed")
    _wait(lambda: _deliveries_done(app))
    metrics = requests.get(f"{url}/metrics", timeout=30).text
    jobs = _redis_job_records(app)
    worker.stop()

    web_lines = web_log.read_text(errors="replace").splitlines()
    entries = [json.loads(line) for line in web_lines if line.startswith("{")]
    assert entries and any(entry.get("path") == "/api/submit" for entry in entries)  # the logs were captured
    assert reference in outbox_messages(app, ADDRESS)[-1].get_content()  # the receipt reached the applicant
    assert "render_application_pdf" in jobs and "formengine_" in metrics  # both were read, not empty
    needles = [ADDRESS, *ADDRESS_PARTS, ESSAY, *DISTINCTIVE.values()]
    leaks = [
        *_leaks("web log", "\n".join(web_lines), needles),
        *_leaks("worker log", worker.output(), needles),
        *_leaks("/metrics", metrics, needles),
        *_leaks("Redis job records", jobs, needles),
    ]
    assert not leaks, leaks
    assert os.path.getsize(worker.log_path) > 0  # the worker logged its jobs
