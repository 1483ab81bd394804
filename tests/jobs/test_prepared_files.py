"""Files prepared by a real worker (RQ, Redis) on local storage and S3: an applicant's own data (a
submitted application with an uploaded document: its answers with the questions' labels, the upload
and its converted PDF, the application PDF and the mail log, bodies from the outbox), then erased
with the account (the zip, the mail log and the rows, which `erase --verify` looks for); and an
export run by an exporter, with its progress and audit entry."""

import datetime as dt
import io
import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from journey import FILE_KEY, poll, upload
from sqlalchemy import text

import corpus
from engine import mail
from engine.cli import main
from engine.documents.storage import storage_from_config
from engine.erasure import cli as erasure_cli
from tests.api.staff.conftest import new_member, sign_in  # noqa: F401 (fixtures)
from tests.applicants import PASSWORD, write_application

pytestmark = [pytest.mark.redis, pytest.mark.slow]
GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "golden" / "intl_undergrad" / "base.json").read_text())
ADDRESS = "ada@example.com"


@pytest.fixture(autouse=True)
def on_golden_day(monkeypatch):
    from engine.applications import current

    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(GOLDEN["today"]))


def _sql(app, statement: str, **params):
    with app.extensions["db_engine"].begin() as connection:
        result = connection.execute(text(statement), params)
        return result.fetchall() if result.returns_rows else result.rowcount


def _submitted(app, applicant, burst_worker, essay: bytes) -> str:
    key = upload(applicant, essay, "essay.pdf")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    burst_worker()
    assert poll(applicant) == {"status": "completed", "message": ""}
    answers = {k: v for k, v in GOLDEN["answers"].items() if not k.startswith(("parent_2_", "guardian_"))}
    answers.update(parent_communication_preference="1", parent_communication_preference_desc="Parent")
    assert applicant.put("/api/answer", json=answers).status_code == 200
    for button, count in GOLDEN["add_another"].items():
        applicant.put("/api/add-another", json={"button_id": button, "num_components": count})
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 200, response.json
    burst_worker()  # the application PDF of the submission
    return response.json["reference"]


def test_an_applicant_takes_their_data_then_it_is_erased_with_them(app, applicant, burst_worker):
    essay = corpus.pdf()
    reference = _submitted(app, applicant, burst_worker, essay)
    assert mail.wait_for_deliveries()
    asked = applicant.post("/api/account/data", json={"password": PASSWORD})
    assert asked.status_code == 202, asked.json
    burst_worker()
    state = applicant.get("/api/account/data").json
    assert state["state"] == "ready" and state["done"] == state["total"] == 6, state

    archive = zipfile.ZipFile(io.BytesIO(applicant.get(state["url"]).data))
    names = set(archive.namelist())
    assert {"account.json", "answers.json", "application.pdf", "mail-log.json"} <= names
    assert {f"documents/{FILE_KEY}/essay.pdf", f"documents/{FILE_KEY}/converted.pdf"} <= names
    assert archive.read(f"documents/{FILE_KEY}/essay.pdf") == essay
    assert archive.read("application.pdf").startswith(b"%PDF")
    data = json.loads(archive.read("answers.json"))
    assert data["reference"] == reference and data["status"] == "submitted"
    assert data["answers"]["first_name"] == {
        "question": "First Name (Given Name)",
        "answer": GOLDEN["answers"]["first_name"],
    }
    mails = json.loads(archive.read("mail-log.json"))
    assert [m["template"] for m in mails] == ["confirmation_code", "submission_receipt"]
    assert reference in mails[1]["subject"] + mails[1]["body"]

    account_id = _sql(app, "SELECT id FROM accounts")[0][0]
    store = storage_from_config(app.config)
    assert [item.key for item in store.objects(f"downloads/account-{account_id}/")]
    runner = CliRunner()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(erasure_cli, "_app", lambda: app)
        before = runner.invoke(main, ["erase", "--verify", reference])
        assert "LEFT  storage: downloads/account-" in before.output, before.output
        assert "row(s) in mail_log" in before.output and "row(s) in prepared_files" in before.output
        erased = runner.invoke(main, ["erase", "--application", reference])
        assert erased.exit_code == 0, erased.output
        after = runner.invoke(main, ["erase", "--verify", reference])
        assert after.exit_code == 0, after.output
    assert list(store.objects(f"downloads/account-{account_id}/")) == []
    assert _sql(app, "SELECT count(*) FROM mail_log")[0][0] == 0
    assert _sql(app, "SELECT count(*) FROM prepared_files")[0][0] == 0


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_an_exporter_runs_an_export_in_a_worker(app, burst_worker, new_member, sign_in):  # noqa: F811
    for number in range(3):
        write_application(app, first_name=f"Applicant {number}", submitted_at=dt.datetime(2026, 3, 1 + number))
    client = sign_in(new_member("exporter", email="exa@staff.example.edu"))
    asked = client.post("/staff/api/exports", json={"format": "json", "status": "submitted"})
    assert asked.status_code == 202, asked.json
    burst_worker()
    state = client.get(f"/staff/api/exports/{asked.json['id']}").json
    assert (state["state"], state["done"], state["total"]) == ("ready", 3, 3)
    exported = json.loads(client.get(state["url"]).data)
    assert sorted(item["answers"]["first_name"] for item in exported) == [f"Applicant {n}" for n in range(3)]
    assert client.get(state["url"]).status_code == 410
    entry = _sql(app, "SELECT actor_label, detail FROM audit_events WHERE action = 'export'")
    assert [row.actor_label for row in entry] == ["exa@staff.example.edu"]
    assert json.loads(entry[0].detail)["applications"] == 3
