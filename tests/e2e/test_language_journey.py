"""An applicant switches language mid-page without losing what she typed, and her account's
language follows her to another browser, in Debian's Chromium (language_journey.mjs) against a real
`formengine run`: a French applicant of example_scholarship (English and French) and a Spanish one
of intl_undergrad (English and Spanish), from tests/language_journeys.py."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from runapp import ROOT, serving

from tests.language_journeys import SPEAKERS

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
CLIENT = ROOT / "client"


@pytest.fixture(params=SPEAKERS.items(), ids=SPEAKERS.keys())
def speaker(request) -> dict:
    """What the browser journey needs to know of her: the rest it reads from the served form."""
    name, speaker = request.param
    return {
        "id": name,
        "tenant": speaker.tenant,
        "language": speaker.language,
        "key": speaker.key,
        "typed": speaker.typed,
    }


@pytest.fixture
def served(tmp_path, speaker):
    missing = None
    if not CHROMIUM.exists():
        missing = f"{CHROMIUM} is missing (apt-get install -y chromium)"
    elif not shutil.which("node") or not (CLIENT / "node_modules" / "playwright-core").exists():
        missing = "node or client/node_modules/playwright-core is missing (make install)"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    client_dist = tmp_path / "client-dist"
    build = f"import {{ build }} from './build.mjs'; await build({{ outdir: {json.dumps(str(client_dist))} }});"
    subprocess.run(["node", "--input-type=module", "-e", build], cwd=CLIENT, check=True, timeout=120)
    env = {"CLIENT_DIST": str(client_dist), "TENANT": str(ROOT / "tenants" / speaker["tenant"])}
    yield from serving(tmp_path / "instance", env=env)


def test_a_switch_mid_page_keeps_the_typed_answer_and_the_account_keeps_the_language(served, speaker):
    result = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "e2e" / "language_journey.mjs"),
            served.url,
            str(served.instance / "outbox"),
            str(SCREENSHOTS),
            json.dumps(speaker),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (SCREENSHOTS / f"language-{speaker['id']}-375.png").stat().st_size > 0
