"""`formengine run` keeps a developer's stack up when a worker dies: the worker is started again
(with a back-off) and the web server never stops serving. Real processes, a real SIGKILL."""

import os
import signal
import time

import pytest
from runapp import RunningApp, http_status, wait_all_gone

pytestmark = pytest.mark.slow


def _listening(app, log_name: str, line: str, times: int, timeout: float = 90) -> None:
    log_file = app.instance / "logs" / log_name
    deadline = time.monotonic() + timeout
    while (log_file.read_text() if log_file.exists() else "").count(line) < times:
        assert time.monotonic() < deadline, f"{log_name}: no worker listening ({times}):\n{app.output}"
        time.sleep(0.2)


def test_a_killed_worker_is_started_again_while_the_web_keeps_answering(tmp_path):
    app = RunningApp(tmp_path / "instance")
    try:
        app.wait_until_serving()
        _listening(app, "convert.log", "Listening on conversions", 1)
        first = app.run_file()["convert_pid"]

        os.kill(first, signal.SIGKILL)
        assert wait_all_gone({first}) == set()
        assert http_status(f"{app.url}/healthz") == 200  # the web server did not stop with it

        deadline = time.monotonic() + 60
        while app.run_file()["convert_pid"] == first:
            assert time.monotonic() < deadline and app.process.poll() is None, app.output
            time.sleep(0.2)
        _listening(app, "convert.log", "Listening on conversions", 2)
        assert http_status(f"{app.url}/public/form") == 200
        assert "the convert process exited with code -9; a new one starts in 1 s" in app.output
        assert app.stop(signal.SIGTERM) == 0
    finally:
        app.kill()
    assert "formengine stopped." in app.output
