"""The documents API on local storage: presigned policy, upload endpoint, conversion requests,
status, deletion, document answers, permissions and hostile input. Jobs are queued on a real
Redis here; tests/jobs runs them with real workers."""

import base64
import json
import time

import pytest
from upload_tools import FILE_KEY, presign, upload, upload_file

import corpus
from engine.documents.service import file_rules

pytestmark = pytest.mark.redis


def test_presigned_url_is_an_s3_style_post_under_the_applicants_prefix(app, applicant):
    body = presign(applicant)
    assert set(body) == {"url", "fields"}
    assert body["url"].endswith("/api/storage/upload")
    fields = body["fields"]
    assert set(fields) >= {"key", "policy", "x-amz-signature"}
    assert fields["key"].startswith(f"uploads/1/{FILE_KEY}/")
    policy = json.loads(base64.b64decode(fields["policy"]))
    assert ["content-length-range", 1, 1_000_000] in policy["conditions"]
    assert {"key": fields["key"]} in policy["conditions"]
    expires = time.mktime(time.strptime(policy["expiration"], "%Y-%m-%dT%H:%M:%S.000Z")) - time.timezone
    assert 0 < expires - time.time() <= 300


def test_upload_stores_the_file_and_conversion_is_queued(app, applicant, queue_name):
    key = upload_file(applicant, corpus.pdf())
    response = applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    assert response.status_code == 202, response.json
    assert response.json == {"status": "unprocessed", "message": ""}
    from engine.jobs import get_queue

    queue = get_queue(queue_name, app.config["REDIS_URL"])
    assert queue.count == 1
    job = queue.jobs[0]
    assert job.func_name == "engine.documents.jobs.convert_document"
    assert job.timeout == 60
    status = applicant.get(f"/api/pdf/document-answer/{FILE_KEY}")
    assert status.json == {"status": "unprocessed", "message": ""}


@pytest.mark.parametrize(
    "change, status, message",
    [
        ({"x-amz-signature": "0" * 64}, 403, "signature we calculated does not match"),
        ({"key": "uploads/1/essay_file/other"}, 403, "Policy Condition failed"),
        (
            {"policy": base64.b64encode(b'{"expiration":"2030-01-01T00:00:00.000Z","conditions":[]}').decode()},
            403,
            "signature",
        ),
    ],
)
def test_a_tampered_policy_is_refused(applicant, change, status, message):
    response = upload(applicant, presign(applicant), corpus.pdf(), **change)
    assert response.status_code == status
    assert message in response.json["message"]


def test_an_expired_policy_is_refused(app, applicant, monkeypatch):
    presigned = presign(applicant)
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 301)
    response = upload(applicant, presigned, corpus.pdf())
    assert response.status_code == 403
    assert response.json["message"] == "Invalid according to Policy: Policy expired."


@pytest.mark.parametrize("size, rule", [(0, "empty"), (1_000_001, "too_large")])
def test_the_content_length_range_is_enforced_in_the_tenants_words(app, applicant, size, rule):
    response = upload(applicant, presign(applicant), b"x" * size)
    assert response.status_code == 400
    with app.app_context():
        rules = file_rules(app.extensions["tenant"].current())[FILE_KEY]
    assert response.json["message"] == rules["messages"][rule]


def test_an_upload_without_a_file_is_refused(applicant):
    presigned = presign(applicant)
    from urllib.parse import urlsplit

    response = applicant.post(
        urlsplit(presigned["url"]).path, data=presigned["fields"], content_type="multipart/form-data"
    )
    assert response.status_code == 400
    assert "message" in response.json


def test_only_logged_in_applicants(app):
    anonymous = app.test_client()
    for method, path, body in [
        ("post", "/api/presigned-url", {"answer_key": FILE_KEY}),
        ("post", f"/api/pdf/document-answer/{FILE_KEY}", {"file_key": "k", "file_name": "a.pdf"}),
        ("get", f"/api/pdf/document-answer/{FILE_KEY}", None),
        ("delete", f"/api/pdf/document-answer/{FILE_KEY}", None),
        ("delete", f"/api/document-answer/{FILE_KEY}", None),
        ("get", "/api/document-answer", None),
    ]:
        response = (
            getattr(anonymous, method)(path, json=body)
            if body is not None
            else getattr(anonymous, method)(path, headers={"Content-Type": "application/json"})
        )
        assert response.status_code == 401, (method, path)
        assert "message" in response.json


@pytest.mark.parametrize("key", ["first_name", "essay", "nope", "a" * 300, "..%2F..%2Fetc", "essay_file_desc"])
def test_only_file_upload_keys_of_the_definition(applicant, key):
    assert applicant.post("/api/presigned-url", json={"answer_key": key}).status_code in (400, 404)
    assert applicant.get(f"/api/pdf/document-answer/{key}").status_code in (400, 404)
    response = applicant.post(f"/api/pdf/document-answer/{key}", json={"file_key": "x", "file_name": "a.pdf"})
    assert response.status_code in (400, 404, 405)  # 405: the decoded slashes route elsewhere
    assert "message" in response.json


def test_another_applicants_upload_key_is_refused(applicant, other):
    key = upload_file(applicant, corpus.pdf())
    response = other.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    assert response.status_code == 400
    assert "not an upload of yours" in response.json["message"]
    assert other.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] == "not_answered"


@pytest.mark.parametrize(
    "file_key",
    [
        "../../etc/passwd",
        "uploads/1/essay_file/../../../x",
        "/etc/passwd",
        "uploads/1/essay_file/\x00",
        "uploads/1/essay_file/" + "a" * 240,
        "",
    ],
)
def test_hostile_file_keys_are_refused(applicant, file_key):
    response = applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "a.pdf"})
    assert response.status_code == 400
    assert "message" in response.json


def test_a_key_never_uploaded_is_refused(applicant):
    presigned = presign(applicant)
    response = applicant.post(
        f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": presigned["fields"]["key"], "file_name": "essay.pdf"}
    )
    assert response.status_code == 400
    assert "has not been uploaded" in response.json["message"]


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"file_key": 3, "file_name": "a"},
        {"file_key": "k", "file_name": "n" * 5000},
        [],
        "text",
        {"file_key": None, "file_name": None},
    ],
)
def test_malformed_conversion_bodies_are_400(applicant, body):
    response = applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json=body)
    assert response.status_code in (400, 422)
    assert "message" in response.json


def test_wrong_content_type_is_415(applicant):
    response = applicant.post(
        "/api/presigned-url", data="answer_key=essay_file", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 415


def test_delete_removes_the_answer_conversion_and_files(app, applicant):
    from pathlib import Path

    key = upload_file(applicant, corpus.pdf())
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    stored = Path(app.config["STORAGE_PATH"]) / key
    assert stored.exists()
    for path in (f"/api/document-answer/{FILE_KEY}", f"/api/pdf/document-answer/{FILE_KEY}"):
        response = applicant.delete(path, headers={"Content-Type": "application/json"})
        assert response.status_code == 200, response.json
        assert response.json == {"message": "Your file has been deleted."}
    assert not stored.exists()
    assert applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] == "not_answered"
    assert applicant.get("/api/document-answer").json == {}


def test_document_answers_start_empty(applicant):
    response = applicant.get("/api/document-answer")
    assert response.status_code == 200
    assert response.json == {}


def test_after_submission_document_writes_are_409(app, applicant):
    from sqlalchemy import text

    key = upload_file(applicant, corpus.pdf())
    with app.extensions["db_engine"].begin() as conn:
        conn.execute(text("UPDATE applications SET submitted_at = CURRENT_TIMESTAMP"))
    for response in (
        applicant.post("/api/presigned-url", json={"answer_key": FILE_KEY}),
        applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"}),
        applicant.delete(f"/api/document-answer/{FILE_KEY}", headers={"Content-Type": "application/json"}),
        applicant.delete(f"/api/pdf/document-answer/{FILE_KEY}", headers={"Content-Type": "application/json"}),
    ):
        assert response.status_code == 409, response.json
        assert "already been submitted" in response.json["message"]
    assert applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").status_code == 200


@pytest.mark.parametrize(
    "query",
    [
        "",
        "?key=../../etc/passwd&expires=9999999999&name=a.pdf&signature=00",
        "?key=a&expires=notanumber&name=a&signature=b",
    ],
)
def test_hostile_download_links_are_refused(applicant, query):
    response = applicant.get("/api/storage/download" + query)
    assert response.status_code in (400, 403, 404)
    assert "message" in response.json


@pytest.mark.parametrize("name", ["\ud800.pdf", "a\x00b.pdf", "../../etc/passwd", "\u202eevil.pdf", "\x07\x08"])
def test_hostile_file_names_are_cleaned_or_refused(applicant, name):
    key = upload_file(applicant, corpus.pdf())
    response = applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": name})
    assert response.status_code in (202, 400), response.json
    assert "message" in response.json or response.json["status"] == "unprocessed"


def test_a_hidden_question_takes_no_file(applicant):
    applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "typed"})
    response = applicant.post("/api/presigned-url", json={"answer_key": FILE_KEY})
    assert response.status_code == 409
    assert response.json["message"] == (
        "This question is hidden by your other answers, so it cannot take a file. Change those answers first."
    )


def test_hiding_a_file_question_removes_its_document_and_stored_files(app, applicant):
    from pathlib import Path

    key = upload_file(applicant, corpus.pdf())
    response = applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    assert response.status_code in (200, 202), response.json
    stored = Path(app.config["STORAGE_PATH"]) / key
    assert stored.exists()
    response = applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "typed"})
    assert response.status_code == 200
    assert not stored.exists()
    assert applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] == "not_answered"
    assert applicant.get("/api/document-answer").json == {}
