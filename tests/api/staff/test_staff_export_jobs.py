"""Exports run from the /staff page: an exporter asks, a job writes the file with the same writers as
`formengine export` (run here in-process; tests/jobs runs it in a real worker), the page follows its
progress, and the file is downloaded once by whoever asked; the export and the download are recorded.
Refused: a reader (403, recorded), another exporter's export (404), a second download and an ended
link (410)."""

import csv
import datetime as dt
import io
import json

import pytest


@pytest.fixture
def run_job(app, monkeypatch):
    for setting, variable in {
        "DATABASE_URL": "DATABASE_URL",
        "STORAGE_PATH": "STORAGE_PATH",
        "SECRET_KEY": "SECRET_KEY",
        "TENANT_PATH": "TENANT",
        "MAIL_OUTBOX": "MAIL_OUTBOX",
    }.items():
        monkeypatch.setenv(variable, str(app.config[setting]))
    from engine.downloads import jobs

    return jobs.prepare


def test_an_exporter_runs_an_export_and_downloads_it_once(app, new_member, sign_in, add_application, run_job, sql):
    for name in ("Ada", "Grace"):
        add_application(first_name=name, submitted_at=dt.datetime(2026, 3, 1), reference=f"INTL-{name.upper():0<8}")
    add_application(first_name="Draft")
    exporter = new_member("exporter", email="exa@staff.example.edu")
    client = sign_in(exporter)
    asked = client.post("/staff/api/exports", json={"format": "csv", "status": "submitted"})
    assert asked.status_code == 202, asked.json
    assert asked.json["state"] == "queued" and asked.headers["Cache-Control"] == "no-store"
    export_id = asked.json["id"]
    assert client.get(f"/staff/api/exports/{export_id}/file").status_code == 409

    assert run_job(export_id) == "ready"
    state = client.get(f"/staff/api/exports/{export_id}").json
    assert (state["state"], state["done"], state["total"]) == ("ready", 2, 2)
    assert state["url"] == f"/staff/api/exports/{export_id}/file"
    assert sql("SELECT count(*) FROM job_outbox WHERE func = 'engine.downloads.jobs.prepare'")[0][0] == 1

    other = sign_in(new_member("exporter"))
    assert other.get(f"/staff/api/exports/{export_id}").status_code == 404
    assert other.get(state["url"]).status_code == 404

    download = client.get(state["url"])
    assert download.status_code == 200
    rows = list(csv.reader(io.StringIO(download.get_data(as_text=True))))
    download.close()  # as a server does once the file is sent
    assert sorted(row[rows[0].index("first_name")] for row in rows[1:]) == ["Ada", "Grace"]
    again = client.get(state["url"])
    assert again.status_code == 410
    assert "downloaded already" in again.json["message"]
    assert client.get(f"/staff/api/exports/{export_id}").json["state"] == "taken"
    assert list(_stored(app)) == []  # removed once sent

    audit = sql("SELECT action, actor_label, ip, detail FROM audit_events WHERE action LIKE 'export%' ORDER BY id")
    assert [(row.action, row.actor_label) for row in audit] == [
        ("export", "exa@staff.example.edu"),
        ("export_download", "exa@staff.example.edu"),
    ]
    assert audit[0].ip == "127.0.0.1"
    assert json.loads(audit[0].detail) == {
        "applications": 2,
        "format": "csv",
        "status": "submitted",
        "via": "staff page",
    }


def _stored(app):
    from pathlib import Path

    return (Path(app.config["STORAGE_PATH"]) / "downloads").rglob("*.csv")


def test_a_reader_is_refused_and_recorded(new_member, sign_in, sql):
    reader = sign_in(new_member("reader"))
    refused = reader.post("/staff/api/exports", json={"format": "csv"})
    assert refused.status_code == 403
    assert refused.json["message"] == "This needs the exporter role. Ask an administrator."
    assert sql("SELECT count(*) FROM audit_events WHERE action = 'forbidden'")[0][0] == 1
    assert sql("SELECT count(*) FROM prepared_files")[0][0] == 0


def test_an_ended_link_and_bad_input(new_member, sign_in, run_job, sql):
    client = sign_in(new_member("exporter"))
    assert client.post("/staff/api/exports", json={"format": "xml"}).status_code == 400
    labelled = client.post("/staff/api/exports", json={"format": "json", "labels": True})
    assert labelled.status_code == 400 and labelled.json["message"]
    export_id = client.post("/staff/api/exports", json={"format": "json", "status": "all"}).json["id"]
    assert run_job(export_id) == "ready"
    sql("UPDATE prepared_files SET expires_at = :past", past="2000-01-01 00:00:00")
    ended = client.get(f"/staff/api/exports/{export_id}/file")
    assert ended.status_code == 410 and ended.json["message"] == "This export's link has ended. Run it again."
    assert client.get("/staff/api/exports/999999").status_code == 404


def test_the_immediate_export_leaves_no_temporary_file(new_member, sign_in, add_application, tmp_path, monkeypatch):
    """`GET /staff/api/exports` (machines' tokens) writes a temporary file, removed once it is sent."""
    import tempfile

    folder = tmp_path / "temporary"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    add_application(first_name="Ada", submitted_at=dt.datetime(2026, 3, 1), reference="INTL-ADA00000")
    client = sign_in(new_member("exporter"))
    response = client.get("/staff/api/exports?format=csv")
    assert response.status_code == 200 and "Ada" in response.get_data(as_text=True)
    response.close()
    assert list(folder.iterdir()) == []


def test_a_machines_export_is_downloaded_once(app, new_staff_token, add_application, sql):
    """A machine's export token downloads a given export (format, status, since, labels) once: the same
    again is refused with 410 and a message saying what to do, and recorded; another export (a later
    `since`, another format) and another token's are not refused."""
    add_application(first_name="Ada", submitted_at=dt.datetime(2026, 3, 1), reference="INTL-ADA00000")
    token = new_staff_token(name="Records system", scope="export")
    machine = {"Authorization": f"Bearer {token}"}
    client = app.test_client()
    first = client.get("/staff/api/exports?format=csv&since=2026-01-01T00:00:00", headers=machine)
    assert first.status_code == 200 and "Ada" in first.get_data(as_text=True)
    again = client.get("/staff/api/exports?format=csv&since=2026-01-01T00:00:00", headers=machine)
    assert again.status_code == 410 and "Ada" not in again.get_data(as_text=True)
    assert again.json["message"].startswith("This token has downloaded this export already")
    later = client.get("/staff/api/exports?format=csv&since=2026-03-02T00:00:00", headers=machine)
    assert later.status_code == 200 and "Ada" not in later.get_data(as_text=True)  # what is new: nothing
    assert client.get("/staff/api/exports?format=json&since=2026-01-01T00:00:00", headers=machine).status_code == 200
    other = {"Authorization": f"Bearer {new_staff_token(name='Archive', scope='export')}"}
    assert client.get("/staff/api/exports?format=csv&since=2026-01-01T00:00:00", headers=other).status_code == 200
    rows = sql("SELECT actor_label, action, detail FROM audit_events WHERE action LIKE 'export%' ORDER BY id")
    since = '"since": "2026-01-01T00:00:00", "status": "submitted"'
    assert rows == [
        ("Records system", "export", f'{{"applications": 1, "format": "csv", "labels": false, {since}}}'),
        (
            "Records system",
            "export_refused",
            f'{{"format": "csv", "labels": false, "reason": "downloaded already", {since}}}',
        ),
        (
            "Records system",
            "export",
            '{"applications": 0, "format": "csv", "labels": false, "since": "2026-03-02T00:00:00", "status": "submitted"}',
        ),
        ("Records system", "export", f'{{"applications": 1, "format": "json", "labels": false, {since}}}'),
        ("Archive", "export", f'{{"applications": 1, "format": "csv", "labels": false, {since}}}'),
    ]
