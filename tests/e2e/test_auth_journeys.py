"""The shell and auth journeys in Debian's Chromium against a real `formengine run`:
auth_journeys.mjs on the shipped tenant, auth_idle.mjs on a copy with a shortened idle setting."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from runapp import ROOT, RunningApp, serving

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
CLIENT = ROOT / "client"


def _requirements_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    for package in ("playwright-core", "axe-core"):
        if not (CLIENT / "node_modules" / package).exists():
            return f"client/node_modules/{package} is missing (make install)"
    if not shutil.which("node"):
        return "node is missing"
    return None


@pytest.fixture(scope="module")
def client_dist(tmp_path_factory):
    """The client built from the current sources into a folder of its own, so that a rebuild of
    client/dist while the journeys run (another terminal, `make client`) cannot pull their chunks away."""
    missing = _requirements_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    outdir = tmp_path_factory.mktemp("client-dist")
    subprocess.run(
        [
            "node",
            "--input-type=module",
            "-e",
            f"import {{ build }} from './build.mjs'; await build({{ outdir: {json.dumps(str(outdir))} }});",
        ],
        cwd=CLIENT,
        check=True,
        timeout=120,
    )
    return outdir


@pytest.fixture
def journey_app(tmp_path, client_dist):
    """`formengine run` with the shipped tenant."""
    yield from serving(tmp_path / "instance", env={"CLIENT_DIST": str(client_dist)})


@pytest.fixture
def short_idle_app(tmp_path, client_dist):
    """`formengine run` serving a copy of the tenant whose idle limit is 60 s (prompt 50 s before)."""
    tenant = tmp_path / "tenant"
    shutil.copytree(ROOT / "tenants" / "intl_undergrad", tenant)
    definition = tenant / "tenant.yaml"
    text, count = re.subn(r"idle: \{[^}]*\}", "idle: {timeout_ms: 60000, prompt_ms: 50000}", definition.read_text())
    assert count == 1, "the tenant's idle setting moved: update this fixture"
    definition.write_text(text)
    yield from serving(tmp_path / "instance", env={"CLIENT_DIST": str(client_dist), "TENANT": str(tenant)})


def _journey(script: str, app: RunningApp) -> None:
    outbox = app.instance / "outbox"
    result = subprocess.run(
        ["node", str(ROOT / "tests" / "e2e" / script), app.url, str(outbox), str(SCREENSHOTS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr


def test_auth_and_shell_journeys_in_a_real_browser(journey_app):
    _journey("auth_journeys.mjs", journey_app)
    for name in (
        "auth-login",
        "auth-signup",
        "auth-confirm",
        "auth-forgot",
        "auth-reset",
        "completion",
        "shell-anonymous",
    ):
        for width in (1280, 375):
            assert (SCREENSHOTS / f"{name}-{width}.png").stat().st_size > 0


def test_idle_prompt_and_automatic_logout_in_a_real_browser(short_idle_app):
    _journey("auth_idle.mjs", short_idle_app)
    assert (SCREENSHOTS / "idle-prompt-1280.png").stat().st_size > 0
