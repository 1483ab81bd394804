"""Staff tokens are for machines: made by `formengine staff-token --name --scope`, stored hashed,
expiring, revocable, sent as `Authorization: Bearer`, scoped (read or export) and audited as their own
actor; they no longer sign a browser in. Every bad token gets a 401 that says what is wrong."""

import hashlib

import pytest
from click.testing import CliRunner

from engine.applications import access
from engine.cli import main
from tests.api.staff.conftest import make_applicant, print_view, print_view_token


@pytest.fixture
def cli(app, monkeypatch):
    """The CLI against the test app (its database and settings)."""
    from engine.staff import cli as staff_cli

    monkeypatch.setattr(staff_cli, "_app", lambda: app)
    runner = CliRunner()
    return lambda *args: runner.invoke(main, ["staff-token", *args])


def _bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def test_the_command_prints_a_token_once_and_stores_only_a_hash(app, cli, sql):
    result = cli("--days", "3", "--name", "Records system", "--scope", "export")
    assert result.exit_code == 0, result.output
    token = result.stdout.strip()
    assert token.startswith("staff_") and "Authorization: Bearer" in result.stderr and "(export)" in result.stderr
    (stored, name, scope, days), *_ = sql(
        "SELECT token_hash, name, scope, CAST(expires_at AS DATE) - CAST(created_at AS DATE) FROM staff_tokens"
        if app.extensions["db_engine"].dialect.name == "postgresql"
        else "SELECT token_hash, name, scope, julianday(date(expires_at)) - julianday(date(created_at)) FROM staff_tokens"
    )
    assert stored == hashlib.sha256(token.encode()).hexdigest() and token not in stored
    assert name == "Records system" and int(days) == 3 and scope == "applications:read applications:export"
    assert "export\tRecords system" in cli("list").stdout


@pytest.mark.parametrize("days", ["0", "91", "-1"])
def test_the_command_refuses_a_lifetime_out_of_range(cli, days, sql):
    result = cli("--days", days, "--name", "x")
    assert result.exit_code == 2 and "--days" in result.output and "1 to 90" in result.output
    assert sql("SELECT count(*) FROM staff_tokens")[0][0] == 0


def test_a_token_must_be_named(cli, sql):
    result = cli("--days", "3")
    assert result.exit_code == 2 and "--name" in result.output
    assert sql("SELECT count(*) FROM staff_tokens")[0][0] == 0


def test_a_token_is_a_bearer_for_machines_and_every_use_is_audited(app, new_staff_token, sql):
    token = new_staff_token(name="Records system")
    response = app.test_client().get("/staff/api/applications", headers=_bearer(token))
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in response.headers
    assert sql("SELECT actor_kind, actor_label, action FROM audit_events") == [("token", "Records system", "token_use")]


def test_a_token_no_longer_signs_a_browser_in(app, new_staff_token):
    response = app.test_client().post("/staff/api/session", json={"token": new_staff_token()})
    assert response.status_code == 400 and "Set-Cookie" not in response.headers


def test_a_read_token_cannot_export_and_an_export_token_can(app, new_staff_token, sql):
    client = app.test_client()
    refused = client.get("/staff/api/exports?format=csv", headers=_bearer(new_staff_token(name="Reader bot")))
    assert (
        refused.status_code == 403 and refused.json["message"] == "This needs the exporter role. Ask an administrator."
    )
    allowed = client.get(
        "/staff/api/exports?format=json", headers=_bearer(new_staff_token(name="Pull", scope="export"))
    )
    assert allowed.status_code == 200 and allowed.headers["Content-Disposition"].startswith("attachment")
    actions = sql("SELECT actor_label, action FROM audit_events WHERE action <> 'token_use' ORDER BY id")
    assert actions == [("Reader bot", "forbidden"), ("Pull", "export")]


def _refused(app, token: str | None) -> dict:
    response = app.test_client().get("/staff/api/applications", headers=_bearer(token) if token else {})
    assert response.status_code == 401
    return response.json


def test_no_token_or_session_is_refused_with_what_to_do(app):
    assert _refused(app, None) == {"message": "Sign in as staff to continue."}


def test_a_tampered_token_is_refused(app, new_staff_token):
    token = new_staff_token()
    tampered = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert _refused(app, tampered)["message"].startswith("This staff token is not valid.")
    assert _refused(app, "x" * 5000)["message"].startswith("This staff token is not valid.")


def test_an_expired_token_is_refused_with_its_date(app, new_staff_token, sql):
    token = new_staff_token()
    sql("UPDATE staff_tokens SET expires_at = created_at")
    message = _refused(app, token)["message"]
    assert message.startswith("This staff token expired on ") and "UTC" in message


def test_a_revoked_token_is_refused_at_once(app, cli, sql):
    token = cli("--days", "1", "--name", "Bot").stdout.strip()
    assert app.test_client().get("/staff/api/applications", headers=_bearer(token)).status_code == 200
    token_id = sql("SELECT id FROM staff_tokens")[0][0]
    result = cli("revoke", str(token_id))
    assert result.exit_code == 0 and "revoked 1" in result.output
    assert _refused(app, token)["message"].startswith("This staff token has been revoked.")
    assert cli("revoke", str(token_id)).exit_code == 1  # nothing live left to revoke


@pytest.mark.parametrize("revoke", ["by id", "by token"])
def test_revoking_a_staff_token_voids_every_print_view_opened_with_it(app, cli, sql, revoke):
    """A print-view token made on a staff token's authority is checked through it on every use: the
    hour it had left counts for nothing once the staff token is revoked. Another staff token's print
    views, and print-view links made on the command line, are not touched."""
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    (application_id,) = sql("SELECT id FROM applications")[0]
    revoked, other = (cli("--days", "1", "--name", name).stdout.strip() for name in ("Leaver", "Stays"))
    client = app.test_client()
    opened = [print_view_token(client, application_id, _bearer(revoked)) for _ in range(2)]
    kept = print_view_token(client, application_id, _bearer(other))
    with app.app_context():
        by_cli, _url, _expires = access.create_service_token("ada@example.com")
    assert all(print_view(app, token).status_code == 200 for token in [*opened, kept, by_cli])

    (revoked_id,) = sql("SELECT id FROM staff_tokens WHERE name = 'Leaver'")[0]
    assert cli("revoke", str(revoked_id) if revoke == "by id" else revoked).exit_code == 0
    for token in opened:
        response = print_view(app, token)
        assert response.status_code == 401 and "Ada" not in response.get_data(as_text=True)
        assert response.json["message"]
    assert print_view(app, kept).status_code == 200 and print_view(app, by_cli).status_code == 200
    assert app.test_client().get(f"/service/document/essay_file?service_token={opened[0]}").status_code == 401


def test_a_print_view_ends_with_its_staff_tokens_expiry(app, new_staff_token, sql):
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    (application_id,) = sql("SELECT id FROM applications")[0]
    service_token = print_view_token(app.test_client(), application_id, _bearer(new_staff_token()))
    assert print_view(app, service_token).status_code == 200
    sql("UPDATE staff_tokens SET expires_at = created_at")  # the print view itself has most of an hour
    assert print_view(app, service_token).status_code == 401


def test_revoking_by_token_or_all(app, cli):
    first, second = (cli("--days", "1", "--name", "Bot").stdout.strip() for _ in range(2))
    assert cli("revoke", first).exit_code == 0
    listing = cli("list").stdout
    assert listing.count("revoked") == 1 and listing.count("live") == 1 and "staff_" not in listing
    assert "revoked 1" in cli("revoke", "--all").output
    assert _refused(app, second)["message"].startswith("This staff token has been revoked.")


def test_an_applicants_print_view_token_is_not_a_staff_token(app):
    make_applicant(app, "ada@example.com")
    with app.app_context():
        service_token, _url, _expires = access.create_service_token("ada@example.com")
    assert _refused(app, service_token)["message"].startswith("This is a print-view link for one application")
