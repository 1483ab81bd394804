"""A job a worker took the instant before Redis stopped: RQ moved it to the queue's intermediate
list for the worker (BLMOVE), and the worker never got to start it. Redis keeps it there through
a restart (append-only file), started by no one. The worker's periodic check requeues it within
its interval (JOB_RESCUE_EVERY_S, short here), the job runs, and at no moment does the applicant's
status say "in_progress" while no worker holds the job. The scheduler says the outage in one line.

Real parts: a redis-server of this test's own, configured as docs/deploy.md says
(deploy/redis/formengine.conf: an append-only file), a real worker of one queue (the production
layout for conversions: `formengine worker conversions`) or of two (as `formengine worker` works
the application PDFs and the default queue: RQ pops such a worker's job, the engine moves it). The worker is
taken off the CPU (SIGSTOP) while it waits in BLMOVE; Redis still hands it the job, and stops
before the worker reads it."""

import os
import signal
import time

import pytest
import redis_server
from job_workers import ROOT, ForkedProcess, worker_env
from journey import FILE_KEY, upload
from rq import Queue
from rq.serializers import JSONSerializer

import corpus

REDIS_CONFIG = ROOT / "deploy" / "redis" / "formengine.conf"
pytestmark = [pytest.mark.redis, pytest.mark.slow]
STATUS = f"/api/pdf/document-answer/{FILE_KEY}"


@pytest.fixture
def durable_redis(tmp_path):
    with redis_server.serving(tmp_path / "redis", config=REDIS_CONFIG) as server:
        yield server


@pytest.fixture
def app_overrides(durable_redis, queue_name, tmp_path):
    return {
        "REDIS_URL": durable_redis.url,
        "DOCUMENT_QUEUE": queue_name,
        "APPLICATION_PDF_QUEUE": f"{queue_name}-pdf",
        "STORAGE_BACKEND": "local",
        "STORAGE_PATH": str(tmp_path / "documents"),
        "JOB_RESCUE_EVERY_S": 1,
    }


@pytest.fixture(params=["one queue", "two queues"])
def conversion_worker(request, app, queue_name, tmp_path):
    """The conversions worker (`formengine worker conversions`), or a worker of two queues with the
    conversions first (RQ pops a job for such a worker, and moves it only for a worker of one: the
    engine's moves it for both). Its wait on the first queue is long here, so that Redis hands it
    the job while it is stopped."""
    log = tmp_path / "worker.log"
    queues = [queue_name] if request.param == "one queue" else [queue_name, f"{queue_name}-pdf"]
    env = {**worker_env(app), "JOB_WAIT_SLICE_S": "10"}
    worker = ForkedProcess(["--url", app.config["REDIS_URL"], *queues], env, ROOT, log, log)
    worker.log, worker.queues = log, queues
    yield worker
    for signum in (signal.SIGCONT, signal.SIGTERM):
        try:
            os.killpg(worker.pid, signum)
        except ProcessLookupError:
            pass
    try:
        worker.wait(30)
    except Exception:
        os.killpg(worker.pid, signal.SIGKILL)


def _until(check, what: str, timeout: float = 60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {timeout} s")


def _fresh_blmove(client) -> bool:
    """The worker waits in a BLMOVE it sent at most 2 s ago (RQ's wait is 5 s): one push now reaches it."""
    for entry in client.client_list():
        if entry.get("cmd") == "blmove" and "b" in entry.get("flags", "") and int(entry.get("idle", 99)) <= 2:
            return True
    return False


def test_a_job_taken_just_before_a_redis_stop_is_requeued_and_finished(
    app, applicant, durable_redis, conversion_worker, queue_name
):
    client = durable_redis.client()
    _until(lambda: "Listening on" in conversion_worker.log.read_text(), "the worker listens")
    file_key = upload(applicant, corpus.png(), "essay.png")
    _until(lambda: _fresh_blmove(client), "the worker waits for a job")

    os.kill(conversion_worker.pid, signal.SIGSTOP)  # RQ's BLMOVE is served by Redis, not by the worker
    requested = applicant.post(STATUS, json={"file_key": file_key, "file_name": "essay.png"})
    assert requested.status_code == 202, requested.json
    queue = Queue(queue_name, connection=client)
    taken = queue.intermediate_queue.get_job_ids()
    assert len(taken) == 1 and queue.count == 0, "Redis handed the job to the waiting worker"
    durable_redis.stop()
    os.kill(conversion_worker.pid, signal.SIGCONT)  # its read finds the connection gone

    seen = [applicant.get(STATUS).json["status"] for _ in range(3)]  # Redis down: nobody holds the job
    # The scheduler (a child of the worker, still running) notices within its 1-second beat.
    _until(lambda: "scheduler: Redis does not answer" in conversion_worker.log.read_text(), "the scheduler's line")
    durable_redis.start()
    assert queue.intermediate_queue.get_job_ids() == taken, "the append-only file kept the taken job"
    while True:
        body = applicant.get(STATUS).json
        if body["status"] not in ("unprocessed", "in_progress"):
            break
        if body["status"] == "in_progress":
            assert queue.fetch_job(taken[0]).get_status() == "started", "in progress with no worker holding it"
        seen.append(body["status"])
        assert len(seen) < 600, f"the stranded job was not requeued and finished: {seen[-5:]}"
        time.sleep(0.1)

    assert body["status"] == "completed", body
    assert set(seen[:3]) == {"unprocessed"}
    if len(conversion_worker.queues) > 1:  # and it still works its other queue
        other = Queue(conversion_worker.queues[1], connection=client, serializer=JSONSerializer)
        job = other.enqueue_call("engine.jobs.ping", args=("pong",))
        _until(lambda: job.get_status(refresh=True) == "finished", "a job on the second queue runs")
    output = conversion_worker.log.read_text()
    assert "stranded in" in output and "requeued" in output, output
    assert "Traceback" not in output, output
    assert output.count("scheduler: Redis does not answer") == 1, output  # one line for the outage


def test_a_row_left_in_progress_reads_waiting_while_no_worker_holds_its_job(app, applicant, durable_redis):
    """A job that marked its row in progress, then lost its worker and went back to its queue (RQ's
    abandoned-job handling, or the requeue above), is waiting, not processing; so is any job while
    Redis cannot be asked who holds it."""
    from sqlalchemy import update

    from engine.documents.models import DocumentConversion

    file_key = upload(applicant, corpus.png(), "essay.png")
    assert applicant.post(STATUS, json={"file_key": file_key, "file_name": "essay.png"}).status_code == 202
    with app.extensions["db_engine"].begin() as connection:
        connection.execute(update(DocumentConversion).values(status="in_progress"))
    assert applicant.get(STATUS).json["status"] == "unprocessed"  # queued: no worker has it
    durable_redis.stop()
    assert applicant.get(STATUS).json["status"] == "unprocessed"  # Redis down: nobody can say
