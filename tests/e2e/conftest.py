"""Fixtures for end-to-end tests: the real `formengine run` process tree."""

import pytest
from runapp import serving


@pytest.fixture
def running_app(tmp_path):
    """A started `formengine run`; stopped (and its process tree reaped) after the test."""
    yield from serving(tmp_path / "instance")
