"""The built client in Debian's Chromium against a real `formengine run` (see smoke.mjs)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from runapp import ROOT

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
PLAYWRIGHT = ROOT / "client" / "node_modules" / "playwright-core"


def _requirements_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    if not shutil.which("node") or not PLAYWRIGHT.exists():
        return "node or client/node_modules/playwright-core is missing (make install)"
    if not (ROOT / "client" / "dist" / "index.html").exists():
        return "the client is not built (make client)"
    return None


def test_the_form_shell_in_a_real_browser(running_app):
    missing = _requirements_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    result = subprocess.run(
        ["node", str(ROOT / "tests" / "e2e" / "smoke.mjs"), running_app.url, str(SCREENSHOTS)],
        capture_output=True,
        text=True,
        timeout=180,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    for width in (1280, 375):
        assert (SCREENSHOTS / f"home-{width}.png").stat().st_size > 0
