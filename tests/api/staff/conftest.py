"""Staff tokens and applications for the staff API tests: applications are written straight to the
database (many, quickly), or made through the API by a real applicant where the journey matters."""

import pytest
from sqlalchemy import text

from engine.staff import tokens
from tests.applicants import make_applicant, write_application  # noqa: F401 (the tests import them from here)


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
    """An account and its application, written directly: add_application(first_name=..., submitted_at=...)."""
    return lambda *args, **kwargs: write_application(app, *args, **kwargs)
