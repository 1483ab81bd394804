"""What the browser journeys share before their script runs: the check that Chromium, node and the
client's packages are here (a skip, or a failure in CI), a client build of the test's own, and a
staff member made by `formengine staff add` with the authenticator secret it printed."""

import json
import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from runapp import FORMENGINE, ROOT

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
CLIENT = ROOT / "client"


def requirements_missing(packages=("playwright-core",), built_client: bool = False) -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    if not shutil.which("node"):
        return "node is missing"
    for package in packages:
        if not (CLIENT / "node_modules" / package).exists():
            return f"client/node_modules/{package} is missing (make install)"
    if built_client and not (CLIENT / "dist" / "staff.html").exists():
        return "the client is not built (make client)"
    return None


def need_browser(packages=("playwright-core",), built_client: bool = False) -> None:
    """Skip the test when something it needs is missing; in CI, fail it."""
    missing = requirements_missing(packages, built_client)
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)


def build_client(folder: Path) -> Path:
    """The client built into `folder` (for a run given CLIENT_DIST), not into client/dist."""
    build = f"import {{ build }} from './build.mjs'; await build({{ outdir: {json.dumps(str(folder))} }});"
    subprocess.run(["node", "--input-type=module", "-e", build], cwd=CLIENT, check=True, timeout=120)
    return folder


def staff_member(app, email: str, role: str, password: str) -> dict:
    """A local staff account made by the command, its authenticator secret read from the printed URI."""
    made = subprocess.run(
        [str(FORMENGINE), "staff", "add", "--email", email, "--role", role, "--password", password],
        cwd=ROOT,
        env=app.cli_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr
    secret = parse_qs(urlsplit(made.stdout.strip().splitlines()[-1]).query)["secret"][0]
    return {"email": email, "password": password, "secret": secret}
