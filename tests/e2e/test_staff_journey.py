"""The staff list in Debian's Chromium against a real `formengine run` (web, worker,
embedded Redis): staff_journey.mjs, with applications written to the run's database first."""

import datetime as dt
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from runapp import FORMENGINE, ROOT, serving

from engine.app import create_app
from engine.applications.reference import new_reference
from tests.applicants import write_application

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"
DRAFTS = 6
SUBMITTED = 25


def _requirements_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    for package in ("playwright-core", "axe-core"):
        if not (ROOT / "client" / "node_modules" / package).exists():
            return f"client/node_modules/{package} is missing (make install)"
    if not shutil.which("node"):
        return "node is missing"
    if not (ROOT / "client" / "dist" / "staff.html").exists():
        return "the client is not built (make client)"
    return None


@pytest.fixture
def staff_app(tmp_path):
    missing = _requirements_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    yield from serving(tmp_path / "instance")


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


def test_the_staff_list_in_a_real_browser(staff_app):
    fixture = _seed(staff_app)
    made = _cli(staff_app, "staff-token", "--days", "1", "--name", "Admissions office")
    assert made.returncode == 0, made.stderr
    fixture["link"] = made.stdout.strip()
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
    for name in ("staff-sign-in", "staff-list", "staff-print-view"):
        for width in (1280, 375):
            assert (SCREENSHOTS / f"{name}-{width}.png").stat().st_size > 0
    # Revoked on the command line: the browser's cookie no longer opens anything.
    assert _cli(staff_app, "staff-token", "revoke", "--all").returncode == 0
