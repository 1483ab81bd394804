"""Forgot password and reset: the link, its limits, no enumeration, sessions ended."""

from urllib.parse import urlsplit

import pytest

from engine.accounts import messages
from tests.api.accounts.conftest import NEW_PASSWORD, PASSWORD, login

USER = "ada@example.com"


def _reset(client, params, password=NEW_PASSWORD, confirm=None):
    return client.post(
        "/public/reset-password", json={**params, "password": password, "confirm_password": confirm or password}
    )


def test_forgot_password_mails_a_one_hour_link(app, client, account, outbox):
    response = client.post("/public/forgot-password", json={"username": "ADA@example.com"})
    assert response.status_code == 200
    assert response.json == {"message": messages.FORGOT_OK}
    link = outbox.reset_link(USER)
    assert link.startswith(app.config["PUBLIC_URL"] + "/reset?username=ada%40example.com&id=")
    token = outbox.reset_params(USER)["id"]
    assert len(token) >= 22  # 128 bits or more
    assert "one hour" in outbox.last(USER).get_content()


def test_forgot_password_answers_alike_for_an_unknown_address(client, account, outbox, sql):
    before = len(outbox.messages())
    known = client.post("/public/forgot-password", json={"username": USER})
    unknown = client.post("/public/forgot-password", json={"username": "nobody@example.com"})
    assert known.status_code == unknown.status_code == 200
    assert known.json == unknown.json
    assert len(outbox.messages()) == before + 1
    assert outbox.messages("nobody@example.com") == []
    # The same work is done: both requests wrote a (hashed) token row.
    assert sql("SELECT COUNT(*) FROM password_resets") == [(2,)]


def test_reset_sets_the_password_and_ends_every_session(app, client, account, outbox, sql):
    other_device = app.test_client()
    assert login(other_device).status_code == 200
    client.post("/public/forgot-password", json={"username": USER})
    params = outbox.reset_params(USER)
    ((stored,),) = sql("SELECT token_hash FROM password_resets")
    assert stored != params["id"]
    response = _reset(client, params)
    assert response.status_code == 200
    assert response.json == {"message": messages.RESET_OK}
    assert other_device.get("/api/test-whoami").status_code == 401
    assert sql("SELECT COUNT(*) FROM account_sessions") == [(0,)]
    assert login(client, password=PASSWORD).status_code == 400
    assert login(client, password=NEW_PASSWORD).status_code == 200


def test_reset_link_is_single_use(client, account, outbox):
    client.post("/public/forgot-password", json={"username": USER})
    params = outbox.reset_params(USER)
    assert _reset(client, params).status_code == 200
    again = _reset(client, params, password="Yet-Another-Pass-5")
    assert again.status_code == 400
    assert again.json == {"message": messages.RESET_INVALID}


def test_reset_link_expires_after_an_hour(client, account, outbox, sql):
    client.post("/public/forgot-password", json={"username": USER})
    sql("UPDATE password_resets SET expires_at = '2000-01-01 00:00:00'")
    response = _reset(client, outbox.reset_params(USER))
    assert response.status_code == 400 and response.json["message"] == messages.RESET_INVALID


def test_reset_link_is_bound_to_its_username(client, account, outbox):
    client.post("/public/forgot-password", json={"username": USER})
    params = {**outbox.reset_params(USER), "username": "mallory@example.com"}
    assert _reset(client, params).status_code == 400


def test_a_token_issued_for_an_unknown_address_never_works(app, client, sql):
    from engine.accounts import service
    from engine.accounts.models import PasswordReset

    with app.test_request_context():
        service.forgot_password("nobody@example.com")
    assert sql("SELECT account_id FROM password_resets") == [(None,)]
    assert PasswordReset.__table__.c.account_id.nullable


def test_reset_passwords_must_match_and_follow_the_rules(client, account, outbox):
    client.post("/public/forgot-password", json={"username": USER})
    params = outbox.reset_params(USER)
    response = _reset(client, params, password=NEW_PASSWORD, confirm="Battery-Staple-43")
    assert response.status_code == 400
    assert response.json["errors"]["password"] == ["Passwords must match."]
    weak = _reset(client, params, password="weak")
    assert "Password must be at least 12 characters long." in weak.json["errors"]["password"]
    # The link still works after refused attempts.
    assert _reset(client, params).status_code == 200


def test_reset_confirms_an_unconfirmed_account(client, outbox):
    client.post("/public/signup", json={"username": USER, "password": PASSWORD})
    client.post("/public/forgot-password", json={"username": USER})
    assert _reset(client, outbox.reset_params(USER)).status_code == 200
    assert login(client, password=NEW_PASSWORD).status_code == 200


@pytest.mark.usefixtures("still_clock")
def test_a_reset_clears_the_login_backoff(client, account, outbox):
    for _ in range(6):
        login(client, password="Wrong-Password-1")
    assert login(client).status_code == 429
    client.post("/public/forgot-password", json={"username": USER})
    assert _reset(client, outbox.reset_params(USER)).status_code == 200
    assert login(client, password=NEW_PASSWORD).status_code == 200


def test_a_new_reset_makes_older_links_useless_after_use(client, account, outbox):
    client.post("/public/forgot-password", json={"username": USER})
    first = outbox.reset_params(USER)
    client.post("/public/forgot-password", json={"username": USER})
    second = outbox.reset_params(USER)
    assert first["id"] != second["id"]
    assert _reset(client, second).status_code == 200
    assert _reset(client, first, password="Yet-Another-Pass-5").status_code == 400


def test_forgot_password_is_limited_per_address(client, account):
    for _ in range(5):
        assert client.post("/public/forgot-password", json={"username": USER}).status_code == 200
    sixth = client.post("/public/forgot-password", json={"username": USER})
    assert sixth.status_code == 429
    assert sixth.json["message"].startswith("Too many password reset requests for this email address.")
    unknown = [
        client.post("/public/forgot-password", json={"username": "nobody@example.com"}).status_code for _ in range(6)
    ]
    assert unknown == [200] * 5 + [429]  # unknown addresses are limited alike


def test_reset_link_path_is_the_client_route(app, client, account, outbox):
    client.post("/public/forgot-password", json={"username": USER})
    assert urlsplit(outbox.reset_link(USER)).path == "/reset"
