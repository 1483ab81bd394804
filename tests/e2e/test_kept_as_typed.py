"""Nothing typed is silently changed, in Debian's Chromium (kept_as_typed.mjs) against a real
`formengine run` serving a copy of the shipped tenant whose home phone keeps a national mask."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from runapp import ROOT, serving

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
CLIENT = ROOT / "client"
INTERNATIONAL_HOME = """      - key: phone_home
        type: international_phone
"""
NATIONAL_HOME = """      - key: phone_home
        type: phone
        phone: {mask: "(###) ###-####", international: false, message: Please enter a valid international home phone number.}
"""


def _requirements_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    if not shutil.which("node") or not (CLIENT / "node_modules" / "playwright-core").exists():
        return "node or client/node_modules/playwright-core is missing (make install)"
    return None


@pytest.fixture
def masked_app(tmp_path):
    missing = _requirements_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    client_dist = tmp_path / "client-dist"
    build = f"import {{ build }} from './build.mjs'; await build({{ outdir: {json.dumps(str(client_dist))} }});"
    subprocess.run(["node", "--input-type=module", "-e", build], cwd=CLIENT, check=True, timeout=120)
    tenant = tmp_path / "tenant"
    shutil.copytree(ROOT / "tenants" / "intl_undergrad", tenant)
    about = tenant / "pages" / "about.yaml"
    text = about.read_text()
    assert INTERNATIONAL_HOME in text, "the tenant's home phone moved: update this fixture"
    about.write_text(
        text.replace(INTERNATIONAL_HOME, NATIONAL_HOME).replace(
            "        phone: {message: Please enter a valid international home phone number.}\n", "", 1
        )
    )
    yield from serving(tmp_path / "instance", env={"CLIENT_DIST": str(client_dist), "TENANT": str(tenant)})


def test_a_number_beyond_the_mask_and_31_february_are_kept_with_their_messages(masked_app):
    result = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "e2e" / "kept_as_typed.mjs"),
            masked_app.url,
            str(masked_app.instance / "outbox"),
            str(SCREENSHOTS),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (SCREENSHOTS / "kept-as-typed-375.png").stat().st_size > 0
