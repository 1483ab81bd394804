"""Delivery targets in tenant.yaml: checked like the rest of the definition (file:line:col, a code,
a hint), compiled one per address and webhook, and kept out of the published form."""

import shutil
from pathlib import Path

import pytest

from engine.definition import DefinitionInvalid, load_and_compile

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "minimal_tenant"


def _tenant(tmp_path, delivery: str) -> Path:
    folder = tmp_path / "tenant"
    shutil.copytree(FIXTURE, folder)
    with open(folder / "tenant.yaml", "a") as handle:
        handle.write("delivery:\n" + delivery)
    return folder


def _problems(folder) -> list:
    with pytest.raises(DefinitionInvalid) as caught:
        load_and_compile(folder)
    return caught.value.problems


GOOD = """\
  - email: {to: [admissions@example.edu, registry@example.edu]}
  - webhook: {url: "https://sis.example.edu/hooks/apply", secret_env: FORMENGINE_WEBHOOK_SECRET, timeout_s: 5}
  - webhook: {url: "http://127.0.0.1:8025/hook", secret_env: LOCAL_SECRET}
"""


def test_targets_compile_one_per_address_and_webhook_in_order(tmp_path):
    compiled = load_and_compile(_tenant(tmp_path, GOOD))
    assert [(t["kind"], t.get("to") or t["url"]) for t in compiled.delivery] == [
        ("email", "admissions@example.edu"),
        ("email", "registry@example.edu"),
        ("webhook", "https://sis.example.edu/hooks/apply"),
        ("webhook", "http://127.0.0.1:8025/hook"),  # loopback is fine: the author is trusted
    ]
    webhook = compiled.delivery[2]
    assert webhook["secret_env"] == "FORMENGINE_WEBHOOK_SECRET" and webhook["timeout_s"] == 5
    assert compiled.delivery[3]["timeout_s"] == 10  # the default
    assert webhook["where"].endswith("tenant.yaml:10:71")


def test_targets_are_not_published_and_do_not_change_the_version(tmp_path):
    plain = load_and_compile(FIXTURE)
    with_targets = load_and_compile(_tenant(tmp_path, GOOD))
    assert with_targets.etag == plain.etag
    assert b"sis.example.edu" not in with_targets.json_bytes and "delivery" not in with_targets.data


@pytest.mark.parametrize(
    "delivery, code, says",
    [
        ("  - email: {to: [a@example.edu, A@Example.edu]}\n", "DUPLICATE_TARGET", "'a@example.edu' is a delivery"),
        (
            "  - webhook: {url: 'https://u:p@x.example/h', secret_env: S}\n",
            "URL_CREDENTIALS",
            "carries a user name or password",
        ),
        ("  - webhook: {url: 'https://', secret_env: S}\n", "BAD_URL", "is not a URL"),
        ("  - webhook: {url: 'http://x.example:99999/', secret_env: S}\n", "BAD_URL", "is not a URL"),
        ("  - webhook: {url: 'ftp://x.example/', secret_env: S}\n", "BAD_NAME", "'ftp://x.example/'"),
        ("  - webhook: {url: 'https://x.example/', secret_env: lower}\n", "BAD_NAME", "'lower'"),
        (
            "  - webhook: {url: 'https://x.example/', secret_env: S, timeout_s: 600}\n",
            "IMPOSSIBLE_BOUND",
            "600 is too large: the most allowed here is 60",
        ),
        ("  - webhook: {url: 'https://x.example/'}\n", "MISSING_PROPERTY", "'secret_env'"),
        ("  - email: {to: [not-an-address]}\n", "BAD_NAME", "'not-an-address'"),
        ("  - fax: {to: '555'}\n", "AMBIGUOUS", "one target"),
    ],
)
def test_mistakes_are_named_with_their_place(tmp_path, delivery, code, says):
    problems = _problems(_tenant(tmp_path, delivery))
    assert [p.code for p in problems] == [code], [p.format() for p in problems]
    problem = problems[0]
    assert says in problem.message and problem.hint
    assert problem.location.file.endswith("tenant.yaml") and problem.location.line == 9
    assert problem.place.startswith("tenant > delivery target 1")
