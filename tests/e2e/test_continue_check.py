"""Continue checks the page it leaves and the navigation's Complete means no problems on the page,
in Debian's Chromium against a real `formengine run` of example_scholarship (continue_check.mjs)."""

import subprocess

import pytest
from runapp import ROOT, serving
from test_window_closed import SCREENSHOTS, _requirements_missing

pytestmark = pytest.mark.slow


@pytest.fixture
def scholarship(tmp_path):
    missing = _requirements_missing()
    if missing:
        pytest.skip(missing)
    yield from serving(tmp_path / "instance", env={"TENANT": str(ROOT / "tenants" / "example_scholarship")})


def test_continue_shows_the_pages_problems_and_complete_waits_for_none(scholarship):
    result = subprocess.run(
        ["node", str(ROOT / "tests" / "e2e" / "continue_check.mjs"), scholarship.url, str(SCREENSHOTS)],
        capture_output=True,
        text=True,
        timeout=180,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    for width in (1280, 375):
        assert (SCREENSHOTS / f"continue-check-{width}.png").stat().st_size > 0
        assert (SCREENSHOTS / f"continue-notice-{width}.png").stat().st_size > 0
