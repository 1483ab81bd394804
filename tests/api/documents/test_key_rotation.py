"""Rotating SECRET_KEY: what the old key signed (an upload policy handed to a browser, a
confirmation code already e-mailed) is accepted until SECRET_KEY_PREVIOUS_UNTIL, then refused."""

import datetime as dt
import re
import secrets

import pytest
from upload_tools import presign, upload

from engine.app import create_app
from tests.applicants import PASSWORD, outbox_messages

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture
def rotated(app):
    """The same app restarted with a new SECRET_KEY, the old one accepted until `until`."""
    started = []

    def start(until: dt.datetime | None):
        settings = {**app.config, "SECRET_KEY": secrets.token_urlsafe(48)}
        if until is not None:
            settings.update(SECRET_KEY_PREVIOUS=app.config["SECRET_KEY"], SECRET_KEY_PREVIOUS_UNTIL=until.isoformat())
        started.append(create_app(settings))
        return started[-1].test_client()

    yield start
    for other in started:
        other.extensions["db_engine"].dispose()


def _now():
    return dt.datetime.now(dt.UTC)


def test_an_upload_policy_signed_before_the_rotation_is_accepted_until_the_old_key_expires(applicant, rotated):
    presigned = presign(applicant)
    refused = upload(rotated(None), presigned, PDF)
    assert refused.status_code == 403 and "signature" in refused.json["message"]
    assert upload(rotated(_now() - dt.timedelta(seconds=1)), presigned, PDF).status_code == 403
    assert upload(rotated(_now() + dt.timedelta(hours=1)), presigned, PDF).status_code == 204


def test_a_confirmation_code_sent_before_the_rotation_still_confirms(app, rotated):
    client = app.test_client()
    username = "rotating@example.com"
    assert client.post("/public/signup", json={"username": username, "password": PASSWORD}).status_code == 201
    code = re.search(r"code is: (\d{6})", outbox_messages(app, username)[-1].get_content()).group(1)
    after = rotated(_now() + dt.timedelta(days=1))
    confirmed = after.post("/public/confirm", json={"username": username, "code": code})
    assert confirmed.status_code == 200, confirmed.json
    assert after.post("/public/login", json={"username": username, "password": PASSWORD}).status_code == 200
