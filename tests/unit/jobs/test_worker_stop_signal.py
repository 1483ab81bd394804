"""A stop signal during a periodic task stops the worker even when the task swallows exceptions:
the runner's death sends one SIGTERM, and a worker that missed it would outlive the runner."""

import pytest
from rq.exceptions import StopRequested

from engine.worker import EngineWorker, Periodic


class _Redis:
    def set(self, *_args, **_kwargs):
        return True


def _worker(tasks) -> EngineWorker:
    worker = EngineWorker.__new__(EngineWorker)  # no Redis: only the periodic-task loop is exercised
    worker.connection = _Redis()
    worker.settings, worker.redis_url = {}, "unix:///nowhere"
    worker.periodic, worker._last_run, worker.deployment = tuple(tasks), {}, "test"
    worker.name, worker.stop_requested = "w", False
    return worker


def test_a_stop_request_swallowed_inside_a_task_still_stops_the_worker():
    ran = []

    def swallowing(_settings, _url):
        ran.append("first")
        worker.stop_requested = True  # what EngineWorker.request_stop does, then RQ raises StopRequested
        try:
            raise StopRequested()
        except Exception:  # a task's own broad handler
            pass

    worker = _worker([Periodic("first", 60, swallowing), Periodic("second", 60, lambda *_: ran.append("second"))])
    with pytest.raises(StopRequested):
        worker.run_maintenance_tasks()
    assert ran == ["first"]


def test_a_stop_request_raised_from_a_task_is_not_logged_as_its_failure():
    def interrupted(_settings, _url):
        raise StopRequested()

    worker = _worker([Periodic("interrupted", 60, interrupted)])
    with pytest.raises(StopRequested):
        worker.run_periodic_tasks()
