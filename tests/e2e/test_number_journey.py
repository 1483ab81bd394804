"""A number question in Debian's Chromium against a real `formengine run` of example_scholarship
(number_journey.mjs): typed text said wrong in the tenant's words, an amount stored as a number and
read as money in the review, French input and messages."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from runapp import ROOT, serving

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"


@pytest.fixture
def scholarship_app(tmp_path):
    missing = None
    if not CHROMIUM.exists():
        missing = f"{CHROMIUM} is missing (apt-get install -y chromium)"
    elif not shutil.which("node") or not (ROOT / "client" / "dist" / "index.html").exists():
        missing = "node or the built client is missing (make install)"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    yield from serving(tmp_path / "instance", env={"TENANT": str(ROOT / "tenants" / "example_scholarship")})


def test_a_number_question_reads_and_says_numbers_in_the_form_s_language(scholarship_app):
    outbox = scholarship_app.instance / "outbox"
    result = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "e2e" / "number_journey.mjs"),
            scholarship_app.url,
            str(outbox),
            str(SCREENSHOTS),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    for name in ("number-error", "number-review", "number-error-fr"):
        for width in (1280, 375):
            assert (SCREENSHOTS / f"{name}-{width}.png").stat().st_size > 0
