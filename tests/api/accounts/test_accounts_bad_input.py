"""Hostile and malformed input: always a 4xx JSON {"message"}, never a 500, nothing half-created."""

import pytest

from engine.accounts import messages

ENDPOINTS = {
    "/public/signup": {"username": "ada@example.com", "password": "Correct-Horse-9"},
    "/public/confirm": {"username": "ada@example.com", "code": "123456"},
    "/public/resend-confirm": {"username": "ada@example.com"},
    "/public/login": {"username": "ada@example.com", "password": "Correct-Horse-9"},
    "/public/forgot-password": {"username": "ada@example.com"},
    "/public/reset-password": {
        "username": "ada@example.com",
        "id": "x" * 43,
        "password": "Correct-Horse-9",
        "confirm_password": "Correct-Horse-9",
    },
}

HOSTILE_VALUES = [
    None,
    1,
    1.5,
    True,
    [],
    ["ada@example.com"],
    {},
    {"$ne": ""},
    "",
    " ",
    "x" * 1_000_000,
    "ada@exаmple.com",  # Cyrillic а
    "ada＠example.com",  # full-width @
    "ada@example.com\u200b",  # zero-width space
    "ada@example.com\r\nBcc: x@y.z",  # header injection
    "ada\x00@example.com",
    "ada\x07@example.com",
    "\ud800@example.com".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
    "<script>@example.com",
    "ada@example..com",
    "@example.com",
    "ada@",
    "a" * 300 + "@example.com",
]


def _all_cases():
    for path, valid in ENDPOINTS.items():
        for field in valid:
            for value in HOSTILE_VALUES:
                yield path, {**valid, field: value}
            yield path, {key: v for key, v in valid.items() if key != field}


@pytest.mark.parametrize("path", list(ENDPOINTS))
def test_hostile_field_values_give_4xx_json_and_create_nothing(client, sql, path):
    for case_path, body in _all_cases():
        if case_path != path:
            continue
        response = client.post(path, json=body)
        assert 400 <= response.status_code < 500, (body, response.status_code, response.json)
        assert isinstance(response.json["message"], str) and response.json["message"]
    assert sql("SELECT COUNT(*) FROM accounts") == [(0,)]
    assert sql("SELECT COUNT(*) FROM account_sessions") == [(0,)]


@pytest.mark.parametrize("path", list(ENDPOINTS))
@pytest.mark.parametrize(
    "raw, content_type, status, message",
    [
        (b"{not json", "application/json", 400, messages.BAD_JSON),
        (b"", "application/json", 400, None),
        (b"null", "application/json", 400, None),
        (b"[]", "application/json", 400, messages.NOT_OBJECT),
        (b'"ada@example.com"', "application/json", 400, messages.NOT_OBJECT),
        (b"\xff\xfe\x00", "application/json", 400, None),
        (
            b'{"username": "ada@example.com", "password": "Correct-Horse-9\\ud800", "id": "\\udfff", '
            b'"code": "\\ud800", "studentAnswers": {"k": "\\ud800"}}',
            "application/json",
            400,
            None,
        ),
        (b'{"username": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "application/json", 400, None),
        (b"username=ada%40example.com", "application/x-www-form-urlencoded", 415, messages.NOT_JSON),
        (b'{"username": "ada@example.com"}', "text/plain", 415, messages.NOT_JSON),
        (b'{"username": "ada@example.com"}', None, 415, messages.NOT_JSON),
    ],
)
def test_malformed_bodies(client, path, raw, content_type, status, message):
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post(path, data=raw, headers=headers)
    assert response.status_code == status, response.json
    assert isinstance(response.json["message"], str)
    if message:
        assert response.json["message"] == message


def test_a_body_over_the_size_limit_is_refused_as_json(client):
    response = client.post(
        "/public/login", data=b'{"username": "' + b"a" * 3_000_000 + b'"}', content_type="application/json"
    )
    assert response.status_code == 413
    assert isinstance(response.json["message"], str)


@pytest.mark.parametrize("code", ["12345", "1234567", "abcdef", "12 456", "１２３４５６", 123456, None, "", "12345\n"])
def test_codes_other_than_six_digits_are_refused_with_the_spec_message(client, code):
    response = client.post("/public/confirm", json={"username": "ada@example.com", "code": code})
    assert response.status_code == 400
    assert response.json["message"] == "The confirmation code must be exactly 6 numbers."


@pytest.mark.parametrize(
    "username",
    ["ada@exаmple.com", "ada@example.com\u0000", "ada\u202e@example.com", "ada@example.com\n", "x" * 90_000],
)
def test_lookalike_and_control_characters_in_usernames_are_refused(client, sql, username):
    response = client.post("/public/signup", json={"username": username, "password": "Correct-Horse-9"})
    assert response.status_code == 400
    assert response.json["message"] == "Your email address must be valid."
    assert sql("SELECT COUNT(*) FROM accounts") == [(0,)]


@pytest.mark.parametrize(
    "answers",
    [
        [1, 2],
        "text",
        {"k": {"nested": 1}},
        {"k": [1, 2]},
        {"": "x"},
        {"k" * 201: "x"},
        {"k": "x" * 10001},
        {str(i): "x" for i in range(2001)},
    ],
)
def test_student_answers_must_be_a_flat_map(client, sql, answers):
    response = client.post(
        "/public/signup", json={"username": "ada@example.com", "password": "Correct-Horse-9", "studentAnswers": answers}
    )
    assert response.status_code == 400
    assert response.json["message"] == messages.STUDENT_ANSWERS_INVALID
    assert sql("SELECT COUNT(*) FROM accounts") == [(0,)]


def test_unknown_fields_are_ignored(client):
    response = client.post(
        "/public/signup", json={"username": "ada@example.com", "password": "Correct-Horse-9", "is_admin": True}
    )
    assert response.status_code == 201


def test_wrong_methods_answer_json(client):
    for response in (client.get("/public/login"), client.post("/api/logout", json={})):
        assert response.status_code in (404, 405)
        assert isinstance(response.json["message"], str)
