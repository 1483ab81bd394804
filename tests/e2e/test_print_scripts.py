"""The staff print view of an application answered in every script, in Debian's Chromium against a
real `formengine run`: every typed answer shows as typed, Arabic and Hebrew run right to left
(print_scripts.mjs; screenshots in tests/e2e/screenshots/print-scripts-*.png); the record's header
(print-header-*.png); a bad link gets its own page, not the sign-in (print-link-problem-375.png)."""

import http.cookiejar
import json
import os
import subprocess
import sys
import urllib.request
import uuid
from pathlib import Path

import pytest
from runapp import ROOT, free_port, serving
from test_form_journeys import PASSWORD, SCREENSHOTS, _cli, _requirements_missing

sys.path.insert(0, str(ROOT / "tests" / "unit" / "pdf"))
from test_scripts import TYPED

pytestmark = pytest.mark.slow
SCRIPT = Path(__file__).with_name("print_scripts.mjs")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    missing = _requirements_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    port = free_port()  # PUBLIC_URL: the service-token link must point at this app, not the default port
    yield from serving(
        tmp_path_factory.mktemp("print-scripts") / "instance", port=port, env={"PUBLIC_URL": f"http://127.0.0.1:{port}"}
    )


def _send(opener, url: str, method: str, body: dict) -> None:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method=method, headers={"Content-Type": "application/json"}
    )
    with opener.open(request, timeout=30) as response:
        assert response.status == 200


def test_the_print_view_shows_every_script_as_typed(app):
    username = f"scripts-{uuid.uuid4().hex[:10]}@example.org"
    _cli(app, "accounts", "create", username, "--password", PASSWORD)
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    _send(opener, f"{app.url}/public/login", "POST", {"username": username, "password": PASSWORD})
    _send(opener, f"{app.url}/api/answer", "PUT", TYPED)
    url = next(word for word in _cli(app, "service-token", "create", username).split() if "service_token=" in word)
    result = subprocess.run(
        ["node", str(SCRIPT), url, str(SCREENSHOTS), json.dumps(list(TYPED.values()))],
        capture_output=True,
        text=True,
        timeout=120,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
