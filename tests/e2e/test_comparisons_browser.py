"""A rule comparing two answers in Debian's Chromium against a real `formengine run`
(comparisons.mjs): the browser names the other question on the compared field."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from runapp import FORMENGINE, ROOT, serving

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
USERNAME, PASSWORD = "mei.comparison@example.org", "Correct-Horse-42!"


@pytest.fixture
def scholarship(tmp_path):
    if not CHROMIUM.exists() or not (ROOT / "client" / "dist" / "index.html").exists() or not shutil.which("node"):
        if os.environ.get("CI"):
            pytest.fail("Chromium, node or the built client is missing (make install, make browser)")
        pytest.skip("Chromium, node or the built client is missing (make install, make browser)")
    yield from serving(tmp_path / "instance", env={"TENANT": str(ROOT / "tenants" / "example_scholarship")})


def test_the_browser_names_the_other_question_on_the_compared_field(scholarship):
    created = subprocess.run(
        [str(FORMENGINE), "accounts", "create", USERNAME, "--password", PASSWORD],
        cwd=ROOT,
        env=scholarship.cli_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert created.returncode == 0, created.stdout + created.stderr
    result = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "e2e" / "comparisons.mjs"),
            scholarship.url,
            str(SCREENSHOTS),
            USERNAME,
            PASSWORD,
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    for width in (1280, 375):
        assert (SCREENSHOTS / f"comparison-{width}.png").stat().st_size > 0
