"""Staff tokens: made by `formengine staff-token`, stored hashed, expiring, revocable, scoped to
reading applications; every bad token gets a 401 that says what is wrong and shows nothing."""

import hashlib
from urllib.parse import parse_qs, urlsplit

import pytest
from click.testing import CliRunner

from engine.applications import access
from engine.cli import main
from tests.api.staff.conftest import make_applicant


@pytest.fixture
def cli(app, monkeypatch):
    """The CLI against the test app (its database and settings)."""
    from engine.staff import cli as staff_cli

    monkeypatch.setattr(staff_cli, "_app", lambda: app)
    runner = CliRunner()
    return lambda *args: runner.invoke(main, ["staff-token", *args])


def _token_of(link: str) -> str:
    return urlsplit(link).fragment.removeprefix("token=")


def test_the_command_prints_a_staff_link_and_stores_only_a_hash(app, cli, sql):
    result = cli("--days", "3", "--name", "Admissions office")
    assert result.exit_code == 0, result.output
    link = result.stdout.strip()
    assert link.startswith(app.config["PUBLIC_URL"].rstrip("/") + "/staff#token=staff_")
    token = _token_of(link)
    assert "expires" in result.stderr and "send it privately" in result.stderr
    (stored, name, days), *_ = sql(
        "SELECT token_hash, name, CAST(expires_at AS DATE) - CAST(created_at AS DATE) FROM staff_tokens"
        if app.extensions["db_engine"].dialect.name == "postgresql"
        else "SELECT token_hash, name, julianday(date(expires_at)) - julianday(date(created_at)) FROM staff_tokens"
    )
    assert stored == hashlib.sha256(token.encode()).hexdigest() and token not in stored
    assert name == "Admissions office" and int(days) == 3


@pytest.mark.parametrize("days", ["0", "91", "-1"])
def test_the_command_refuses_a_lifetime_out_of_range(cli, days, sql):
    result = cli("--days", days)
    assert result.exit_code == 2 and "--days" in result.output and "1 to 90" in result.output
    assert sql("SELECT count(*) FROM staff_tokens")[0][0] == 0


def test_a_token_signs_in_with_an_httponly_cookie_for_staff_pages_only(app, new_staff_token):
    client = app.test_client()
    response = client.post("/staff/api/session", json={"token": new_staff_token()})
    assert response.status_code == 200
    assert response.json["name"] == "Admissions office" and response.json["message"].startswith("Signed in")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("formengine_staff=staff_")
    for part in ("HttpOnly", "Path=/staff", "SameSite=Strict", "Max-Age="):
        assert part in cookie
    assert response.headers["Cache-Control"] == "no-store"
    assert client.get("/staff/api/applications").status_code == 200
    assert client.get("/staff/api/session").json["name"] == "Admissions office"


def test_a_bearer_header_works_for_tools(app, new_staff_token):
    headers = {"Authorization": f"Bearer {new_staff_token()}"}
    assert app.test_client().get("/staff/api/applications", headers=headers).status_code == 200


def test_signing_out_forgets_the_cookie(staff):
    response = staff.delete("/staff/api/session", json={})
    assert response.status_code == 200 and "formengine_staff=;" in response.headers["Set-Cookie"]
    assert staff.get("/staff/api/applications").status_code == 401


def _refused(app, token: str | None) -> dict:
    client = app.test_client()
    listed = client.get("/staff/api/applications", headers={"Authorization": f"Bearer {token}"} if token else {})
    signed_in = client.post("/staff/api/session", json={"token": token or "x"})
    assert listed.status_code == 401 and signed_in.status_code == 401
    assert "Set-Cookie" not in signed_in.headers
    assert listed.json["message"] == signed_in.json["message"] or token is None
    return listed.json


def test_no_token_is_refused_with_what_to_do(app):
    assert _refused(app, None) == {
        "message": "A staff token is required. Ask your administrator for a staff link (formengine staff-token)."
    }


def test_a_tampered_token_is_refused(app, new_staff_token):
    token = new_staff_token()
    tampered = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert _refused(app, tampered)["message"].startswith("This staff token is not valid.")
    too_long = app.test_client().get("/staff/api/applications", headers={"Authorization": "Bearer " + "x" * 5000})
    assert too_long.status_code == 401 and too_long.json["message"].startswith("This staff token is not valid.")


def test_an_expired_token_is_refused_with_its_date(app, new_staff_token, sql):
    token = new_staff_token()
    sql("UPDATE staff_tokens SET expires_at = created_at")
    message = _refused(app, token)["message"]
    assert message.startswith("This staff token expired on ") and "UTC" in message


def test_a_revoked_token_is_refused_at_once(app, cli, sql):
    token = _token_of(cli("--days", "1").stdout.strip())
    client = app.test_client()
    assert client.post("/staff/api/session", json={"token": token}).status_code == 200
    token_id = sql("SELECT id FROM staff_tokens")[0][0]
    result = cli("revoke", str(token_id))
    assert result.exit_code == 0 and "revoked 1" in result.output
    response = client.get("/staff/api/applications")  # the cookie is still there: the token is not
    assert response.status_code == 401 and response.json["message"].startswith("This staff token has been revoked.")
    assert cli("revoke", str(token_id)).exit_code == 1  # nothing live left to revoke


def _print_view_token(staff_client, application_id: int) -> str:
    response = staff_client.get(f"/staff/applications/{application_id}/print")
    assert response.status_code == 303, response.json
    return parse_qs(urlsplit(response.headers["Location"]).query)["service_token"][0]


def _print_view(app, service_token: str):
    return app.test_client().get("/service/tmp-pdf", query_string={"service_token": service_token})


@pytest.mark.parametrize("revoke", ["by id", "all"])
def test_revoking_a_staff_token_voids_every_print_view_opened_with_it(app, cli, sql, revoke):
    """A print-view token made on a staff token's authority is checked through it on every use: the
    hour it had left counts for nothing once the staff token is revoked. Another staff token's print
    views, and print-view links made on the command line, are not touched."""
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    (application_id,) = sql("SELECT id FROM applications")[0]
    revoked, other = (_token_of(cli("--days", "1", "--name", name).stdout.strip()) for name in ("Leaver", "Stays"))
    signed_in = {}
    for token in (revoked, other):
        signed_in[token] = app.test_client()
        assert signed_in[token].post("/staff/api/session", json={"token": token}).status_code == 200
    opened = [_print_view_token(signed_in[revoked], application_id) for _ in range(2)]
    kept = _print_view_token(signed_in[other], application_id)
    with app.app_context():
        by_cli, _url, _expires = access.create_service_token("ada@example.com")
    assert all(_print_view(app, token).status_code == 200 for token in [*opened, kept, by_cli])

    (revoked_id,) = sql("SELECT id FROM staff_tokens WHERE name = 'Leaver'")[0]
    assert cli("revoke", str(revoked_id) if revoke == "by id" else revoked).exit_code == 0
    for token in opened:
        response = _print_view(app, token)
        assert response.status_code == 401 and "Ada" not in response.get_data(as_text=True)
        assert response.json["message"]
    assert _print_view(app, kept).status_code == 200 and _print_view(app, by_cli).status_code == 200
    assert app.test_client().get(f"/service/document/essay_file?service_token={opened[0]}").status_code == 401


def test_a_print_view_ends_with_its_staff_tokens_expiry(app, staff, sql):
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    (application_id,) = sql("SELECT id FROM applications")[0]
    service_token = _print_view_token(staff, application_id)
    assert _print_view(app, service_token).status_code == 200
    sql("UPDATE staff_tokens SET expires_at = created_at")  # the print view itself has most of an hour
    assert _print_view(app, service_token).status_code == 401


def test_revoking_by_link_or_all(app, cli):
    first, second = (cli("--days", "1").stdout.strip() for _ in range(2))
    assert cli("revoke", first).exit_code == 0
    listing = cli("list").stdout
    assert listing.count("revoked") == 1 and listing.count("live") == 1 and "staff_" not in listing
    assert "revoked 1" in cli("revoke", "--all").output
    assert _refused(app, _token_of(second))["message"].startswith("This staff token has been revoked.")


def test_an_applicants_print_view_token_is_not_a_staff_token(app):
    make_applicant(app, "ada@example.com")
    with app.app_context():
        service_token, _url, _expires = access.create_service_token("ada@example.com")
    assert _refused(app, service_token)["message"].startswith("This is a print-view link for one application")


def test_an_applicants_session_reads_nothing(app, add_application):
    add_application(first_name="Grace", reference="INTL-ABCDEFGH")
    applicant = make_applicant(app, "ada@example.com")
    response = applicant.get("/staff/api/applications")
    assert response.status_code == 401 and "Grace" not in response.get_data(as_text=True)
    assert applicant.get("/staff/applications/1/print").status_code == 401


def test_signing_in_from_another_site_is_refused(app, new_staff_token):
    response = app.test_client().post(
        "/staff/api/session", json={"token": new_staff_token()}, headers={"Origin": "https://evil.example"}
    )
    assert response.status_code == 403 and "Set-Cookie" not in response.headers


@pytest.mark.parametrize("body", [{}, {"token": ""}, {"token": 5}, [1]])
def test_a_malformed_sign_in_is_a_400(app, body):
    response = app.test_client().post("/staff/api/session", json=body)
    assert response.status_code == 400 and response.json["message"]
