"""Two confirmed, logged-in applicants (each with its own test client), the compiled form,
the outbox and direct SQL, for the applications API tests."""
import email
import email.policy
import json
from pathlib import Path

import pytest
from sqlalchemy import text

PASSWORD = "Correct-Horse-9"
GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "intl_undergrad" / "base.json"


def outbox_messages(app, to: str | None = None) -> list:
    folder = Path(app.config["MAIL_OUTBOX"])
    found = [email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
             for path in sorted(folder.glob("*.eml"))] if folder.exists() else []
    return [m for m in found if to is None or m["To"] == to]


def make_applicant(app, username: str):
    """A confirmed account, logged in on its own client."""
    import re

    client = app.test_client()
    response = client.post("/public/signup", json={"username": username, "password": PASSWORD})
    assert response.status_code == 201, response.json
    code = re.search(r"code is: (\d{6})", outbox_messages(app, username)[-1].get_content()).group(1)
    assert client.post("/public/confirm", json={"username": username, "code": code}).status_code == 200
    response = client.post("/public/login", json={"username": username, "password": PASSWORD})
    assert response.status_code == 200, response.json
    return client


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


