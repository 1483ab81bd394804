"""An applicant switches language mid-page without losing what she typed, her account's language
follows her to another browser, and she submits in her language and gets its receipt, in Debian's
Chromium (language_journey.mjs) against a real `formengine run`: a French applicant of
example_scholarship (English and French) and a Spanish one of intl_undergrad (English and Spanish),
from tests/language_journeys.py. The records staff read of her: tests/jobs/test_language_records_journey.py."""

import email
import email.policy
import json
import re
import subprocess

import pytest
from browser import SCREENSHOTS, build_client, need_browser, staff_member
from runapp import ROOT, serving

from tests.language_journeys import SPEAKERS, Speaker

pytestmark = pytest.mark.slow


@pytest.fixture(params=SPEAKERS.values(), ids=SPEAKERS.keys())
def speaker(request) -> Speaker:
    return request.param


@pytest.fixture
def served(tmp_path, speaker):
    need_browser()
    client_dist = build_client(tmp_path / "client-dist")
    env = {"CLIENT_DIST": str(client_dist), "TENANT": str(speaker.tenant_path)}
    yield from serving(tmp_path / "instance", env=env)


def test_a_switch_mid_page_keeps_the_typed_answer_the_account_keeps_the_language_and_she_submits_in_it(served, speaker):
    # What the browser journey needs to know of her: the rest it reads from the served form.
    name = next(key for key, each in SPEAKERS.items() if each is speaker)
    said = {
        "id": name,
        "language": speaker.language,
        "key": speaker.key,
        "typed": speaker.typed,
        "answers": speaker.answers,
        "add_another": speaker.add_another,
        "name": speaker.name,
        "staff": staff_member(served, "rita.reader@staff.example.edu", "reader", "Language-Journey-Pass-2027!"),
    }
    result = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "e2e" / "language_journey.mjs"),
            served.url,
            str(served.instance / "outbox"),
            str(SCREENSHOTS),
            json.dumps(said),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (SCREENSHOTS / f"language-{name}-375.png").stat().st_size > 0
    # Her receipt is in her language and names the reference the completion page showed.
    reference = re.search(r"^reference: (\S+)$", result.stdout, re.M).group(1)
    mails = [
        email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
        for p in (served.instance / "outbox").glob("*.eml")
    ]
    (receipt,) = [mail for mail in mails if mail["Subject"].strip().startswith(speaker.receipt_subject)]
    assert speaker.receipt_reference.format(reference=reference) in receipt.get_content()
