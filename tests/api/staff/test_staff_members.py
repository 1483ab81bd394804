"""Staff members: local accounts made on the command line with a password and a required TOTP second
factor; sign-in gives a staff session of its own (cookie at /staff, shorter idle timeout), never an
applicant's; a code is accepted once; a disabled member is refused at the next request."""

import datetime as dt

import pyotp
import pytest
from click.testing import CliRunner

from engine.accounts import sessions as applicant_sessions
from engine.cli import main
from engine.staff import sessions
from tests.api.staff.conftest import PASSWORD, make_applicant, print_view, print_view_token, sign_in_body
from tests.clock import Clock


@pytest.fixture
def cli(app, monkeypatch):
    from engine.staff import cli as staff_cli

    monkeypatch.setattr(staff_cli, "_app", lambda: app)
    runner = CliRunner()
    return lambda *args, **kwargs: runner.invoke(main, ["staff", *args], **kwargs)


def test_adding_a_member_prints_the_authenticator_secret_once(cli, sql):
    result = cli(
        "add", "--email", "Ada@Example.edu", "--role", "reader", "--name", "Ada", input=f"{PASSWORD}\n{PASSWORD}\n"
    )
    assert result.exit_code == 0, result.output
    uri = result.stdout.strip().splitlines()[-1]  # after the password prompts
    assert uri.startswith("otpauth://totp/formengine%20staff:ada%40example.edu?secret=")
    secret = pyotp.parse_uri(uri).secret
    assert f"the secret {secret}" in result.stderr and "shown this once" in result.stderr
    (email, roles, password_hash, stored_secret, subject), *_ = sql(
        "SELECT email, roles, password_hash, totp_secret, subject FROM staff_members"
    )
    assert (email, roles, subject, stored_secret) == ("ada@example.edu", "reader", "local:ada@example.edu", secret)
    assert password_hash.startswith("$argon2id$") and PASSWORD not in password_hash
    assert "ada@example.edu\treader\tactive\tlast sign-in never\tAda" in cli("list").stdout
    assert sql("SELECT actor_label, action, detail FROM audit_events") == [
        ("command line", "staff_added", '{"roles": ["reader"], "staff": "ada@example.edu"}')
    ]


def test_a_weak_password_an_unknown_role_or_a_taken_email_adds_nobody(cli, new_member, sql):
    weak = cli("add", "--email", "a@example.edu", "--role", "reader", "--password", "short")
    assert weak.exit_code == 2 and "--password" in weak.output
    role = cli("add", "--email", "a@example.edu", "--role", "boss", "--password", PASSWORD)
    assert role.exit_code == 2 and "boss" in role.output
    taken = new_member("reader")["email"]
    again = cli("add", "--email", taken, "--role", "reader", "--password", PASSWORD)
    assert again.exit_code == 1 and "already" in again.output
    assert sql("SELECT count(*) FROM staff_members")[0][0] == 1


def test_signing_in_gives_a_staff_cookie_of_its_own(app, new_member, sql):
    member = new_member("exporter", name="Edith")
    client = app.test_client()
    response = client.post("/staff/api/session", json=sign_in_body(member), headers={"User-Agent": "Tester/1"})
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    assert response.json["email"] == member["email"] and response.json["role"] == "exporter"
    assert response.json["kind"] == "staff" and response.json["message"].startswith(f"Signed in as {member['email']}")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("formengine_staff=")
    for part in ("HttpOnly", "Path=/staff", "SameSite=Strict", f"Max-Age={int(sessions.LIFETIME.total_seconds())}"):
        assert part in cookie
    assert client.get("/staff/api/session").json["name"] == "Edith"
    assert (
        sql("SELECT count(*) FROM account_sessions")[0][0] == 0
        and sql("SELECT count(*) FROM staff_sessions")[0][0] == 1
    )
    assert sql("SELECT actor_label, action, ip, user_agent FROM audit_events") == [
        (member["email"], "sign_in", "127.0.0.1", "Tester/1")
    ]
    assert sql("SELECT last_sign_in_at IS NOT NULL FROM staff_members")[0][0]


@pytest.mark.parametrize("wrong", ["password", "code", "email"])
def test_a_wrong_password_code_or_email_is_refused_and_recorded(app, new_member, sql, wrong):
    member = new_member("reader")
    body = sign_in_body(member)
    body[wrong] = {"password": "Not-The-Password-1!", "code": "000000", "email": "nobody@example.edu"}[wrong]
    if wrong == "code" and pyotp.TOTP(member["secret"]).verify("000000", valid_window=1):
        body["code"] = "111111"
    response = app.test_client().post("/staff/api/session", json=body)
    assert response.status_code == 401 and "Set-Cookie" not in response.headers
    assert response.json["message"].startswith("The e-mail address, password or code is not right")
    assert sql("SELECT actor_label, action FROM audit_events") == [(body["email"], "sign_in_failed")]
    assert sql("SELECT count(*) FROM staff_sessions")[0][0] == 0


def test_a_code_is_accepted_once(app, new_member, sql):
    member = new_member("reader")
    body = sign_in_body(member)
    assert app.test_client().post("/staff/api/session", json=body).status_code == 200
    replayed = app.test_client().post("/staff/api/session", json=body)
    assert replayed.status_code == 401 and "used already" in replayed.json["message"]
    assert [action for (action,) in sql("SELECT action FROM audit_events ORDER BY id")] == ["sign_in", "sign_in_failed"]


def test_failed_sign_ins_back_off_and_a_success_clears_them(app, new_member, sql):
    member = new_member("reader")
    wrong = {**sign_in_body(member), "password": "Not-The-Password-1!"}
    for _ in range(3):
        assert app.test_client().post("/staff/api/session", json=wrong).status_code == 401
    key = f"staff-sign-in:{member['email']}"
    assert sql("SELECT count FROM rate_limits WHERE key = :key", key=key) == [(3,)]
    sql(
        "UPDATE rate_limits SET blocked_until = :until WHERE key = :key",
        until=sessions.utcnow() + dt.timedelta(minutes=1),
        key=key,
    )
    waiting = app.test_client().post("/staff/api/session", json=sign_in_body(member))
    assert (
        waiting.status_code == 429
        and waiting.headers["Retry-After"]
        and "Too many failed sign-ins" in waiting.json["message"]
    )
    sql("UPDATE rate_limits SET blocked_until = NULL WHERE key = :key", key=key)
    assert app.test_client().post("/staff/api/session", json=sign_in_body(member)).status_code == 200
    assert sql("SELECT count(*) FROM rate_limits WHERE key = :key", key=key) == [(0,)]
    reasons = sql("SELECT detail FROM audit_events WHERE action = 'sign_in_failed' ORDER BY id")
    assert reasons == [(None,), (None,), (None,), ('{"reason": "waiting"}',)]


def test_a_disabled_member_is_refused_at_the_next_request(cli, new_member, sign_in, sql):
    member = new_member("reader")
    client = sign_in(member)
    assert client.get("/staff/api/applications").status_code == 200
    assert cli("disable", member["email"]).exit_code == 0  # ends the member's sessions too
    assert client.get("/staff/api/applications").status_code == 401
    assert sql("SELECT count(*) FROM staff_sessions")[0][0] == 0
    again = client.post("/staff/api/session", json=sign_in_body(member, pyotp.TOTP(member["secret"]).at(0)))
    assert again.status_code == 401


def test_a_member_disabled_elsewhere_is_refused_with_a_live_session(new_member, sign_in, sql):
    client = sign_in(new_member("reader"))
    sql("UPDATE staff_members SET disabled_at = created_at")
    response = client.get("/staff/api/applications")
    assert response.status_code == 401 and response.json["message"].startswith("This staff account is disabled.")
    assert sql("SELECT count(*) FROM staff_sessions")[0][0] == 0


def test_an_idle_session_ends_sooner_than_an_applicants(app, staff, sql):
    assert sessions.IDLE < dt.timedelta(milliseconds=applicant_sessions.DEFAULT_IDLE_MS)
    sql("UPDATE staff_sessions SET last_seen_at = :when", when=sessions.utcnow() - sessions.IDLE)
    response = staff.get("/staff/api/applications")
    assert response.status_code == 401 and "without activity" in response.json["message"]
    assert "formengine_staff=;" in response.headers["Set-Cookie"]


def test_signing_out_ends_the_session_on_the_server(staff, sql):
    response = staff.delete("/staff/api/session", json={})
    assert response.status_code == 200 and "formengine_staff=;" in response.headers["Set-Cookie"]
    assert sql("SELECT count(*) FROM staff_sessions")[0][0] == 0
    assert staff.get("/staff/api/applications").status_code == 401
    assert [action for (action,) in sql("SELECT action FROM audit_events ORDER BY id")] == ["sign_in", "sign_out"]


@pytest.mark.parametrize("ending", ["signed out", "disabled", "disabled elsewhere", "idle"])
def test_a_print_view_opened_by_a_member_ends_with_their_session(app, cli, new_member, sign_in, sql, ending):
    """A member's print view has an hour of its own but works only while the session that opened it
    does: signing out, being disabled or going idle voids it at once; another member's stays."""
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    (application_id,) = sql("SELECT id FROM applications")[0]
    member = new_member("reader")
    client = sign_in(member)
    opened = print_view_token(client, application_id)
    kept = print_view_token(sign_in(new_member("reader")), application_id)
    assert print_view(app, opened).status_code == 200 and print_view(app, kept).status_code == 200
    if ending == "signed out":
        assert client.delete("/staff/api/session", json={}).status_code == 200
    elif ending == "disabled":
        assert cli("disable", member["email"]).exit_code == 0
    elif ending == "disabled elsewhere":
        sql("UPDATE staff_members SET disabled_at = created_at WHERE id = :id", id=member["id"])
    else:
        idle_since = sessions.utcnow() - sessions.IDLE
        sql("UPDATE staff_sessions SET last_seen_at = :when WHERE staff_id = :id", when=idle_since, id=member["id"])
    response = print_view(app, opened)
    assert response.status_code == 401 and "Ada" not in response.get_data(as_text=True) and response.json["message"]
    assert print_view(app, kept).status_code == 200


@pytest.fixture
def clock(monkeypatch) -> Clock:
    from engine.applications import access

    clock = Clock()
    monkeypatch.setattr(sessions, "utcnow", clock)
    monkeypatch.setattr(access, "utcnow", clock)
    return clock


def test_reading_print_views_keeps_the_session_alive_and_doing_nothing_ends_it(app, new_member, sign_in, sql, clock):
    """Reading is activity: a member who only reads a print view opened from /staff (reloads it,
    another language, a document) every few minutes is still signed in after the 10 idle minutes,
    though the /staff page itself sent nothing; a member who did nothing meanwhile is signed out.
    Never past the session's fixed end."""
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    (application_id,) = sql("SELECT id FROM applications")[0]
    reading, idle = sign_in(new_member("reader")), sign_in(new_member("reader"))
    opened = print_view_token(reading, application_id)
    for minute in range(4, 25, 4):  # 24 minutes, the print view read every 4
        clock.now += dt.timedelta(minutes=4)
        response = print_view(app, opened)  # the print page's own request: its token, no staff cookie
        assert response.status_code == 200 and "Ada" in response.get_data(as_text=True), minute
    assert reading.get("/staff/api/session").status_code == 200
    refused = idle.get("/staff/api/session")
    assert refused.status_code == 401 and "without activity" in refused.json["message"]
    # Reading never carries a session past its fixed end (8 hours after sign-in).
    sql("UPDATE staff_sessions SET expires_at = :end", end=clock.now + dt.timedelta(minutes=5))
    clock.now += dt.timedelta(minutes=4)
    assert print_view(app, opened).status_code == 200
    clock.now += dt.timedelta(minutes=2)
    assert print_view(app, opened).status_code == 401
    assert reading.get("/staff/api/session").status_code == 401


def test_role_changes_are_recorded(cli, new_member, sign_in, sql):
    member = new_member("reader")
    result = cli("role", member["email"], "exporter", "administrator")
    assert result.exit_code == 0 and result.stdout.strip() == f"{member['email']}: exporter, administrator"
    assert sign_in(member).get("/staff/api/session").json["role"] == "administrator"
    (detail,) = sql("SELECT detail FROM audit_events WHERE action = 'role_change'")[0]
    assert detail == f'{{"from": ["reader"], "staff": "{member["email"]}", "to": ["exporter", "administrator"]}}'
    assert cli("role", "nobody@example.edu", "reader").exit_code == 1


def test_an_applicants_session_never_reaches_staff_and_a_staff_session_never_acts_as_an_applicant(
    app, staff, add_application
):
    add_application(first_name="Grace", reference="INTL-ABCDEFGH")
    applicant = make_applicant(app, "ada@example.com")
    applicant_cookie = applicant.get_cookie(app.config["AUTH_SESSION_COOKIE"]).value
    response = applicant.get("/staff/api/applications")
    assert response.status_code == 401 and "Grace" not in response.get_data(as_text=True)
    assert applicant.get("/staff/applications/1/print").status_code == 401
    # The applicant's session id offered as a staff one is no staff session either.
    applicant.set_cookie("formengine_staff", applicant_cookie, path="/staff")
    assert applicant.get("/staff/api/applications").status_code == 401
    staff_cookie = staff.get_cookie("formengine_staff", path="/staff").value
    assert staff.get("/api/profile").status_code == 401  # the staff cookie is not sent to /api
    staff.set_cookie(app.config["AUTH_SESSION_COOKIE"], staff_cookie)
    assert staff.get("/api/profile").status_code == 401


def test_signing_in_from_another_site_is_refused(app, new_member):
    response = app.test_client().post(
        "/staff/api/session", json=sign_in_body(new_member("reader")), headers={"Origin": "https://evil.example"}
    )
    assert response.status_code == 403 and "Set-Cookie" not in response.headers


@pytest.mark.parametrize(
    "body", [{}, {"email": "a@b.c", "password": "x"}, {"email": 5, "password": "x", "code": "1"}, [1]]
)
def test_a_malformed_sign_in_is_a_400(app, body):
    response = app.test_client().post("/staff/api/session", json=body)
    assert response.status_code == 400 and response.json["message"]
