"""engine.jobs against a real Redis and a real RQ worker process."""

import json
import os
import secrets
import subprocess
import sys
import zlib

import pytest
from rq.job import JobStatus
from rq.serializers import JSONSerializer

from engine import jobs

pytestmark = pytest.mark.redis


def run_worker_burst(redis_url: str, queue_name: str) -> subprocess.CompletedProcess:
    """`python -m engine.worker --burst`: a real worker process that exits when the queue is empty."""
    return subprocess.run(
        [sys.executable, "-m", "engine.worker", "--url", redis_url, "--burst", queue_name],
        env={**os.environ, "SECRET_KEY": secrets.token_urlsafe(48), "METRICS_TOKEN": secrets.token_urlsafe(32)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_worker_process_runs_an_enqueued_job(redis_url, queue_name):
    job = jobs.enqueue("engine.jobs.ping", {"answer": 42}, queue=queue_name, redis_url=redis_url)
    assert job.get_status() == JobStatus.QUEUED

    worker = run_worker_burst(redis_url, queue_name)

    assert worker.returncode == 0, worker.stdout + worker.stderr
    job = jobs.fetch_job(job.id, redis_url)
    assert job.get_status() == JobStatus.FINISHED
    assert job.return_value() == {"answer": 42}


def test_jobs_are_stored_as_json_not_pickle(redis_url, queue_name):
    job = jobs.enqueue("engine.jobs.ping", "hello", queue=queue_name, redis_url=redis_url)
    raw = jobs.connection(redis_url).hget(job.key, "data")
    stored = json.loads(zlib.decompress(raw))
    assert stored[0] == "engine.jobs.ping"
    assert stored[2] == ["hello"]


def test_every_job_gets_an_explicit_timeout(redis_url, queue_name):
    default = jobs.enqueue("engine.jobs.ping", 1, queue=queue_name, redis_url=redis_url)
    longer = jobs.enqueue("engine.jobs.ping", 1, queue=queue_name, redis_url=redis_url, job_timeout=600)
    assert default.timeout == jobs.DEFAULT_JOB_TIMEOUT
    assert longer.timeout == 600


def test_the_worker_stops_a_job_that_outlives_its_timeout(redis_url, queue_name):
    job = jobs.enqueue("time.sleep", 30, queue=queue_name, redis_url=redis_url, job_timeout=1)

    worker = run_worker_burst(redis_url, queue_name)

    assert worker.returncode == 0, worker.stdout + worker.stderr
    job = jobs.fetch_job(job.id, redis_url)
    assert job.get_status() == JobStatus.FAILED
    assert "JobTimeoutException" in (job.latest_result().exc_string or "")


def test_a_misspelt_job_is_refused_when_enqueued(redis_url, queue_name):
    with pytest.raises(jobs.UnknownJob, match="engine.jobs.pong"):
        jobs.enqueue("engine.jobs.pong", 1, queue=queue_name, redis_url=redis_url)
    assert jobs.get_queue(queue_name, redis_url).count == 0


def test_the_queue_comes_from_the_app_config(app, redis_url):
    app.config["REDIS_URL"] = redis_url
    with app.app_context():
        queue = jobs.get_queue("default")
    assert queue.connection is jobs.connection(redis_url)
    assert queue.serializer is JSONSerializer


def test_no_redis_configured_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "")
    with pytest.raises(jobs.QueueUnavailable, match="REDIS_URL is not set"):
        jobs.get_queue("default")
