"""Prepared downloads in Debian's Chromium against a real `formengine run` (web, worker, embedded
Redis): downloads_journey.mjs, an applicant's own data asked for from the account menu and an export
run from /staff by an exporter (`formengine staff add`); the zip and the CSV it saved are opened here."""

import csv
import json
import subprocess
import zipfile

import pytest
from browser import SCREENSHOTS, need_browser, staff_member
from runapp import ROOT, serving

pytestmark = pytest.mark.slow
STAFF_PASSWORD = "Staff-Journey-Pass-2027!"
APPLICANT = "ada.lovelace@example.com"


@pytest.fixture
def downloads_app(tmp_path):
    need_browser(("playwright-core", "axe-core"), built_client=True)
    yield from serving(tmp_path / "instance", env={"RETENTION_EVERY_S": "0"})


def test_an_applicant_takes_their_data_and_an_exporter_an_export(downloads_app, tmp_path):
    fixture = {
        "applicant": APPLICANT,
        "exporter": staff_member(downloads_app, "exa@staff.example.edu", "exporter", STAFF_PASSWORD),
        "saveTo": str(tmp_path),
    }
    result = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "e2e" / "downloads_journey.mjs"),
            downloads_app.url,
            str(downloads_app.instance / "outbox"),
            str(SCREENSHOTS),
            json.dumps(fixture),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr

    archive = zipfile.ZipFile(tmp_path / "my-data.zip")
    assert archive.testzip() is None
    answers = json.loads(archive.read("answers.json"))["answers"]
    assert answers["first_name"] == {"question": "First Name (Given Name)", "answer": "Ada"}
    assert json.loads(archive.read("account.json"))["email"] == APPLICANT
    mails = json.loads(archive.read("mail-log.json"))
    assert [m["template"] for m in mails] == ["confirmation_code"] and "code is" in mails[0]["body"]

    with open(tmp_path / "export.csv", newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][:2] == ["reference", "username"]
    assert [row[1] for row in rows[1:]] == [APPLICANT]
    for name in ("my-data-ready", "staff-export-ready"):
        for width in (1280, 375):
            assert (SCREENSHOTS / f"{name}-{width}.png").stat().st_size > 0
