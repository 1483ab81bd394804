"""The form renderer in Debian's Chromium against a real `formengine run` (web, RQ worker, embedded
Redis): the journeys of form_journeys.mjs, axe-core on every form page, screenshots at 1280 and 375 px."""

import json
import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest
from runapp import FORMENGINE, ROOT, free_port, serving

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"
JOURNEYS = ROOT / "tests" / "e2e" / "form_journeys.mjs"
PASSWORD = "Correct-Horse-42!"


def _requirements_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    if not shutil.which("node") or not (ROOT / "client" / "node_modules" / "playwright-core").exists():
        return "node or client/node_modules/playwright-core is missing (make install)"
    if not (ROOT / "client" / "dist" / "index.html").exists():
        return "the client is not built (make client)"
    return None


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    missing = _requirements_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    yield from serving(tmp_path_factory.mktemp("form-e2e") / "instance", port=free_port())


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    from docx import Document
    from PIL import Image

    folder = tmp_path_factory.mktemp("uploads")
    Image.new("RGB", (320, 200), (30, 60, 110)).save(folder / "essay.png")
    document = Document()
    document.add_heading("My essay", 1)
    document.add_paragraph("A challenge I faced, and what I learned from it. " * 20)
    document.save(folder / "essay.docx")
    (folder / "too-big.pdf").write_bytes(b"%PDF-1.4\n" + b"0" * 1_100_000)
    return {"png": str(folder / "essay.png"), "docx": str(folder / "essay.docx"), "tooBig": str(folder / "too-big.pdf")}


def _cli(app, *args) -> str:
    result = subprocess.run(
        [str(FORMENGINE), *args], cwd=ROOT, env=app.cli_env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def _account(app) -> str:
    username = f"applicant-{uuid.uuid4().hex[:10]}@example.org"
    _cli(app, "accounts", "create", username, "--password", PASSWORD)
    return username


def _journey(app, name, **args):
    result = subprocess.run(
        ["node", str(JOURNEYS), name, app.url, str(SCREENSHOTS), json.dumps(args)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def _outbox(app) -> list[str]:
    outbox = app.instance / "outbox"
    return [path.read_text(errors="replace") for path in sorted(outbox.glob("*.eml"))]


def test_a_visitor_continues_to_signup_with_the_answers_and_finds_them_saved(app):
    username = f"visitor-{uuid.uuid4().hex[:10]}@example.org"
    _journey(app, "anonymous", username=username, password=PASSWORD, outbox=str(app.instance / "outbox"))


def test_the_whole_application_is_filled_uploaded_submitted_and_printed(app, files):
    username = _account(app)
    _journey(app, "complete", username=username, password=PASSWORD, **files)
    receipts = [mail for mail in _outbox(app) if username in mail and "received your application" in mail]
    assert receipts, "the receipt e-mail is in the outbox"

    url = next(word for word in _cli(app, "service-token", "create", username).split() if "service_token=" in word)
    _journey(app, "print", url=url)


def test_an_invalid_submit_lists_the_missing_answers_and_a_link_focuses_the_field(app):
    _journey(app, "invalid", username=_account(app), password=PASSWORD)


def test_add_another_up_to_the_maximum(app):
    _journey(app, "addAnother", username=_account(app), password=PASSWORD)


def test_a_started_later_entry_is_checked_and_named_and_an_empty_one_is_dropped(app):
    _journey(app, "entries", username=_account(app), password=PASSWORD)


def test_a_tab_switch_clears_the_other_tabs_answers(app):
    _journey(app, "tabs", username=_account(app), password=PASSWORD)


def test_every_form_page_passes_axe_for_a_visitor(app):
    _journey(app, "accessibility")
