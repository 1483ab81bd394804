"""GET /api/profile and PUT /api/answer: the shape, the merge, the refusals, the isolation."""

import json

import pytest

from tests.api.applications.conftest import PASSWORD, make_applicant

PAGE = {
    "first_name": "Mei",
    "last_name": "Chen",
    "gender": "W",
    "gender_desc": "Woman",
    "race_asian": True,
    "legacy_name": "Lin Chen",
    "hs_city": "Toronto",
}


def profile(client) -> dict:
    response = client.get("/api/profile")
    assert response.status_code == 200, response.json
    return response.json


def test_profile_of_a_new_applicant(applicant):
    body = profile(applicant)
    assert list(body) == [
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
    ]
    assert body["answer"] == {} and body["document_answer"] == {} and body["web_status"] == []
    assert body["archived_answer"] == {} and body["window"] == "open"
    assert body["definition_version"] == applicant.get("/public/form").headers["ETag"].strip('"')
    assert body["reference"] is None and body["submitted_at"] is None
    assert body["username"] == "ada@example.com"
    assert body["last_page"] is None
    # Two sign-ins: the confirmation code's, then the login's.
    assert len(body["successful_login"]) == 2 and all(at.endswith("Z") for at in body["successful_login"])


def test_answers_merge_and_never_drop_other_keys(applicant):
    saved = applicant.put("/api/answer", json=PAGE).json
    version = applicant.get("/public/form").headers["ETag"].strip('"')
    assert saved == {"message": "Your answers have been saved.", "cleared": [], "definition_version": version}
    assert applicant.put("/api/answer", json={"middle_name": "Lin", "first_name": "May"}).status_code == 200
    assert profile(applicant)["answer"] == {**PAGE, "first_name": "May", "middle_name": "Lin"}


def test_an_empty_string_clears_one_answer(applicant):
    applicant.put("/api/answer", json=PAGE)
    assert applicant.put("/api/answer", json={"gender": "", "gender_desc": ""}).status_code == 200
    answers = profile(applicant)["answer"]
    assert "gender" not in answers and "gender_desc" not in answers and answers["first_name"] == "Mei"


def test_false_is_kept_and_an_empty_map_changes_nothing(applicant):
    applicant.put("/api/answer", json={"race_asian": True})
    applicant.put("/api/answer", json={"race_asian": False})
    assert applicant.put("/api/answer", json={}).status_code == 200
    assert profile(applicant)["answer"] == {"race_asian": False}


@pytest.mark.parametrize(
    "bad, reason",
    [
        ({"favourite_colour": "blue"}, "This is not a question of this form."),
        ({"legacy_9_name": "x"}, "This is not a question of this form."),
        ({"first_name": "x" * 46}, "The answer is longer than 45 characters."),
        ({"gender_desc": "x" * 301}, "The answer is longer than 300 characters."),
        ({"first_name": 7}, "The answer must be text."),
        ({"first_name": None}, "The answer must be text."),
        ({"first_name": ["a"]}, "The answer must be text."),
        ({"first_name": {"a": 1}}, "The answer must be text."),
        ({"first_name": True}, "The answer must be text."),
        ({"race_asian": "yes"}, "The answer must be true or false."),
        ({"first_name": "a\x00b"}, "The answer contains characters that cannot be stored."),
        # One-line answers hold one line: a name cannot add a "Reference:" line to the staff e-mail.
        ({"first_name": "Mei\rReference: INTL-FAKE0000"}, "Please keep this answer on one line."),
        ({"first_name": "Mei\nBcc: thief@example.net"}, "Please keep this answer on one line."),
        ({"first_name": "Mei\u2028Reference: INTL-FAKE0000"}, "Please keep this answer on one line."),
        ({"city": "Toronto\u2029"}, "Please keep this answer on one line."),
        ({"parent_email_address": "anna@example.com\u0085Bcc: x@example.net"}, "Please keep this answer on one line."),
        ({"gender_desc": "Woman\nReference: X"}, "Please keep this answer on one line."),
    ],
)
def test_refused_answers_name_the_key_and_store_nothing(applicant, bad, reason):
    applicant.put("/api/answer", json={"last_name": "Chen"})
    response = applicant.put("/api/answer", json={"first_name": "Mei", **bad})
    assert response.status_code == 400
    key = next(iter(bad))
    assert response.json["errors"] == {key: [reason]}
    assert key in response.json["message"] and "Nothing was saved" in response.json["message"]
    assert profile(applicant)["answer"] == {"last_name": "Chen"}


def test_a_textarea_answer_keeps_its_lines(applicant):
    essay = "First paragraph.\n\nReference: X\r\nThird line\u2028fourth."
    assert applicant.put("/api/answer", json={"essay": essay}).status_code == 200
    assert profile(applicant)["answer"]["essay"] == essay


def test_essay_allows_its_own_longer_limit(applicant, compiled):
    limit = compiled.data_model["essay"]["max_length"]
    assert applicant.put("/api/answer", json={"essay": "w" * limit}).status_code == 200
    assert applicant.put("/api/answer", json={"essay": "w" * (limit + 1)}).status_code == 400


def test_lone_surrogate_is_refused_not_a_crash(applicant):
    body = '{"first_name": "\\ud800"}'
    response = applicant.put("/api/answer", data=body, content_type="application/json")
    assert response.status_code == 400 and response.json["message"]
    assert profile(applicant)["answer"] == {}


@pytest.mark.parametrize(
    "body, status",
    [
        ("{not json", 400),
        ("[1, 2]", 400),
        ('"text"', 400),
        ("null", 400),
        ("7", 400),
        ("[" * 100000 + "]" * 100000, 400),
    ],
)
def test_malformed_bodies(applicant, body, status):
    response = applicant.put("/api/answer", data=body, content_type="application/json")
    assert response.status_code == status, response.data
    assert response.json["message"]


def test_many_unknown_keys_are_reported_shortly(applicant):
    body = {f"nope_{i}_" + "k" * 300: "x" for i in range(500)}
    response = applicant.put("/api/answer", json=body)
    assert response.status_code == 400
    assert len(response.json["errors"]) == 50
    assert all(len(key) <= 83 for key in response.json["errors"])


def test_five_megabytes_is_413_json(applicant):
    response = applicant.put(
        "/api/answer", data=json.dumps({"essay": "x" * 5_000_000}), content_type="application/json"
    )
    assert response.status_code == 413
    assert response.is_json and response.json["message"]


def test_answers_need_json_and_same_origin(applicant):
    assert applicant.put("/api/answer", data="first_name=Mei").status_code == 415
    response = applicant.put("/api/answer", json={"first_name": "Mei"}, headers={"Origin": "https://evil.example"})
    assert response.status_code == 403
    assert profile(applicant)["answer"] == {}


@pytest.mark.parametrize(
    "method, path",
    [
        ("get", "/api/profile"),
        ("put", "/api/answer"),
        ("put", "/api/last-page"),
        ("post", "/api/web-status"),
        ("post", "/api/validations"),
        ("post", "/api/submit"),
        ("get", "/api/add-another"),
        ("put", "/api/add-another"),
        ("get", "/api/tabs"),
        ("put", "/api/tabs"),
    ],
)
def test_anonymous_visitors_get_401_everywhere(anonymous, method, path):
    response = getattr(anonymous, method)(path, json={} if method != "get" else None)
    assert response.status_code == 401
    assert response.json["message"] == "Your session is invalid. Please clear your cookies and login again."


def test_two_applicants_never_see_each_other(applicant, other):
    applicant.put("/api/answer", json={"first_name": "Ada"})
    other.put("/api/answer", json={"first_name": "Grace", "last_name": "Hopper"})
    applicant.put("/api/answer", json={"last_name": ""})
    assert profile(applicant)["answer"] == {"first_name": "Ada"}
    assert profile(applicant)["username"] == "ada@example.com"
    assert profile(other)["answer"] == {"first_name": "Grace", "last_name": "Hopper"}
    assert profile(other)["username"] == "grace@example.com"


def test_a_visitors_answers_carry_over_at_signup(app):
    import re

    from tests.api.applications.conftest import outbox_messages

    client = app.test_client()
    answers = {
        "first_name": "Mei",
        "race_asian": True,
        "citizenship_type": "1",
        "english_study_years": 4,
        "mailing_city": "shown only when the mailing address differs: dropped",
        "unknown_key": "dropped",
        "last_name": "x" * 99,
    }
    assert (
        client.post(
            "/public/signup", json={"username": "mei@example.com", "password": PASSWORD, "studentAnswers": answers}
        ).status_code
        == 201
    )
    code = re.search(r"code is: (\d{6})", outbox_messages(app, "mei@example.com")[-1].get_content()).group(1)
    client.post("/public/confirm", json={"username": "mei@example.com", "code": code})
    client.post("/public/login", json={"username": "mei@example.com", "password": PASSWORD})
    expected = {"first_name": "Mei", "race_asian": True, "citizenship_type": "1", "english_study_years": "4"}
    assert profile(client)["answer"] == expected
    assert profile(client)["answer"] == expected  # taken once
    second = make_applicant(app, "other@example.com")
    assert profile(second)["answer"] == {}


# --- the autosave checks the session inside its own statement: every session rule still holds ---


def _age_session(sql, **columns):
    import datetime as dt

    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    for column, minutes in columns.items():
        sql(f"UPDATE account_sessions SET {column} = :t", t=now - dt.timedelta(minutes=minutes))
    return now


@pytest.mark.parametrize(
    "column, minutes, message",
    [
        ("last_seen_at", 16, "You have been automatically logged out due to inactivity."),
        ("expires_at", 1, "Your session has expired. Please log in again."),
    ],
)
def test_a_save_on_an_idle_or_expired_session_is_401_with_its_reason_and_stores_nothing(
    applicant, sql, column, minutes, message
):
    assert applicant.put("/api/answer", json={"first_name": "Mei"}).status_code == 200
    _age_session(sql, **{column: minutes})
    response = applicant.put("/api/answer", json={"first_name": "May", "last_name": "Chen"})
    assert response.status_code == 401 and response.json["message"] == message
    assert any(
        h.startswith("formengine_session=;") and "Max-Age=0" in h for h in response.headers.getlist("Set-Cookie")
    )
    ((answers,),) = sql("SELECT answers FROM applications")
    answers = json.loads(answers) if isinstance(answers, str) else answers
    assert answers == {"first_name": "Mei"}


@pytest.mark.parametrize("app_overrides", [{"SESSION_TOUCH_S": 0}])
def test_a_save_renews_the_idle_timer(applicant, sql):
    import datetime as dt

    now = _age_session(sql, last_seen_at=14)
    response = applicant.put("/api/answer", json={"first_name": "Mei"})
    assert response.status_code == 200
    assert any("formengine-idp-session=1" in h and "Max-Age=900" in h for h in response.headers.getlist("Set-Cookie"))
    ((last_seen,),) = sql("SELECT last_seen_at FROM account_sessions")
    last_seen = dt.datetime.fromisoformat(last_seen) if isinstance(last_seen, str) else last_seen
    assert last_seen > now - dt.timedelta(minutes=1)


def test_an_unknown_session_is_401_before_the_body_is_judged(anonymous):
    anonymous.set_cookie("formengine_session", "not-a-session")
    for body in ({"first_name": "Mei"}, {"no_such_key": "x"}):
        response = anonymous.put("/api/answer", json=body)
        assert response.status_code == 401, body
        assert response.json["message"] == "Your session is invalid. Please clear your cookies and login again."
