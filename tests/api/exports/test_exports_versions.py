"""Exports across definition versions: an application submitted before an edit and one submitted
after it export together; the columns are the union of both versions' questions and each row holds
its applicant's answers under the version it was submitted on."""

import csv
import datetime as dt
import json
from pathlib import Path

import pytest

from tests.applicants import make_applicant
from tests.tenant_edits import copy_tenant, edit

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"


@pytest.fixture
def tenant(tmp_path):
    return copy_tenant(tmp_path)


@pytest.fixture
def app_overrides(tenant):
    return {"TENANT_PATH": str(tenant), "TENANT_RELOAD": True}


def submit(applicant, answers: dict) -> str:
    response = applicant.put("/api/answer", json=answers)
    assert response.status_code == 200, response.json
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 200, response.json
    return applicant.get("/api/profile").json["definition_version"]


def test_applications_on_two_versions_export_together(app, tenant, export, monkeypatch):
    from engine.applications import current

    golden = json.loads(GOLDEN.read_text())
    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    answers = {key: value for key, value in golden["answers"].items() if key != "preferred_name"}

    before = submit(make_applicant(app, "mei@example.com"), {**answers, "preferred_name": "Mei"})

    # The author replaces the preferred name with a nickname question: a removed key and an added one.
    edit(
        tenant, "{key: preferred_name, type: text, label: Preferred Name", "{key: nickname, type: text, label: Nickname"
    )
    edit(tenant, "name_keys: [preferred_name,", "name_keys: [nickname,", file=Path("tenant.yaml"))

    after = submit(make_applicant(app, "bo@example.com"), {**answers, "first_name": "Bo", "nickname": "Bobo"})
    assert after != before

    result, path = export("csv")
    assert result.exit_code == 0, result.output
    with open(path, encoding="utf-8-sig", newline="") as handle:
        header, *rows = list(csv.reader(handle))
    assert "preferred_name" in header and "nickname" in header  # the union of both versions' questions
    by_user = {row[1]: dict(zip(header, row, strict=True)) for row in rows}
    mei, bo = by_user["mei@example.com"], by_user["bo@example.com"]
    assert (mei["definition_version"], bo["definition_version"]) == (before, after)
    assert (mei["preferred_name"], mei["nickname"]) == ("Mei", "")
    assert (bo["preferred_name"], bo["nickname"]) == ("", "Bobo")
    assert mei["first_name"] == golden["answers"]["first_name"] and bo["first_name"] == "Bo"

    result, path = export("json")
    assert result.exit_code == 0, result.output
    records = {record["username"]: record for record in json.loads(Path(path).read_text())}
    assert records["mei@example.com"]["answers"]["preferred_name"] == "Mei"
    assert records["bo@example.com"]["answers"]["nickname"] == "Bobo"
