"""A form whose application window has closed, in Debian's Chromium against a real `formengine run`:
every page says so in the tenant's words and no question can be changed (window_closed.mjs)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from runapp import ROOT, serving

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
OPEN_WINDOW = "  window: {opens: 2026-01-05T09:00, closes: 2099-12-31T17:00, grace_minutes: 15}"
CLOSED_WINDOW = "  window: {opens: 2025-01-05T09:00, closes: 2026-01-05T17:00}"


def _requirements_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    if not shutil.which("node") or not (ROOT / "client" / "node_modules" / "playwright-core").exists():
        return "node or client/node_modules/playwright-core is missing (make install)"
    if not (ROOT / "client" / "dist" / "index.html").exists():
        return "the client is not built (make client)"
    return None


@pytest.fixture
def closed_app(tmp_path):
    missing = _requirements_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    tenant = tmp_path / "tenant"
    shutil.copytree(ROOT / "tenants" / "example_scholarship", tenant)
    yaml = tenant / "tenant.yaml"
    assert OPEN_WINDOW in yaml.read_text()
    yaml.write_text(yaml.read_text().replace(OPEN_WINDOW, CLOSED_WINDOW))
    yield from serving(tmp_path / "instance", env={"TENANT": str(tenant)})


def test_every_page_says_applications_are_closed_and_nothing_can_be_changed(closed_app):
    result = subprocess.run(
        ["node", str(ROOT / "tests" / "e2e" / "window_closed.mjs"), closed_app.url, str(SCREENSHOTS)],
        capture_output=True,
        text=True,
        timeout=180,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    for width in (1280, 375):
        assert (SCREENSHOTS / f"window-closed-{width}.png").stat().st_size > 0
