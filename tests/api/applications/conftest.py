"""Two confirmed, logged-in applicants (each with its own test client), the compiled form,
the outbox and direct SQL, for the applications API tests."""

import json
from pathlib import Path

import pytest
from sqlalchemy import text

from tests.applicants import PASSWORD, make_applicant, outbox_messages  # noqa: F401 (the tests import them from here)

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "intl_undergrad" / "base.json"


@pytest.fixture
def applicant(app):
    return make_applicant(app, "ada@example.com")


@pytest.fixture
def other(app):
    """A second applicant: nothing the first does may show or change here, and the reverse."""
    return make_applicant(app, "grace@example.com")


@pytest.fixture
def anonymous(app):
    return app.test_client()


@pytest.fixture
def compiled(app):
    return app.extensions["tenant"].current()


@pytest.fixture
def sql(app):
    def run(statement: str, **params):
        with app.extensions["db_engine"].begin() as conn:
            result = conn.execute(text(statement), params)
            return result.fetchall() if result.returns_rows else result.rowcount

    return run


@pytest.fixture
def golden():
    """A complete, valid application and the day it is valid on."""
    case = json.loads(GOLDEN.read_text())
    return case


@pytest.fixture
def on_golden_day(monkeypatch, golden):
    """The server's today is the golden answers' day (year lists and date rules move with today)."""
    import datetime as dt

    from engine.applications import current

    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    return golden["answers"]
