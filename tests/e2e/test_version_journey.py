"""A new version of the form published while an applicant's page is open, in Debian's Chromium
against a real `formengine run` (version_journey.mjs): the page picks up the new version, says so,
and keeps what the applicant typed."""

import json
import os
import subprocess
import uuid

import pytest
from runapp import FORMENGINE, ROOT, free_port, serving
from test_form_journeys import PASSWORD, _requirements_missing

from tests.unit.definition.versions_tenant import V1, V2, write

pytestmark = pytest.mark.slow

JOURNEY = ROOT / "tests" / "e2e" / "version_journey.mjs"


@pytest.fixture
def tenant(tmp_path):
    return write(tmp_path / "tenant", V1)


@pytest.fixture
def app(tmp_path, tenant):
    missing = _requirements_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    yield from serving(tmp_path / "instance", port=free_port(), env={"TENANT": str(tenant), "TENANT_RELOAD": "1"})


def test_an_open_page_picks_up_a_new_version_without_losing_typed_text(app, tenant):
    username = f"applicant-{uuid.uuid4().hex[:10]}@example.org"
    created = subprocess.run(
        [str(FORMENGINE), "accounts", "create", username, "--password", PASSWORD],
        cwd=ROOT,
        env=app.cli_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert created.returncode == 0, created.stdout + created.stderr
    args = {
        "username": username,
        "password": PASSWORD,
        "tenantPage": str(tenant / "pages" / "about.yaml"),
        "newPage": V2,
    }
    result = subprocess.run(
        ["node", str(JOURNEY), app.url, json.dumps(args)], capture_output=True, text=True, timeout=300
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
