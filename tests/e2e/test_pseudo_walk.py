"""`formengine pseudo` of each shipped tenant, served by a real `formengine run` and walked in Debian's
Chromium (pseudo_walk.mjs): no word outside ⟦ ⟧ on any page or state walked, nothing too wide at 375 px.
Each tenant is walked twice: in the pseudo-language and in the right-to-left one (`pseudo --rtl`,
ar-XB, generated into the test's own copy), where every state also reads right to left, has no axe
violation and shows phone numbers and e-mail addresses left to right. And each is walked a third time as
shipped, in its second language (chosen by the `lang` cookie): no text shows as the English source of a
message its catalogue translates, the page's lang is the language, axe finds no violation."""

import json
import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po
from PIL import Image
from runapp import FORMENGINE, ROOT, free_port, serving

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
WALK = ROOT / "tests" / "e2e" / "pseudo_walk.mjs"
PASSWORD = "Correct-Horse-42!"
GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"
TENANTS = sorted(p.name for p in (ROOT / "tenants").iterdir() if p.is_dir())


def _second_language(tenant: str) -> str:
    return yaml.safe_load((ROOT / "tenants" / tenant / "tenant.yaml").read_text())["settings"]["languages"][1]


# Each tenant in the pseudo-language, the right-to-left one, and its own second language.
MODES = [(tenant, mode) for mode in ("pseudo", "rtl", "second") for tenant in TENANTS]


@pytest.fixture(params=MODES, ids=lambda p: p[0] + ("" if p[1] == "pseudo" else f"-{p[1]}"))
def app(request, tmp_path):
    tenant, mode = request.param
    rtl, lang = mode == "rtl", _second_language(tenant) if mode == "second" else None
    if not CHROMIUM.exists() or not (ROOT / "client" / "dist" / "index.html").exists() or not shutil.which("node"):
        if os.environ.get("CI"):
            pytest.fail("Chromium, node or the built client is missing (make install, make browser)")
        pytest.skip("Chromium, node or the built client is missing (make install, make browser)")
    copy = tmp_path / f"{mode}-{tenant}"
    if lang:
        shutil.copytree(ROOT / "tenants" / tenant, copy)
    else:
        command = [str(FORMENGINE), "pseudo", *(["--rtl"] if rtl else []), str(ROOT / "tenants" / tenant), str(copy)]
        assert subprocess.run(command, cwd=ROOT).returncode == 0
    # TENANT_RELOAD: the walk publishes a new version under the open page (the "form was updated" toast).
    for running in serving(tmp_path / "instance", port=free_port(), env={"TENANT": str(copy), "TENANT_RELOAD": "1"}):
        running.tenant, running.copy, running.rtl, running.lang = tenant, copy, rtl, lang
        yield running


def _cli(app, *args) -> str:
    result = subprocess.run(
        [str(FORMENGINE), *args], cwd=ROOT, env=app.cli_env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def _english(catalogue: Path) -> list[str]:
    """The source wordings the catalogue translates that no applicant reading it should see: more than
    one word, no {placeholder} (shown filled in), the translation differing (or missing), and not
    also some message's translation."""
    with catalogue.open("rb") as po:
        messages = [m for m in read_po(po) if m.id and isinstance(m.id, str)]
    translations = {m.string for m in messages if isinstance(m.string, str)}
    return sorted(
        {
            " ".join(m.id.split())
            for m in messages
            if len(m.id.split()) > 1 and "{" not in m.id and m.string != m.id and m.id not in translations
        }
    )


def _edit(app) -> list[str]:
    """A change the walk makes to the served copy, so that a new version is published under the open
    page: a page's pseudo wording, or (a language walk) one translation in the catalogue."""
    if not app.lang:
        return [str(sorted((app.copy / "pages").glob("*.yaml"))[0]), "⟦", "⟦·"]
    catalogue = app.copy / "translations" / f"{app.lang}.po"
    text = catalogue.read_text()
    with catalogue.open("rb") as po:
        translated = [m.string for m in read_po(po) if m.id and isinstance(m.string, str) and m.string]
    found = next(t for t in translated if f'msgstr "{t}"\n' in text)
    return [str(catalogue), f'msgstr "{found}"', f'msgstr "{found} ·"']


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
        # A file of the served copy, rewritten by the walk to publish a new version.
        "edit": _edit(app),
        # A whole application that submits (the walk moves its planned years to the form's own).
        "golden": json.loads(GOLDEN.read_text())["answers"] if app.tenant == "intl_undergrad" else None,
        "rtl": app.rtl,
        "lang": app.lang,
        "english": _english(app.copy / "translations" / f"{app.lang}.po") if app.lang else None,
    }
    result = subprocess.run(
        ["node", str(WALK), app.url, str(SCREENSHOTS), json.dumps(args)], capture_output=True, text=True, timeout=600
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
