"""Staff tokens and applications for the staff API tests: applications are written straight to the
database (many, quickly), or made through the API by a real applicant where the journey matters."""

import datetime as dt
import itertools

import pytest
from sqlalchemy import text

from engine import db
from engine.accounts.models import Account
from engine.applications.models import Application, WebStatusEvent
from engine.staff import tokens
from tests.applicants import make_applicant  # noqa: F401 (the tests import it from here)

_numbers = itertools.count(1)


@pytest.fixture
def sql(app):
    def run(statement: str, **params):
        with app.extensions["db_engine"].begin() as conn:
            result = conn.execute(text(statement), params)
            return result.fetchall() if result.returns_rows else result.rowcount

    return run


@pytest.fixture
def new_staff_token(app):
    def make(days: int = 7, name: str = "Admissions office") -> str:
        with app.app_context():
            return tokens.create(days, name)[0]

    return make


@pytest.fixture
def staff(app, new_staff_token):
    """A test client signed in with a live staff token (as the /staff page does)."""
    client = app.test_client()
    response = client.post("/staff/api/session", json={"token": new_staff_token()})
    assert response.status_code == 200, response.json
    return client


@pytest.fixture
def add_application(app):
    """An account and its application, written directly: add_application(first_name=..., submitted=...)."""

    def add(email=None, first_name="", last_name="", reference=None, submitted_at=None, statuses=(), **answers):
        number = next(_numbers)
        with app.app_context(), db.transaction() as tx:
            account = Account(username=email or f"applicant{number}@example.com", password_hash="x")
            tx.add(account)
            tx.flush()
            names = {"first_name": first_name, "last_name": last_name}
            application = Application(
                account_id=account.id,
                answers={**{k: v for k, v in names.items() if v}, **answers},
                add_another={},
                tabs={},
                validation_errors={},
                version=0,
                reference=reference,
                submitted_at=submitted_at,
                updated_at=dt.datetime(2026, 1, 1) + dt.timedelta(minutes=number),
            )
            tx.add(application)
            tx.flush()
            for status in statuses:
                tx.add(WebStatusEvent(application_id=application.id, web_status=status))
            return application.id

    return add
