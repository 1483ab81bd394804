"""A PostgreSQL restart under applicants saving in the browser: Debian's Chromium against a real
`formengine run` whose database is a throwaway cluster of this test's own (scripts/pgcluster.py,
on a free port; the shared server is never stopped). Three applicants keep typing while the
database server is stopped and started again; nothing they typed is lost and no page is left
saying "saving" or "not saved" (database_restart.mjs)."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from runapp import ROOT, serving
from sqlalchemy import create_engine, text

sys.path.insert(0, str(ROOT / "scripts"))
import pgcluster

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
DOWN_S = 8  # long enough for every applicant's saves to fail a few times


def _requirements_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    for package in ("playwright-core", "axe-core"):
        if not (ROOT / "client" / "node_modules" / package).exists():
            return f"client/node_modules/{package} is missing (make install)"
    if not shutil.which("node"):
        return "node is missing"
    if not (ROOT / "client" / "dist" / "index.html").exists():
        return "the client is not built (make client)"
    return pgcluster.missing()


@pytest.fixture
def cluster():
    missing = _requirements_missing()
    if missing:
        pytest.skip(missing)
    server = pgcluster.Cluster()
    server.start()
    yield server
    server.close()


@pytest.fixture
def restart_app(tmp_path, cluster):
    yield from serving(tmp_path / "instance", env={"DATABASE_URL": cluster.url})


def _until(path: Path, process: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        if process.poll() is not None:
            raise AssertionError(f"the journey ended before {path.name}: {process.stdout.read()}")
        if time.monotonic() > deadline:
            raise AssertionError(f"no {path.name} within {timeout} s")
        time.sleep(0.1)


def test_a_database_restart_under_saving_applicants_loses_nothing_and_leaves_no_stuck_status(
    restart_app, cluster, tmp_path
):
    signals = tmp_path / "signals"
    signals.mkdir()
    journey = subprocess.Popen(
        [
            "node",
            str(ROOT / "tests" / "e2e" / "database_restart.mjs"),
            restart_app.url,
            str(restart_app.instance / "outbox"),
            str(SCREENSHOTS),
            str(signals),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        _until(signals / "ready", journey, 180)
        time.sleep(2)  # saves go through before the restart
        cluster.stop()  # fast shutdown: every session is cut, as in a restart
        (signals / "stopped").touch()
        time.sleep(DOWN_S)
        cluster.start()
        (signals / "restarted").touch()
        output, _ = journey.communicate(timeout=240)
    finally:
        if journey.poll() is None:
            journey.kill()
            journey.wait()
    print(output)
    assert journey.returncode == 0, output

    # What the server holds, read from the database itself: each applicant's last value.
    final = json.loads((signals / "final.json").read_text())
    engine = create_engine(cluster.url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT accounts.username, applications.answers FROM applications "
                    "JOIN accounts ON accounts.id = applications.account_id"
                )
            ).all()
    finally:
        engine.dispose()
    held = {username: _loaded(answers).get("first_name") for username, answers in rows}
    assert held == final and len(final) == 3


def _loaded(answers) -> dict:
    return answers if isinstance(answers, dict) else json.loads(answers)
