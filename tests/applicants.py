"""Confirmed, logged-in applicants for the API and job tests: signed up, confirmed with the code read
from the outbox, logged in on their own test client."""

import datetime as dt
import email
import email.policy
import itertools
import re
from pathlib import Path

from engine import db
from engine.accounts.models import Account
from engine.applications.models import Application, WebStatusEvent

PASSWORD = "Correct-Horse-9"


def outbox_messages(app, to: str | None = None) -> list:
    """The e-mails the app wrote to its outbox, oldest first (only those to `to` when given)."""
    folder = Path(app.config["MAIL_OUTBOX"])
    found = (
        [
            email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            for path in sorted(folder.glob("*.eml"))
        ]
        if folder.exists()
        else []
    )
    return [m for m in found if to is None or m["To"] == to]


def make_applicant(app, username: str):
    """A confirmed account, logged in on its own client."""
    client = app.test_client()
    response = client.post("/public/signup", json={"username": username, "password": PASSWORD})
    assert response.status_code == 201, response.json
    code = re.search(r"code is: (\d{6})", outbox_messages(app, username)[-1].get_content()).group(1)
    assert client.post("/public/confirm", json={"username": username, "code": code}).status_code == 200
    response = client.post("/public/login", json={"username": username, "password": PASSWORD})
    assert response.status_code == 200, response.json
    return client


_numbers = itertools.count(1)


def write_application(
    app, email=None, first_name="", last_name="", reference=None, submitted_at=None, statuses=(), **answers
):
    """An account and its application written straight to the database (many, quickly); returns its id."""
    number = next(_numbers)
    names = {"first_name": first_name, "last_name": last_name}
    with app.app_context(), db.transaction() as tx:
        account = Account(username=email or f"applicant{number}@example.com", password_hash="x")
        tx.add(account)
        tx.flush()
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
