"""The staff list in Debian's Chromium against a real `formengine run` (web, worker, embedded
Redis): staff_journey.mjs, with applications written to the run's database and a reader and an
administrator added by `formengine staff add` first; the audit read back by `formengine audit`."""

import datetime as dt
import json
import subprocess

import pytest
from browser import SCREENSHOTS, need_browser, staff_member
from runapp import FORMENGINE, ROOT, serving

from engine.app import create_app
from engine.applications.reference import new_reference
from tests.applicants import write_application

pytestmark = pytest.mark.slow

GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"
DRAFTS = 6
SUBMITTED = 25
STAFF_PASSWORD = "Staff-Journey-Pass-2027!"


@pytest.fixture
def staff_app(tmp_path):
    need_browser(("playwright-core", "axe-core"), built_client=True)
    # No retention run: the seeded drafts were last changed on fixed days (tests/applicants.py), which
    # the tenant's drafts_days has long passed, and the worker would delete them (and e-mail reminders)
    # as soon as it starts. The journey is about the staff list, not retention (tests/jobs/test_retention.py).
    yield from serving(tmp_path / "instance", env={"RETENTION_EVERY_S": "0"})


def _seed(app) -> dict:
    """Applications in the run's own database: Mei (a complete application, submitted last), other
    submitted ones and drafts."""
    answers = json.loads(GOLDEN.read_text())["answers"]
    web = create_app(
        {
            "DATABASE_URL": f"sqlite:///{app.instance / 'intl_undergrad.db'}",
            "INSTANCE_PATH": str(app.instance),
            "SECRET_KEY": app.cli_env["SECRET_KEY"],
        }
    )
    start = dt.datetime(2026, 2, 1, 9, 0)
    mei = {"email": "mei.chen@example.com", "reference": "INTL-7K2Q9MXA"}
    write_application(web, submitted_at=start + dt.timedelta(days=30), **mei, **answers)
    for n in range(SUBMITTED - 1):
        write_application(
            web,
            f"person{n}@example.org",
            f"Person{n}",
            reference=new_reference("INTL"),
            submitted_at=start + dt.timedelta(hours=n),
        )
    for n in range(DRAFTS):
        write_application(web, f"draft{n}@example.net", f"Draft{n}")
    web.extensions["db_engine"].dispose()
    return {"total": SUBMITTED + DRAFTS, "drafts": DRAFTS, "mei": mei}


def _cli(app, *args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(FORMENGINE), *args], cwd=ROOT, env=app.cli_env, capture_output=True, text=True, timeout=60
    )


def _member(app, email: str, role: str) -> dict:
    return staff_member(app, email, role, STAFF_PASSWORD)


def test_the_staff_list_in_a_real_browser(staff_app):
    fixture = _seed(staff_app)
    fixture["reader"] = _member(staff_app, "rita.reader@staff.example.edu", "reader")
    fixture["admin"] = _member(staff_app, "alan.admin@staff.example.edu", "administrator")
    result = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "e2e" / "staff_journey.mjs"),
            staff_app.url,
            str(staff_app.instance / "outbox"),
            str(SCREENSHOTS),
            json.dumps(fixture),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    for name in ("staff-sign-in", "staff-list", "staff-print-view", "staff-audit"):
        for width in (1280, 375):
            assert (SCREENSHOTS / f"{name}-{width}.png").stat().st_size > 0
    # The command line shows the same trail: exactly the reader's actions, by their e-mail.
    audit = _cli(staff_app, "audit", "--staff", fixture["reader"]["email"], "--json")
    assert audit.returncode == 0, audit.stderr
    entries = json.loads(audit.stdout)
    assert [(e["action"], e["reference"]) for e in reversed(entries)] == [
        ("sign_in_failed", None),
        ("sign_in", None),
        ("print_view", fixture["mei"]["reference"]),
        ("pdf_download", fixture["mei"]["reference"]),
        ("forbidden", None),
        ("sign_out", None),
    ]
    assert {e["actor"]["label"] for e in entries} == {fixture["reader"]["email"]}
    assert entries[1]["detail"]["needs"] == "exporter" and entries[1]["ip"] == "127.0.0.1"
    listed = _cli(staff_app, "staff", "list").stdout
    assert f"{fixture['reader']['email']}\texporter\tactive" in listed  # the administrator's change, from the page
