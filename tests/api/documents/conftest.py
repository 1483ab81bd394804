"""Two logged-in applicants, a real Redis for the conversion queue, helpers for the
presigned upload journey, and the hostile corpus (tests/unit/documents/corpus.py)."""
import email
import email.policy
import os
import re
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest

for folder in (str(Path(__file__).resolve().parents[2] / "unit" / "documents"), str(Path(__file__).resolve().parent)):
    if folder not in sys.path:
        sys.path.insert(0, folder)

PASSWORD = "Correct-Horse-9"


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    url = os.environ.get("TEST_REDIS_URL")
    if url:
        yield url
        return
    from engine.runner import EmbeddedRedis

    folder = tmp_path_factory.mktemp("redis")
    server = EmbeddedRedis(folder, folder / "redis.log")
    yield server.start()
    server.stop()


@pytest.fixture
def queue_name(redis_url):
    from engine.jobs import get_queue

    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    get_queue(name, redis_url).delete(delete_jobs=True)


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
