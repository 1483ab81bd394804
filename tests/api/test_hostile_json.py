"""Hostile JSON bodies, sent to every operation of the OpenAPI document, logged in or not: each is
refused with 400 (413 for the size) and the standard error shape, before any view runs."""

import json

import pytest

from engine import jsonio
from tests.applicants import make_applicant

DIGITS = 5000  # beyond Python's 4,300-digit limit for int(), which used to answer 500
HOSTILE = {
    "integer of 5,000 digits": (b'{"username": ' + b"9" * DIGITS + b"}", 400, "number that is too long"),
    "negative integer of 5,000 digits": (b'{"a": [-' + b"1" * DIGITS + b"]}", 400, "number that is too long"),
    "decimal of 5,000 digits": (b'{"a": 0.' + b"1" * DIGITS + b"}", 400, "number that is too long"),
    "number too large for a float": (b'{"a": 1e999}', 400, "number out of range"),
    "NaN": (b'{"a": NaN}', 400, jsonio.NOT_JSON),
    "Infinity": (b'{"a": -Infinity}', 400, jsonio.NOT_JSON),
    "nesting 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, 400, "nested too deeply"),
    "nesting 33 deep": (b'{"a": ' + b"[" * 33 + b"]" * 33 + b"}", 400, "nested too deeply"),
    "text of 100,001 characters": (json.dumps({"a": "x" * 100_001}).encode(), 400, "text that is too long"),
    "key of 100,001 characters": (json.dumps({"k" * 100_001: 1}).encode(), 400, "text that is too long"),
    "lone surrogate": (b'{"first_name": "\\ud800"}', 400, jsonio.INVALID_TEXT),
    "surrogate in a key": (b'{"\\udfff": "x"}', 400, jsonio.INVALID_TEXT),
    "bytes that are not UTF-8": (b'{"a": "\xff\xfe"}', 400, jsonio.NOT_JSON),
    "truncated": (b'{"a": ', 400, jsonio.NOT_JSON),
    "over the JSON size limit": (b'{"a": "' + b"x" * (1024 * 1024) + b'"}', 413, "too large"),
}


def _operations(client) -> list[tuple[str, str]]:
    document = client.get("/api/openapi.json").get_json()
    found = []
    for path, item in document["paths"].items():
        for method in item:
            if method in {"get", "put", "post", "delete", "patch"}:
                found.append((method.upper(), path.replace("{key}", "essay_file")))
    return found


@pytest.fixture
def applicant(app):
    return make_applicant(app, "hostile@example.com")


@pytest.mark.parametrize("logged_in", [True, False], ids=["logged-in", "anonymous"])
def test_every_operation_refuses_every_hostile_body(app, applicant, logged_in):
    client = applicant if logged_in else app.test_client()
    operations = _operations(client)
    assert len(operations) > 30
    wrong = []
    for name, (body, status, says) in HOSTILE.items():
        for method, path in operations:
            response = client.open(
                path, method=method, data=body, content_type="application/json", headers={"Origin": "http://localhost"}
            )
            answer = response.get_json(silent=True) or {}
            if response.status_code != status or says not in str(answer.get("message")):
                wrong.append(f"{name}: {method} {path} -> {response.status_code} {answer}")
    assert wrong == []


def test_the_answers_are_unchanged_after_a_hostile_save(app, applicant):
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    refused = applicant.put(
        "/api/answer", data=b'{"first_name": "Grace", "n": ' + b"7" * DIGITS + b"}", content_type="application/json"
    )
    assert refused.status_code == 400
    assert applicant.get("/api/profile").json["answer"] == {"first_name": "Ada"}


@pytest.mark.parametrize(
    "setting, body, says",
    [
        ("JSON_MAX_DEPTH", b'{"a": [[1]]}', "at most 2 levels"),
        ("JSON_MAX_NUMBER_DIGITS", b'{"a": 123}', "at most 2 digits"),
        ("JSON_MAX_STRING", b'{"a": "abc"}', "at most 2 characters"),
        ("JSON_MAX_BYTES", b'{"a": 1}', "at most 2 bytes"),
    ],
)
def test_the_limits_are_settings(app, setting, body, says):
    app.config[setting] = 2
    response = app.test_client().post("/public/login", data=body, content_type="application/json")
    assert response.status_code in (400, 413) and says in response.get_json()["message"]


def test_plain_bodies_within_the_limits_are_read_as_before():
    limits = jsonio.JsonLimits()
    body = {"a": [1, 2.5, -3, True, None, {"b": "é\u4e2d😀"}], "c": "x" * 100_000, "d": 10**63}
    assert jsonio.parse_body(json.dumps(body).encode(), limits) == body
    assert jsonio.parse_body(b"[" * 32 + b"]" * 32, limits) == eval("[" * 31 + "[]" + "]" * 31)
