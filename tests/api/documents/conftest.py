"""Two logged-in applicants, a real Redis for the conversion queue, helpers for the
presigned upload journey, and the hostile corpus (tests/unit/documents/corpus.py)."""
import email
import email.policy
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

for folder in (str(Path(__file__).resolve().parents[2] / "unit" / "documents"), str(Path(__file__).resolve().parent)):
    if folder not in sys.path:
        sys.path.insert(0, folder)

PASSWORD = "Correct-Horse-9"


@pytest.fixture
def app_overrides(redis_url, queue_name):
    return {"REDIS_URL": redis_url, "DOCUMENT_QUEUE": queue_name}


def make_applicant(app, username: str):
    client = app.test_client()
    response = client.post("/public/signup", json={"username": username, "password": PASSWORD})
    assert response.status_code == 201, response.json
    folder = Path(app.config["MAIL_OUTBOX"])
    mails = [email.message_from_bytes(p.read_bytes(), policy=email.policy.default) for p in sorted(folder.glob("*.eml"))]
    body = [m for m in mails if m["To"] == username][-1].get_content()
    code = re.search(r"code is: (\d{6})", body).group(1)
    assert client.post("/public/confirm", json={"username": username, "code": code}).status_code == 200
    assert client.post("/public/login", json={"username": username, "password": PASSWORD}).status_code == 200
    return client


@pytest.fixture
def applicant(app):
    return make_applicant(app, "ada@example.com")


@pytest.fixture
def other(app):
    return make_applicant(app, "grace@example.com")
