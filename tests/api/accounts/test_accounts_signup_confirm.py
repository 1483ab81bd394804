"""Sign-up, confirmation codes and resend: messages, limits, no enumeration."""

import json

import pytest

from engine.accounts import messages
from tests.api.accounts.conftest import PASSWORD, login, session_cookie, signup

USER = "ada@example.com"


def test_signup_mails_a_six_digit_code_with_the_tenant_name_and_support_address(client, outbox):
    response = signup(client, username="  Ada@Example.COM ")
    assert response.status_code == 201
    assert response.json == {"message": messages.SIGNUP_OK}
    mail = outbox.last(USER)  # stored and mailed lower-case
    assert "Example College International Undergraduate Application" in mail["Subject"]
    body = mail.get_content()
    assert "help@example.edu" in body
    assert len(outbox.code(USER)) == 6


def test_code_is_stored_hashed_and_username_normalised(client, outbox, sql):
    signup(client, username="Ada@Example.com")
    code = outbox.code(USER)
    assert sql("SELECT username FROM accounts") == [(USER,)]
    ((stored,),) = sql("SELECT code_hash FROM confirmation_codes")
    assert code not in stored and len(stored) == 64
    ((password_hash,),) = sql("SELECT password_hash FROM accounts")
    assert password_hash.startswith("$argon2id$v=19$m=19456,t=2,p=1$")


def test_confirm_then_login_case_insensitively(client, outbox):
    signup(client)
    response = client.post("/public/confirm", json={"username": "ADA@example.com", "code": outbox.code(USER)})
    assert response.status_code == 200
    assert response.json["message"] == messages.CONFIRM_OK
    assert login(client, username="Ada@EXAMPLE.com").status_code == 200


def test_the_code_that_confirms_signs_in_with_a_new_session(app, client, outbox, sql):
    signup(client)
    client.set_cookie("formengine_session", "a-session-from-before")
    response = client.post("/public/confirm", json={"username": USER, "code": outbox.code(USER)})
    assert response.status_code == 200
    assert response.json == {"message": messages.CONFIRM_OK, "username": USER, "num_logins": 1, "language": "en"}
    token = session_cookie(client)
    assert token and token != "a-session-from-before"
    assert client.get("/api/test-whoami").json["username"] == USER
    assert sql("SELECT count(*) FROM login_events") == [(1,)]
    assert client.get_cookie("formengine_session_device") is not None  # a browser its owner signed in with
    # The code is spent: confirming again signs nobody in, and a stranger's browser gets no session.
    stranger = app.test_client()
    again = stranger.post("/public/confirm", json={"username": USER, "code": outbox.code(USER)})
    assert again.status_code == 200 and again.json == {"message": messages.CONFIRM_ALREADY}
    assert session_cookie(stranger) is None
    assert stranger.get("/api/test-whoami").status_code == 401


def test_code_is_single_use(client, outbox):
    signup(client)
    code = outbox.code(USER)
    assert client.post("/public/confirm", json={"username": USER, "code": code}).status_code == 200
    again = client.post("/public/confirm", json={"username": USER, "code": code})
    assert again.status_code == 200 and again.json["message"] == messages.CONFIRM_ALREADY


def test_wrong_and_expired_codes_are_refused(client, outbox, sql):
    signup(client)
    code = outbox.code(USER)
    wrong = "000000" if code != "000000" else "111111"
    response = client.post("/public/confirm", json={"username": USER, "code": wrong})
    assert response.status_code == 400 and response.json["message"] == messages.CONFIRM_WRONG
    sql("UPDATE confirmation_codes SET expires_at = '2000-01-01 00:00:00'")
    response = client.post("/public/confirm", json={"username": USER, "code": code})
    assert response.status_code == 400 and response.json["message"] == messages.CONFIRM_WRONG
    assert login(client).status_code == 403


def a_minute_passes(sql):
    """The once-a-minute code limit (set by the sign-up mail) has run out."""
    sql("UPDATE rate_limits SET window_start = '2000-01-01 00:00:00' WHERE key LIKE 'code-minute:%'")


def _wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def test_the_sixth_try_of_a_code_is_refused_even_when_right(client, outbox):
    signup(client)
    code = outbox.code(USER)
    for _ in range(5):
        response = client.post("/public/confirm", json={"username": USER, "code": _wrong(code)})
        assert response.json["message"] == messages.CONFIRM_WRONG
    sixth = client.post("/public/confirm", json={"username": USER, "code": code})
    assert sixth.status_code == 400
    assert sixth.json["message"] == messages.CONFIRM_DEAD
    assert login(client).status_code == 403


def test_a_new_code_revives_confirmation_after_a_dead_one(client, outbox, sql):
    signup(client)
    code = outbox.code(USER)
    for _ in range(5):
        client.post("/public/confirm", json={"username": USER, "code": _wrong(code)})
    a_minute_passes(sql)
    response = client.post("/public/resend-confirm", json={"username": USER})
    assert response.status_code == 200
    new_code = outbox.code(USER)
    assert outbox.last(USER)["Subject"].startswith("Your new confirmation code")
    if new_code != code:  # the old code no longer works
        old = client.post("/public/confirm", json={"username": USER, "code": code})
        assert old.json["message"] == messages.CONFIRM_WRONG
    assert client.post("/public/confirm", json={"username": USER, "code": new_code}).status_code == 200


def test_the_eleventh_wrong_code_of_a_day_is_refused(client, outbox, sql):
    signup(client)
    for _round in range(2):
        code = outbox.code(USER)
        for _ in range(5):
            response = client.post("/public/confirm", json={"username": USER, "code": _wrong(code)})
            assert response.json["message"] == messages.CONFIRM_WRONG
        a_minute_passes(sql)
        assert client.post("/public/resend-confirm", json={"username": USER}).status_code == 200
    eleventh = client.post("/public/confirm", json={"username": USER, "code": outbox.code(USER)})
    assert eleventh.status_code == 429
    assert eleventh.json["message"].startswith("Too many incorrect confirmation codes. Please try again in ")
    assert eleventh.json["message"].endswith("24 hours.")
    assert int(eleventh.headers["Retry-After"]) > 23 * 3600
    # A day later the right code works.
    sql("UPDATE rate_limits SET window_start = '2000-01-01 00:00:00' WHERE key LIKE 'code-fail-day:%'")
    assert client.post("/public/confirm", json={"username": USER, "code": outbox.code(USER)}).status_code == 200


def test_resend_at_most_once_a_minute(client, outbox, sql):
    signup(client)
    response = client.post("/public/resend-confirm", json={"username": USER})
    assert response.status_code == 429
    assert response.json["message"].startswith("A code was sent less than a minute ago. Please wait ")
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    assert len(outbox.messages(USER)) == 1


def test_resend_at_most_five_a_day(client, outbox, sql):
    signup(client)
    for _ in range(5):
        a_minute_passes(sql)
        assert client.post("/public/resend-confirm", json={"username": USER}).status_code == 200
    a_minute_passes(sql)
    sixth = client.post("/public/resend-confirm", json={"username": USER})
    assert sixth.status_code == 429
    assert sixth.json["message"].startswith("You have asked for too many confirmation codes today.")
    assert len(outbox.messages(USER)) == 6  # sign-up + 5 resends


def test_resend_answers_alike_for_unknown_and_confirmed_addresses(client, account, outbox, sql):
    a_minute_passes(sql)
    before = len(outbox.messages())
    unknown = client.post("/public/resend-confirm", json={"username": "nobody@example.com"})
    confirmed = client.post("/public/resend-confirm", json={"username": USER})
    assert unknown.status_code == confirmed.status_code == 200
    assert unknown.json == confirmed.json == {"message": messages.RESEND_OK}
    assert len(outbox.messages()) == before


def test_resend_needs_a_valid_address(client):
    response = client.post("/public/resend-confirm", json={"username": "not-an-email"})
    assert response.status_code == 400
    assert response.json["message"] == "You must provide a valid email address to resend a confirmation code."


def test_signup_of_an_existing_address_answers_alike_and_changes_nothing(client, account, outbox, sql):
    a_minute_passes(sql)
    again = signup(client, password="Another-Secret-77")
    fresh = signup(client, username="grace@example.com")
    assert again.status_code == fresh.status_code == 201
    assert again.json == fresh.json
    assert outbox.last(USER)["Subject"].startswith("About your account")
    assert login(client, password="Another-Secret-77").status_code == 400
    assert login(client, password=PASSWORD).status_code == 200


def test_signup_again_before_confirming_keeps_the_first_password(client, outbox, sql):
    signup(client)
    a_minute_passes(sql)
    signup(client, password="Stranger-Pass-99")
    assert len(outbox.messages(USER)) == 2  # a new code for the owner
    client.post("/public/confirm", json={"username": USER, "code": outbox.code(USER)})
    assert login(client, password="Stranger-Pass-99").status_code == 400
    assert login(client).status_code == 200


@pytest.mark.parametrize(
    "password, expected",
    [
        ("Short-1a", "Password must be at least 12 characters long."),
        ("no-upper-case-1", "Password must contain at least one uppercase letter."),
        ("NO-LOWER-CASE-1", "Password must contain at least one lowercase letter."),
        ("No-Numbers-Here", "Password must contain at least one number."),
        ("NoSpecials12345", "Password must contain at least one special character"),
        (" Leading-Space-1", "Password must not begin or end with a space."),
        ("Trailing-Space-1 ", "Password must not begin or end with a space."),
        ("Password123!", "This password is too common."),
        ("P@ssw0rd2024!!", "This password is too common."),
    ],
)
def test_signup_password_rules(client, sql, password, expected):
    response = signup(client, password=password)
    assert response.status_code == 400
    assert any(message.startswith(expected) for message in response.json["errors"]["password"])
    assert expected in response.json["message"]
    assert sql("SELECT COUNT(*) FROM accounts") == [(0,)]


def test_every_broken_rule_is_listed_at_once(client):
    response = signup(client, username="nope", password="abc")
    assert response.status_code == 400
    assert response.json["errors"]["username"] == ["Your email address must be valid."]
    assert response.json["errors"]["password"] == [
        "Password must be at least 12 characters long.",
        "Password must contain at least one uppercase letter.",
        "Password must contain at least one number.",
        "Password must contain at least one special character (!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~).",
    ]


def test_password_rules_are_served_for_the_checklist(client):
    response = client.get("/public/password-rules")
    assert response.status_code == 200
    body = response.json
    assert body["min_length"] == 12
    assert body["special_characters"] == "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
    assert [rule["id"] for rule in body["rules"]] == [
        "length",
        "uppercase",
        "lowercase",
        "number",
        "special",
        "whitespace",
    ]
    assert body["match_message"] == "Passwords must match."


def test_signup_keeps_student_answers(app, client, sql):
    answers = {"first_name": "Ada", "gender": "F", "gender_desc": "Female", "empty": ""}
    assert signup(client, studentAnswers=answers).status_code == 201
    ((stored,),) = sql("SELECT pending_answers FROM accounts")
    assert json.loads(stored) == answers


@pytest.mark.parametrize("app_overrides", [{"MAIL_IP_MAX_PER_HOUR": 3}])
def test_mail_sending_calls_are_limited_per_ip(client, outbox):
    assert signup(client, username="a@example.com").status_code == 201
    assert client.post("/public/forgot-password", json={"username": "b@example.com"}).status_code == 200
    assert client.post("/public/resend-confirm", json={"username": "c@example.com"}).status_code == 200
    fourth = signup(client, username="d@example.com")
    assert fourth.status_code == 429
    assert fourth.json["message"].startswith("Too many requests from your network. Please try again in ")
    assert outbox.messages("d@example.com") == []
    other_ip = client.post(
        "/public/signup",
        json={"username": "d@example.com", "password": PASSWORD},
        environ_base={"REMOTE_ADDR": "10.1.2.3"},
    )
    assert other_ip.status_code == 201


def test_signup_cannot_flood_an_existing_mailbox(client, account, outbox, sql):
    before = len(outbox.messages(USER))
    for _ in range(8):
        a_minute_passes(sql)
        assert signup(client).status_code == 201
    assert len(outbox.messages(USER)) == before + 5
