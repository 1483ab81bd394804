"""Login, its limits, sessions and cookies, logout."""

import json

import pytest

from engine.accounts import messages
from tests.api.accounts.conftest import PASSWORD, login, session_cookie, signup

USER = "ada@example.com"


def _cookie_headers(response) -> dict[str, str]:
    return {header.split("=", 1)[0]: header for header in response.headers.getlist("Set-Cookie")}


def test_login_sets_an_httponly_session_cookie_and_a_readable_companion(client, account):
    response = login(client)
    assert response.status_code == 200
    # The confirmation code signed in first.
    # The language this browser reads now (the account's; the shipped form has several).
    assert response.json == {"message": messages.LOGIN_OK, "username": USER, "num_logins": 2, "language": "en"}
    cookies = _cookie_headers(response)
    session = cookies["formengine_session"]
    assert "HttpOnly" in session and "SameSite=Lax" in session and "Path=/" in session
    assert "Secure" not in session  # plain http in tests
    token = session.split(";")[0].split("=", 1)[1]
    assert len(token) >= 22  # at least 128 bits, URL-safe base64
    companion = cookies["formengine-idp-session"]
    assert companion.startswith("formengine-idp-session=1;")
    assert "HttpOnly" not in companion and "Max-Age=900" in companion
    assert client.get("/api/test-whoami").json["username"] == USER


def test_session_id_is_stored_hashed(client, account, sql):
    login(client)
    ((stored,),) = sql("SELECT token_hash FROM account_sessions")
    assert stored != session_cookie(client) and len(stored) == 64


@pytest.mark.parametrize("app_overrides", [{"SESSION_COOKIE_SECURE": True, "IDP_COOKIE_PREFIX": "acme-idp"}])
def test_cookies_are_secure_when_configured_and_use_the_prefix(client, account):
    cookies = _cookie_headers(login(client))
    assert "Secure" in cookies["formengine_session"]
    assert "Secure" in cookies["acme-idp-session"]


def test_cookies_are_secure_over_https(client, account):
    cookies = _cookie_headers(login(client, base_url="https://localhost"))
    assert "Secure" in cookies["formengine_session"]


def test_api_without_a_session_answers_401_with_a_message(client):
    response = client.get("/api/test-whoami")
    assert response.status_code == 401
    assert response.json == {"message": messages.SESSION_INVALID}
    client.set_cookie("formengine_session", "forged-value")
    response = client.get("/api/test-whoami")
    assert response.status_code == 401
    assert "formengine_session=;" in " ".join(response.headers.getlist("Set-Cookie"))


def test_wrong_password_and_unknown_account_answer_alike(client, account):
    wrong = login(client, password="Wrong-Password-1")
    unknown = login(client, username="nobody@example.com")
    assert wrong.status_code == unknown.status_code == 400
    assert wrong.json == unknown.json == {"message": messages.LOGIN_WRONG}


def test_login_to_an_unconfirmed_account_says_so_only_with_the_right_password(client):
    signup(client)
    response = login(client)
    assert response.status_code == 403
    assert response.json == {"message": messages.LOGIN_UNCONFIRMED, "reason": "unconfirmed"}
    assert "formengine_session" not in _cookie_headers(response)
    assert login(client, password="Wrong-Password-1").status_code == 400


def test_login_field_messages(client):
    response = client.post("/public/login", json={"username": "nope", "password": ""})
    assert response.status_code == 400
    assert response.json["errors"] == {
        "username": ["Please provide a valid email address."],
        "password": ["Password is required."],
    }


@pytest.mark.usefixtures("still_clock")
def test_backoff_after_the_fifth_failed_login(client, account, sql):
    for _ in range(5):
        assert login(client, password="Wrong-Password-1").status_code == 400
    sixth = login(client)  # even the right password waits
    assert sixth.status_code == 429
    assert (
        sixth.json["message"] == "Too many failed login attempts for this account. Please wait 1 second and try again."
    )
    assert sixth.headers["Retry-After"] == "1"
    assert sixth.json["retry_after"] == 1
    # When the wait is over a failure doubles it.
    sql("UPDATE rate_limits SET blocked_until = '2000-01-01 00:00:00' WHERE key = 'login:ada@example.com'")
    assert login(client, password="Wrong-Password-1").status_code == 400
    assert login(client).headers["Retry-After"] == "2"
    # A success clears the streak.
    sql("UPDATE rate_limits SET blocked_until = '2000-01-01 00:00:00' WHERE key = 'login:ada@example.com'")
    assert login(client).status_code == 200
    assert sql("SELECT COUNT(*) FROM rate_limits WHERE key = 'login:ada@example.com'") == [(0,)]


@pytest.mark.usefixtures("still_clock")
def test_backoff_also_guards_unknown_accounts(client):
    for _ in range(5):
        login(client, username="nobody@example.com")
    assert login(client, username="nobody@example.com").status_code == 429


@pytest.mark.parametrize("app_overrides", [{"LOGIN_IP_MAX_FAILURES": 3}])
def test_per_ip_limit_on_failed_logins(client, account):
    for number in range(3):
        assert login(client, username=f"guess{number}@example.com").status_code == 400
    blocked = login(client)
    assert blocked.status_code == 429
    assert blocked.json["message"].startswith("Too many failed login attempts from your network. Please try again in ")
    assert int(blocked.headers["Retry-After"]) > 0
    # Another address is not affected.
    assert login(client, environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 200


@pytest.mark.parametrize("app_overrides", [{"LOGIN_IP_MAX_FAILURES": 3}])
def test_successful_logins_do_not_use_up_the_ip_limit(client, account):
    for _ in range(6):
        assert login(client).status_code == 200


def test_a_new_session_id_at_every_login_and_the_old_one_ends(client, account):
    login(client)
    first = session_cookie(client)
    login(client)
    second = session_cookie(client)
    assert first != second
    other = client.application.test_client()
    other.set_cookie("formengine_session", first)
    assert other.get("/api/test-whoami").status_code == 401


def test_a_planted_session_id_is_never_adopted(client, account):
    client.set_cookie("formengine_session", "attacker-chosen-id")
    login(client)
    assert session_cookie(client) != "attacker-chosen-id"
    assert client.get("/api/test-whoami").status_code == 200


def test_logout_ends_the_session_on_the_server_and_removes_both_cookies(logged_in, sql):
    token = session_cookie(logged_in)
    response = logged_in.get("/api/logout")
    assert response.status_code == 200
    assert response.json == {"message": messages.LOGOUT_OK}
    cleared = _cookie_headers(response)
    assert "Max-Age=0" in cleared["formengine_session"] and "Max-Age=0" in cleared["formengine-idp-session"]
    assert sql("SELECT COUNT(*) FROM account_sessions") == [(0,)]
    replay = logged_in.application.test_client()
    replay.set_cookie("formengine_session", token)
    assert replay.get("/api/test-whoami").status_code == 401
    assert logged_in.get("/api/logout").status_code == 401


def test_idle_session_expires(logged_in, sql):
    sql("UPDATE account_sessions SET last_seen_at = '2000-01-01 00:00:00'")
    response = logged_in.get("/api/test-whoami")
    assert response.status_code == 401
    assert response.json["message"] == messages.SESSION_IDLE
    assert "Max-Age=0" in _cookie_headers(response)["formengine-idp-session"]
    assert sql("SELECT COUNT(*) FROM account_sessions") == [(0,)]


@pytest.mark.parametrize("app_overrides", [{"SESSION_TOUCH_S": 0}])
def test_activity_renews_the_idle_timer(logged_in, sql):
    import datetime as dt

    fourteen_minutes_ago = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(minutes=14)
    sql("UPDATE account_sessions SET last_seen_at = :t", t=fourteen_minutes_ago)
    response = logged_in.get("/api/test-whoami")
    assert response.status_code == 200
    assert "Max-Age=900" in _cookie_headers(response)["formengine-idp-session"]
    ((last_seen,),) = sql("SELECT last_seen_at FROM account_sessions")
    if isinstance(last_seen, str):
        last_seen = dt.datetime.fromisoformat(last_seen)
    assert last_seen > fourteen_minutes_ago + dt.timedelta(minutes=13)


def _last_seen(sql):
    import datetime as dt

    ((last_seen,),) = sql("SELECT last_seen_at FROM account_sessions")
    return dt.datetime.fromisoformat(last_seen) if isinstance(last_seen, str) else last_seen


@pytest.mark.parametrize("app_overrides", [{"SESSION_IDLE_MS": 120000}])
def test_requests_between_renewals_never_move_the_end_later(logged_in, sql):
    """The last use is written at most every 30 s here (SESSION_TOUCH_S, 60 s by default, but at
    most half the tenant's 60 s idle prompt), and the idle cookie re-issued only with it: a request
    in between leaves both where they are, so the session still ends on time, counted from the last
    renewal."""
    import datetime as dt

    assert logged_in.application.config["SESSION_TOUCH_S"] == 60
    twenty_seconds_ago = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(seconds=20)
    sql("UPDATE account_sessions SET last_seen_at = :t", t=twenty_seconds_ago)
    response = logged_in.get("/api/test-whoami")
    assert response.status_code == 200
    assert "formengine-idp-session" not in _cookie_headers(response)  # not renewed: no new idle cookie
    assert _last_seen(sql) == twenty_seconds_ago
    # Half a minute on, a request renews both: the last use is now, the idle cookie lasts the timeout.
    half_a_minute_ago = twenty_seconds_ago - dt.timedelta(seconds=11)
    sql("UPDATE account_sessions SET last_seen_at = :t", t=half_a_minute_ago)
    response = logged_in.get("/api/test-whoami")
    assert response.status_code == 200 and "Max-Age=120" in _cookie_headers(response)["formengine-idp-session"]
    assert _last_seen(sql) > half_a_minute_ago + dt.timedelta(seconds=30)
    # Time passes (the last use moved back): past the idle timeout the session has ended.
    sql("UPDATE account_sessions SET last_seen_at = :t", t=half_a_minute_ago - dt.timedelta(seconds=90))
    response = logged_in.get("/api/test-whoami")
    assert response.status_code == 401 and response.json["message"] == messages.SESSION_IDLE


@pytest.mark.parametrize("app_overrides", [{"SESSION_IDLE_MS": 60000}])
def test_idle_timeout_is_configurable(logged_in, sql):
    import datetime as dt

    two_minutes_ago = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(minutes=2)
    sql("UPDATE account_sessions SET last_seen_at = :t", t=two_minutes_ago)
    assert logged_in.get("/api/test-whoami").status_code == 401


def test_absolute_lifetime(logged_in, sql):
    ((created, expires),) = sql("SELECT created_at, expires_at FROM account_sessions")
    import datetime as dt

    def parse(v):
        return dt.datetime.fromisoformat(v) if isinstance(v, str) else v

    assert parse(expires) - parse(created) == dt.timedelta(hours=12)
    sql("UPDATE account_sessions SET expires_at = '2000-01-01 00:00:00'")
    response = logged_in.get("/api/test-whoami")
    assert response.status_code == 401 and response.json["message"] == messages.SESSION_EXPIRED


def test_logins_are_recorded(app, client, account):
    for _ in range(3):
        login(client)
    assert login(client).json["num_logins"] == 5  # the confirmation's sign-in and four logins
    from engine.accounts import service

    with app.app_context():
        logins = service.successful_logins(service.find_account(USER).id)
    assert len(logins) == 5 and all(moment.endswith("Z") for moment in logins)
    assert logins == sorted(logins)


def test_login_answers_fill_only_empty_kept_answers(app, client, outbox, sql):
    signup(client, studentAnswers={"first_name": "Ada", "city": ""})
    client.post("/public/confirm", json={"username": USER, "code": outbox.code(USER)})
    response = client.post(
        "/public/login",
        json={
            "username": USER,
            "password": PASSWORD,
            "studentAnswers": {"first_name": "Other", "city": "London", "school": "X"},
        },
    )
    assert response.status_code == 200
    ((stored,),) = sql("SELECT pending_answers FROM accounts")
    assert json.loads(stored) == {"first_name": "Ada", "city": "London", "school": "X"}
    from engine import db
    from engine.accounts import service

    with app.app_context():
        account = service.find_account(USER)
        assert service.pop_pending_answers(account) == {"first_name": "Ada", "city": "London", "school": "X"}
        db.session().commit()
    assert sql("SELECT pending_answers FROM accounts") == [(None,)]


def test_failed_login_does_not_keep_answers(client, account, sql):
    client.post(
        "/public/login",
        json={"username": USER, "password": "Wrong-Password-1", "studentAnswers": {"first_name": "Mallory"}},
    )
    assert sql("SELECT pending_answers FROM accounts") == [(None,)]
