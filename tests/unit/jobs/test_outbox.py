"""engine.outbox: a job recorded in a transaction exists exactly when the transaction commits, is
queued at the commit, waits in the database while Redis is down, and is queued once when it is back.
Real database, real Redis; "down" is a loopback port where nothing listens."""

import socket

import pytest
from sqlalchemy import text

from engine import db, jobs, outbox

pytestmark = pytest.mark.redis


@pytest.fixture
def dead_redis_url():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


def _rows(app) -> list:
    with app.extensions["db_engine"].connect() as conn:
        return conn.execute(text("SELECT job_id, func, args, queue, dispatched_at IS NOT NULL FROM job_outbox")).all()


def _record(app, *args, queue, fail=False) -> str:
    with app.app_context():
        with db.transaction() as tx:
            job_id = outbox.record(tx, "engine.jobs.ping", *args, queue=queue, timeout=30)
            if fail:
                raise RuntimeError("the change failed")
    return job_id


def test_a_job_recorded_in_a_transaction_is_queued_when_it_commits(app, redis_url, queue_name):
    app.config["REDIS_URL"] = redis_url
    job_id = _record(app, {"answer": 42}, queue=queue_name)
    job = jobs.fetch_job(job_id, redis_url)
    assert job.func_name == "engine.jobs.ping" and job.args == [{"answer": 42}] and job.timeout == 30
    assert jobs.get_queue(queue_name, redis_url).job_ids == [job_id]
    assert _rows(app) == [(job_id, "engine.jobs.ping", '[{"answer": 42}]', queue_name, True)]


def test_a_rolled_back_change_records_and_queues_nothing(app, redis_url, queue_name):
    app.config["REDIS_URL"] = redis_url
    with pytest.raises(RuntimeError):
        _record(app, 1, queue=queue_name, fail=True)
    assert _rows(app) == []
    assert jobs.get_queue(queue_name, redis_url).count == 0


def test_with_redis_down_the_job_waits_and_is_queued_once_when_redis_is_back(
    app, redis_url, dead_redis_url, queue_name, caplog
):
    app.config["REDIS_URL"] = dead_redis_url
    job_id = _record(app, "kept", queue=queue_name)  # the commit itself succeeds
    assert _rows(app) == [(job_id, "engine.jobs.ping", '["kept"]', queue_name, False)]
    assert "stays in the outbox until Redis answers" in caplog.text
    engine = app.extensions["db_engine"]
    with app.app_context():
        assert outbox.is_waiting(db.session(), job_id)
    assert outbox.dispatch_pending(engine, dead_redis_url).waiting == 1
    assert outbox.waiting_count(engine) == 1

    sweep = outbox.dispatch_pending(engine, redis_url)
    assert (sweep.dispatched, sweep.waiting) == (1, 0)
    assert jobs.get_queue(queue_name, redis_url).job_ids == [job_id]
    assert outbox.dispatch_pending(engine, redis_url).dispatched == 0
    assert jobs.get_queue(queue_name, redis_url).job_ids == [job_id]
    with app.app_context():
        assert not outbox.is_waiting(db.session(), job_id)


def test_a_job_rq_already_has_is_marked_dispatched_not_queued_twice(app, redis_url, dead_redis_url, queue_name):
    app.config["REDIS_URL"] = dead_redis_url
    job_id = _record(app, "once", queue=queue_name)
    # As if a dispatcher had queued it and died before marking the row.
    jobs.enqueue("engine.jobs.ping", "once", queue=queue_name, redis_url=redis_url, job_id=job_id)
    assert outbox.dispatch_pending(app.extensions["db_engine"], redis_url).dispatched == 1
    assert jobs.get_queue(queue_name, redis_url).job_ids == [job_id]
    assert _rows(app)[0][-1]  # dispatched


def test_an_unknown_job_function_is_refused_before_anything_is_written(app, queue_name):
    with app.app_context(), pytest.raises(jobs.UnknownJob):
        with db.transaction() as tx:
            outbox.record(tx, "engine.jobs.pong", 1, queue=queue_name)
    assert _rows(app) == []


def test_rows_dispatched_long_ago_are_pruned(app, redis_url, queue_name):
    app.config["REDIS_URL"] = redis_url
    _record(app, 1, queue=queue_name)
    engine = app.extensions["db_engine"]
    with engine.begin() as conn:
        conn.execute(text("UPDATE job_outbox SET dispatched_at = '2001-01-01 00:00:00'"))
    assert outbox.dispatch_pending(engine, redis_url).pruned == 1
    assert _rows(app) == []
