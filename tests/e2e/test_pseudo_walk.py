"""`formengine pseudo` of each shipped tenant, served by a real `formengine run` and walked in Debian's
Chromium (pseudo_walk.mjs): no word outside ⟦ ⟧ on any page or state walked, nothing too wide at 375 px.
Each tenant is walked twice: in the pseudo-language and in the right-to-left one (`pseudo --rtl`,
ar-XB, generated into the test's own copy), where every state also reads right to left, has no axe
violation and shows phone numbers and e-mail addresses left to right."""

import json
import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest
from PIL import Image
from runapp import FORMENGINE, ROOT, free_port, serving

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
WALK = ROOT / "tests" / "e2e" / "pseudo_walk.mjs"
PASSWORD = "Correct-Horse-42!"
GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"
TENANTS = sorted(p.name for p in (ROOT / "tenants").iterdir() if p.is_dir())


@pytest.fixture(
    params=[(tenant, rtl) for rtl in (False, True) for tenant in TENANTS], ids=lambda p: p[0] + ("-rtl" if p[1] else "")
)
def app(request, tmp_path):
    tenant, rtl = request.param
    if not CHROMIUM.exists() or not (ROOT / "client" / "dist" / "index.html").exists() or not shutil.which("node"):
        if os.environ.get("CI"):
            pytest.fail("Chromium, node or the built client is missing (make install, make browser)")
        pytest.skip("Chromium, node or the built client is missing (make install, make browser)")
    copy = tmp_path / f"pseudo-{tenant}"
    command = [str(FORMENGINE), "pseudo", *(["--rtl"] if rtl else []), str(ROOT / "tenants" / tenant), str(copy)]
    done = subprocess.run(command, cwd=ROOT)
    assert done.returncode == 0
    # TENANT_RELOAD: the walk publishes a new version under the open page (the "form was updated" toast).
    for running in serving(tmp_path / "instance", port=free_port(), env={"TENANT": str(copy), "TENANT_RELOAD": "1"}):
        running.tenant, running.copy, running.rtl = tenant, copy, rtl
        yield running


def _cli(app, *args) -> str:
    result = subprocess.run(
        [str(FORMENGINE), *args], cwd=ROOT, env=app.cli_env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_every_word_walked_is_the_tenants_and_fits_a_phone(app, tmp_path):
    username = f"pseudo-{uuid.uuid4().hex[:10]}@example.org"
    _cli(app, "accounts", "create", username, "--password", PASSWORD)
    print_url = next(w for w in _cli(app, "service-token", "create", username).split() if "service_token=" in w)
    upload = tmp_path / "upload.pdf"
    Image.new("RGB", (320, 200), (30, 60, 110)).save(upload)
    args = {
        "tenant": app.tenant,
        "username": username,
        "password": PASSWORD,
        "printUrl": print_url,
        "upload": str(upload),
        # A page file of the served copy, rewritten by the walk to publish a new version.
        "tenantPage": str(sorted((app.copy / "pages").glob("*.yaml"))[0]),
        # A whole application that submits (the walk moves its planned years to the form's own).
        "golden": json.loads(GOLDEN.read_text())["answers"] if app.tenant == "intl_undergrad" else None,
        "rtl": app.rtl,
    }
    result = subprocess.run(
        ["node", str(WALK), app.url, str(SCREENSHOTS), json.dumps(args)], capture_output=True, text=True, timeout=600
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
