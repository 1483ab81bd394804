"""`formengine worker` runs a real RQ worker."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from rq.job import JobStatus

from engine import jobs

pytestmark = pytest.mark.redis


@pytest.fixture
def app_overrides():
    return {}


def test_formengine_worker_runs_queued_jobs(redis_url, queue_name):
    job = jobs.enqueue("engine.jobs.ping", "pong", queue=queue_name, redis_url=redis_url)
    command = Path(sys.executable).with_name("formengine")
    finished = subprocess.run(
        [str(command), "worker", "--url", redis_url, "--burst", queue_name],
        env={**os.environ, "SECRET_KEY": secrets.token_urlsafe(48), "METRICS_TOKEN": secrets.token_urlsafe(32)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert finished.returncode == 0, finished.stdout + finished.stderr
    job = jobs.fetch_job(job.id, redis_url)
    assert job.get_status() == JobStatus.FINISHED
    assert job.return_value() == "pong"
