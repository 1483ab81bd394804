"""A French applicant switches language mid-page without losing what she typed, and her account's
language follows her to another browser, in Debian's Chromium (language_journey.mjs) against a real
`formengine run` serving example_scholarship (English and French)."""

import subprocess

import pytest
from browser import SCREENSHOTS, build_client, need_browser
from runapp import ROOT, serving

pytestmark = pytest.mark.slow


@pytest.fixture
def scholarship(tmp_path):
    need_browser()
    client_dist = build_client(tmp_path / "client-dist")
    env = {"CLIENT_DIST": str(client_dist), "TENANT": str(ROOT / "tenants" / "example_scholarship")}
    yield from serving(tmp_path / "instance", env=env)


def test_a_switch_mid_page_keeps_the_typed_answer_and_the_account_keeps_the_language(scholarship):
    result = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "e2e" / "language_journey.mjs"),
            scholarship.url,
            str(scholarship.instance / "outbox"),
            str(SCREENSHOTS),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (SCREENSHOTS / "language-french-375.png").stat().st_size > 0
