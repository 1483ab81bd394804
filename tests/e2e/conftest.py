"""Fixtures for end-to-end tests: the real `formengine run` process tree."""
import os
import signal

import pytest

from runapp import RunningApp, alive


@pytest.fixture
def running_app(tmp_path):
    """A started `formengine run`; stopped (and its process tree reaped) after the test."""
    app = RunningApp(tmp_path / "instance")
    owned: set[int] = set()
    try:
        app.wait_until_serving()
        owned = app.process_tree()
        yield app
    finally:
        if app.process.poll() is None:
            owned |= app.process_tree()
            app.stop(signal.SIGTERM)
        app.kill()
        for pid in alive(owned):
            os.kill(pid, signal.SIGKILL)
