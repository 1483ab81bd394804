"""Every applications endpoint is described in the OpenAPI document, and hostile input of
every kind gets a JSON 4xx, never a 500."""

import json

import pytest

ENDPOINTS = {
    "/api/profile": {"get"},
    "/api/answer": {"put"},
    "/api/last-page": {"put"},
    "/api/web-status": {"post"},
    "/api/validations": {"post"},
    "/api/submit": {"post"},
    "/api/add-another": {"get", "put"},
    "/api/tabs": {"get", "put"},
    "/public/tmp": {"get", "post"},
    "/service/tmp-pdf": {"get"},
}
WRITES = [
    ("put", "/api/answer"),
    ("put", "/api/last-page"),
    ("post", "/api/web-status"),
    ("post", "/api/validations"),
    ("post", "/api/submit"),
    ("put", "/api/add-another"),
    ("put", "/api/tabs"),
    ("post", "/public/tmp"),
]
HOSTILE = [
    "",
    "{",
    "[]",
    "null",
    "0",
    "true",
    '"x"',
    '{"a": {"b": {"c": []}}}',
    "[" * 5000 + "]" * 5000,
    '{"__proto__": {"x": 1}}',
    '{"first_name": "\\u0000"}',
    '{"errors": {"\\ud800": ["x"]}}',
    '{"answers": {"first_name": "\\ud800"}}',
    '{"button_id": "legacy", "num_components": 1e309}',
    '{"web_status": ["started"]}',
    '{"tab_id": {}, "chosen_tab": []}',
    "\xff\xfe",
    '{"a": 1, "a": 2}',
]


def test_every_endpoint_is_documented_with_bodies_and_responses(client):
    spec = client.get("/api/openapi.json").json
    for path, methods in ENDPOINTS.items():
        assert methods <= set(spec["paths"][path]), path
        for method in methods:
            operation = spec["paths"][path][method]
            success = {"200", "201"} & set(operation["responses"])
            assert success and "content" in operation["responses"][success.pop()], (path, method)
    answer_body = spec["paths"]["/api/answer"]["put"]["requestBody"]["content"]["application/json"]["schema"]
    assert answer_body["additionalProperties"] == {
        "oneOf": [{"type": "string"}, {"type": "boolean"}, {"type": "number"}]
    }
    profile = spec["components"]["schemas"]["Profile"]
    assert set(profile["required"]) == {
        "answer",
        "document_answer",
        "username",
        "last_page",
        "successful_login",
        "web_status",
        "reference",
        "submitted_at",
        "definition_version",
        "archived_answer",
        "window",
    }


@pytest.mark.parametrize("method, path", WRITES)
def test_hostile_bodies_get_a_json_4xx(applicant, method, path):
    for body in HOSTILE:
        response = getattr(applicant, method)(
            path, data=body.encode("utf-8", "surrogatepass"), content_type="application/json"
        )
        assert (
            400 <= response.status_code < 500
            or (response.status_code == 422 and path == "/api/submit")
            or (response.status_code == 200)
        ), (body[:40], response.status_code)
        assert response.is_json and response.json["message"], body[:40]


@pytest.mark.parametrize("path, name", [("/public/tmp", "token"), ("/service/tmp-pdf", "service_token")])
def test_hostile_query_strings(anonymous, path, name):
    for value in ["", "\x00", "%", "a" * 10000, "../../etc/passwd", "' OR 1=1 --", "\ud800"]:
        response = anonymous.get(path, query_string={name: value.encode("utf-8", "surrogatepass")})
        assert response.status_code in {400, 401, 404}, (value[:20], response.status_code)
        assert response.json["message"]
    response = anonymous.get(path + f"?{name}=a&{name}=b")
    assert response.status_code in {400, 401, 404}


def test_a_huge_but_allowed_body_of_valid_answers(applicant, compiled):
    answers = {
        key: ("x" * spec["max_length"] if spec["type"] == "string" else True)
        for key, spec in compiled.data_model.items()
    }
    assert len(json.dumps(answers)) < 2 * 1024 * 1024
    response = applicant.put("/api/answer", json=answers)
    assert response.status_code == 200
    # Every key at its longest is stored, but what the hiding rules hide in that state is cleared.
    kept = {key: value for key, value in answers.items() if key not in response.json["cleared"]}
    assert response.json["cleared"] and len(kept) > 100
    assert applicant.get("/api/profile").json["answer"] == kept
