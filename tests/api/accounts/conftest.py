"""Helpers for the accounts API tests: the outbox, ready-made accounts, a protected route,
and direct database access to move time (expire a code, age a session)."""

import email
import email.policy
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import jsonify
from sqlalchemy import text

from engine import mail
from engine.accounts import limits
from tests.clock import Clock

PASSWORD = "Correct-Horse-9"
NEW_PASSWORD = "Battery-Staple-42"


class Outbox:
    def __init__(self, folder: Path):
        self.folder = folder

    def messages(self, to: str | None = None) -> list:
        assert mail.wait_for_deliveries(10)  # forgot-password mails leave from a background thread
        if not self.folder.exists():
            return []
        found = [
            email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            for path in sorted(self.folder.glob("*.eml"))
        ]
        return [m for m in found if to is None or m["To"] == to]

    def last(self, to: str):
        messages = self.messages(to)
        assert messages, f"no mail to {to}"
        return messages[-1]

    def code(self, to: str) -> str:
        return re.search(r"code is: (\d{6})", self.last(to).get_content()).group(1)

    def reset_link(self, to: str) -> str:
        return re.search(r"(http\S+/reset\?\S+)", self.last(to).get_content()).group(1)

    def reset_params(self, to: str) -> dict:
        query = parse_qs(urlsplit(self.reset_link(to)).query)
        return {"username": query["username"][0], "id": query["id"][0]}


@pytest.fixture
def app(app):
    """The real app plus a tiny protected route standing in for the other domains' /api calls."""
    from engine.accounts.auth import current_user, login_required

    @login_required
    def whoami():
        return jsonify(message="ok", username=current_user().username)

    app.add_url_rule("/api/test-whoami", "test_whoami", whoami, methods=["GET", "PUT"])
    return app


@pytest.fixture
def outbox(app) -> Outbox:
    return Outbox(Path(app.config["MAIL_OUTBOX"]))


@pytest.fixture
def still_clock(monkeypatch) -> Clock:
    """The limits' clock stands still: a test that counts failures into a 1 s back-off and then
    expects the refusal does not depend on how fast a busy machine checks passwords."""
    clock = Clock()
    monkeypatch.setattr(limits, "utcnow", clock)
    return clock


@pytest.fixture
def sql(app):
    """Run SQL against the test database (to move time: expire codes, age sessions)."""

    def run(statement: str, **params):
        with app.extensions["db_engine"].begin() as conn:
            result = conn.execute(text(statement), params)
            return result.fetchall() if result.returns_rows else result.rowcount

    return run


def signup(client, username="ada@example.com", password=PASSWORD, **extra):
    return client.post("/public/signup", json={"username": username, "password": password, **extra})


def login(client, username="ada@example.com", password=PASSWORD, **kwargs):
    return client.post("/public/login", json={"username": username, "password": password}, **kwargs)


@pytest.fixture
def account(client, outbox):
    """A confirmed account: (username, password)."""
    assert signup(client).status_code == 201
    response = client.post(
        "/public/confirm", json={"username": "ada@example.com", "code": outbox.code("ada@example.com")}
    )
    assert response.status_code == 200, response.json
    # The code signed this browser in; the tests start from a browser that has not.
    assert client.get("/api/logout").status_code == 200
    client.delete_cookie("formengine_session_device")
    return "ada@example.com", PASSWORD


@pytest.fixture
def logged_in(client, account):
    response = login(client)
    assert response.status_code == 200, response.json
    return client


def session_cookie(client):
    cookie = client.get_cookie("formengine_session")
    return cookie.value if cookie else None
