"""The audit trail: each staff action recorded with who, what, when and from where; read on the
command line (`formengine audit`) and by administrators on /staff; kept when the application goes;
on PostgreSQL the application's role from docs/deploy.md cannot UPDATE or DELETE it."""

import json
import re
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, text
from sqlalchemy.exc import ProgrammingError
from sqlalchemy.pool import NullPool

from engine import db
from engine.applications.models import utcnow
from engine.cli import main
from engine.documents.models import ApplicationPdf, ConversionStatus
from engine.documents.storage import storage_from_config

DEPLOY = Path(__file__).resolve().parents[3] / "docs" / "deploy.md"


@pytest.fixture
def audit_cli(app, monkeypatch):
    from engine.audit import cli as audit_cli

    monkeypatch.setattr(audit_cli, "_app", lambda: app)
    runner = CliRunner()
    return lambda *args: runner.invoke(main, ["audit", *args])


@pytest.fixture
def submitted(app, add_application):
    """A submitted application with its stored PDF: its id."""
    submitted_at = utcnow()
    application_id = add_application(first_name="Grace", reference="INTL-GRACE234", submitted_at=submitted_at)
    key = f"applications/{application_id}/stored.pdf"
    storage_from_config(app.config).write(key, b"%PDF-1.4 stored")
    with app.app_context(), db.transaction() as tx:
        tx.add(
            ApplicationPdf(
                application_id=application_id,
                status=ConversionStatus.COMPLETED.value,
                pdf_key=key,
                attempts=1,
                finished_at=submitted_at,  # made at submission: the record, served as it is
            )
        )
    return application_id


def test_a_readers_print_view_pdf_and_refused_export_are_recorded(app, new_member, sign_in, submitted, sql):
    reader = new_member("reader")
    client = sign_in(reader)
    headers = {"User-Agent": "Browser/2"}
    assert client.get(f"/staff/applications/{submitted}/print", headers=headers).status_code == 303
    assert client.get(f"/staff/api/applications/{submitted}/pdf", headers=headers).json["status"] == "completed"
    refused = client.get("/staff/api/exports?format=csv", headers=headers)
    assert refused.status_code == 403 and "exporter role" in refused.json["message"]
    rows = sql(
        "SELECT actor_kind, actor_id, actor_label, action, application_id, reference, ip, user_agent "
        "FROM audit_events ORDER BY id"
    )
    who = ("staff", reader["id"], reader["email"])
    assert rows[1:] == [
        (*who, "print_view", submitted, "INTL-GRACE234", "127.0.0.1", "Browser/2"),
        (*who, "pdf_download", submitted, "INTL-GRACE234", "127.0.0.1", "Browser/2"),
        (*who, "forbidden", None, None, "127.0.0.1", "Browser/2"),
    ]
    assert rows[0][3] == "sign_in"


def test_an_exporters_export_and_delivery_actions_are_recorded(app, new_member, sign_in, submitted, sql):
    client = sign_in(new_member("exporter"))
    exported = client.get("/staff/api/exports?format=json&status=all")
    assert exported.status_code == 200 and json.loads(exported.data)[0]["reference"] == "INTL-GRACE234"
    assert client.get(f"/staff/api/applications/{submitted}/deliveries").json == {"items": []}
    assert client.post(f"/staff/api/applications/{submitted}/deliveries", json={}).status_code == 200
    rows = sql("SELECT action, reference, detail FROM audit_events WHERE action <> 'sign_in' ORDER BY id")
    assert rows == [
        ("export", None, '{"applications": 1, "format": "json", "labels": false, "since": null, "status": "all"}'),
        ("delivery_status", "INTL-GRACE234", None),
        ("delivery_retry", "INTL-GRACE234", '{"queued": 0}'),
    ]


def test_the_command_line_prints_the_trail_by_application_staff_and_time(
    app, new_member, sign_in, submitted, add_application, audit_cli
):
    reader, other = new_member("reader"), new_member("reader")
    sign_in(reader).get(f"/staff/applications/{submitted}/print")
    draft = add_application(first_name="Ada")
    sign_in(other).get(f"/staff/applications/{draft}/print")
    by_reference = audit_cli("--application", "intl-grace234")
    assert by_reference.exit_code == 0
    (line,) = by_reference.stdout.splitlines()
    assert f"staff {reader['email']}\tprint_view\tINTL-GRACE234\t127.0.0.1" in line
    by_staff = json.loads(audit_cli("--staff", other["email"].upper(), "--json").stdout)
    assert [(e["action"], e["application_id"], e["reference"]) for e in by_staff] == [
        ("print_view", draft, None),
        ("sign_in", None, None),
    ]
    assert f"application {draft}" in audit_cli("--application-id", str(draft)).stdout
    assert audit_cli("--since", "2999-01-01").stderr.strip() == "no audit entries match"


def test_administrators_read_the_trail_on_the_staff_page(app, new_member, sign_in, submitted):
    reader = new_member("reader")
    sign_in(reader).get(f"/staff/applications/{submitted}/print")
    admin = sign_in(new_member("administrator"))
    listed = admin.get("/staff/api/audit", query_string={"reference": "INTL-GRACE234"}).json["items"]
    assert [(e["actor"]["label"], e["action"]) for e in listed] == [(reader["email"], "print_view")]
    members = admin.get("/staff/api/members").json["items"]
    assert {m["email"]: m["roles"] for m in members}[reader["email"]] == ["reader"]
    changed = admin.put(f"/staff/api/members/{reader['id']}", json={"roles": ["exporter"]})
    assert changed.status_code == 200 and changed.json["roles"] == ["exporter"]
    assert (
        admin.get("/staff/api/audit", query_string={"staff": reader["email"]}).json["items"][0]["action"]
        == "print_view"
    )
    role_change = admin.get("/staff/api/audit").json["items"][0]
    assert role_change["action"] == "role_change" and role_change["detail"]["to"] == ["exporter"]
    assert admin.put(f"/staff/api/members/{reader['id']}", json={"roles": ["boss"]}).status_code == 400
    assert admin.put("/staff/api/members/9999", json={"disabled": True}).status_code == 404


def test_an_entry_outlives_the_application_it_names(app, new_member, sign_in, submitted, sql, audit_cli):
    sign_in(new_member("reader")).get(f"/staff/applications/{submitted}/print")
    sql("DELETE FROM application_pdfs")
    sql("DELETE FROM applications")
    assert "print_view\tINTL-GRACE234" in audit_cli("--application", "INTL-GRACE234").stdout


def _grant_sql(role: str) -> list[str]:
    """The grant block of docs/deploy.md, for a role of the test's own name."""
    text_ = DEPLOY.read_text(encoding="utf-8")
    section = text_[text_.index("### The audit table's grant") :]
    block = re.search(r"```sql\n(.*?)```", section, re.S).group(1)
    return [line.replace("formengine_app", role) for line in block.strip().splitlines()]


def test_the_application_role_cannot_change_or_delete_audit_entries(app, database_url, new_member, sign_in, submitted):
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite has no roles: the audit is append-only by the code alone (docs/deploy.md)")
    sign_in(new_member("reader")).get(f"/staff/applications/{submitted}/print")
    role = f"formengine_app_{uuid.uuid4().hex[:8]}"
    owner = create_engine(database_url, poolclass=NullPool)  # no connection keeps the role it was set to
    try:
        with owner.begin() as conn:
            for statement in _grant_sql(role):
                conn.execute(text(statement))
        with owner.connect() as conn:
            conn.execute(text(f'SET ROLE "{role}"'))
            assert conn.execute(text("SELECT count(*) FROM audit_events")).scalar() == 2
            conn.execute(
                text(
                    "INSERT INTO audit_events (at, actor_kind, actor_label, action) VALUES (now(), 'system', 't', 'x')"
                )
            )
            conn.execute(text("UPDATE applications SET updated_at = updated_at"))  # the rest stays writable
            conn.commit()
            for statement in (
                "UPDATE audit_events SET action = 'nothing'",
                "DELETE FROM audit_events",
                "TRUNCATE audit_events",
            ):
                conn.execute(text(f'SET ROLE "{role}"'))
                with pytest.raises(ProgrammingError, match="permission denied"):
                    conn.execute(text(statement))
                conn.rollback()
        with owner.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM audit_events WHERE action <> 'nothing'")).scalar() == 3
    finally:
        with owner.begin() as conn:
            conn.execute(text(f'DROP OWNED BY "{role}"'))
            conn.execute(text(f'DROP ROLE "{role}"'))
        owner.dispose()


def test_command_line_exports_and_token_changes_are_recorded(app, submitted, sql, tmp_path, monkeypatch):
    from engine.exports import cli as export_cli
    from engine.staff import cli as staff_cli

    monkeypatch.setattr(export_cli, "_app", lambda: app)
    monkeypatch.setattr(staff_cli, "_app", lambda: app)
    runner = CliRunner()
    output = tmp_path / "applications.json"
    assert runner.invoke(main, ["export", "--format", "json", "--output", str(output)]).exit_code == 0
    assert runner.invoke(main, ["staff-token", "--name", "Records system", "--scope", "export"]).exit_code == 0
    assert runner.invoke(main, ["staff-token", "revoke", "--all"]).exit_code == 0
    rows = sql("SELECT actor_kind, actor_label, action, detail FROM audit_events ORDER BY id")
    assert [(kind, label, action) for kind, label, action, _ in rows] == [
        ("system", "command line", "export"),
        ("system", "command line", "token_created"),
        ("system", "command line", "token_revoked"),
    ]
    assert json.loads(rows[0][3]) == {"applications": 1, "format": "json", "status": "submitted", "via": "command line"}
    assert json.loads(rows[1][3])["name"] == "Records system"
