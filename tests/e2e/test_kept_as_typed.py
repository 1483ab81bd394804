"""Nothing typed is silently changed, in Debian's Chromium (kept_as_typed.mjs) against a real
`formengine run` serving a copy of the shipped tenant whose home phone keeps a national mask."""

import shutil
import subprocess

import pytest
from browser import SCREENSHOTS, build_client, need_browser
from runapp import ROOT, serving

pytestmark = pytest.mark.slow

INTERNATIONAL_HOME = """      - key: phone_home
        type: international_phone
"""
NATIONAL_HOME = """      - key: phone_home
        type: phone
        phone: {mask: "(###) ###-####", international: false, message: Please enter a valid international home phone number.}
"""


@pytest.fixture
def masked_app(tmp_path):
    need_browser()
    client_dist = build_client(tmp_path / "client-dist")
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
