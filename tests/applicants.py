"""Confirmed, logged-in applicants for the API and job tests: signed up, confirmed with the code read
from the outbox, logged in on their own test client."""

import email
import email.policy
import re
from pathlib import Path

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
