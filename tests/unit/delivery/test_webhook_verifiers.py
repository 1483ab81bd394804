"""The receivers' verifiers that docs/deploy.md gives (Python and Node), and the test receiver's, run
against real signed deliveries: each accepts a fresh one and refuses a replay outside the 5-minute
window, a moved timestamp, a changed body and another secret."""

import base64
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from engine.delivery import webhook
from tests.fixtures.webhook_receiver import verify as receiver_verify

ROOT = Path(__file__).resolve().parents[3]
DEPLOY = (ROOT / "docs" / "deploy.md").read_text()
SECRET = "a-long-random-secret-shared-with-the-receiver"
BODY = webhook.body({"reference": "INTL-7K2Q9MXA", "answers": {"first_name": "Mei"}})


def _block(language: str, marker: str) -> str:
    """The docs' code block in `language` that holds `marker`, as written (indentation removed)."""
    for block in re.findall(rf"```{language}\n(.*?)```", DEPLOY, flags=re.S):
        if marker in block:
            lines = block.splitlines()
            indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
            return "\n".join(line[indent:] for line in lines) + "\n"
    raise AssertionError(f"docs/deploy.md has no {language} block with {marker!r}")


def _cases() -> list[tuple[str, bytes, dict, bytes, bool]]:
    """(name, key, headers, body, accepted) for deliveries signed as the worker signs them."""
    now = time.time()
    fresh = webhook.headers(SECRET, BODY, 12, 1)
    old = webhook.headers(SECRET, BODY, 12, 1, now=now - 6 * 60)
    whsec_key = b"\x00\x01 bytes of a whsec secret"
    whsec = webhook.headers("whsec_" + base64.b64encode(whsec_key).decode(), BODY, 12, 1)
    key = SECRET.encode()
    return [
        ("fresh", key, fresh, BODY, True),
        ("signed 6 minutes ago: a replay", key, old, BODY, False),
        ("an old signature with a new time", key, {**old, "webhook-timestamp": str(int(now))}, BODY, False),
        ("from 6 minutes ahead", key, webhook.headers(SECRET, BODY, 12, 1, now=now + 6 * 60), BODY, False),
        ("another body", key, fresh, BODY.replace(b"Mei", b"Eve"), False),
        ("another id", key, {**fresh, "webhook-id": "13"}, BODY, False),
        ("another secret", b"not-the-secret", fresh, BODY, False),
        ("no signature", key, {k: v for k, v in fresh.items() if k != "webhook-signature"}, BODY, False),
        ("a whsec_ secret, keyed with its bytes", whsec_key, whsec, BODY, True),
        (
            "several signatures, one good",
            key,
            {**fresh, "webhook-signature": "v1,AAAA " + fresh["webhook-signature"]},
            BODY,
            True,
        ),
    ]


def _python_verifier():
    namespace: dict = {}
    exec(compile(_block("python", "def verify"), "docs/deploy.md", "exec"), namespace)
    return namespace["verify"]


@pytest.mark.parametrize("verifier", ["docs python", "test receiver"])
def test_the_python_verifiers_refuse_replays(verifier):
    verify = _python_verifier() if verifier == "docs python" else receiver_verify
    results = {name: verify(key, headers, body) for name, key, headers, body, _ok in _cases()}
    assert results == {name: ok for name, _key, _headers, _body, ok in _cases()}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
def test_the_node_verifier_refuses_replays(tmp_path):
    cases = _cases()
    harness = tmp_path / "verify.js"
    harness.write_text(
        _block("js", "function verify")
        + 'const cases = JSON.parse(require("node:fs").readFileSync(0, "utf8"));\n'
        + "console.log(JSON.stringify(cases.map((c) => "
        + 'verify(Buffer.from(c.key, "base64"), c.headers, Buffer.from(c.body, "base64")))));\n'
    )
    given = [
        {"key": base64.b64encode(key).decode(), "headers": headers, "body": base64.b64encode(body).decode()}
        for _name, key, headers, body, _ok in cases
    ]
    run = subprocess.run(["node", str(harness)], input=json.dumps(given), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert dict(zip([c[0] for c in cases], json.loads(run.stdout), strict=True)) == {c[0]: c[4] for c in cases}
