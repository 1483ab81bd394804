"""Last page, web status, validations and submit; everything is read-only afterwards."""

import datetime as dt
import json
import logging
import zoneinfo

import pytest

from tests.api.applications.conftest import outbox_messages


def receipts_to(app, username: str) -> list:
    return [m for m in outbox_messages(app, username) if m["X-Formengine-Template"] == "submission_receipt"]


def submit_valid(client, answers):
    assert client.put("/api/answer", json=answers).status_code == 200
    response = client.post("/api/submit", json={})
    assert response.status_code == 200, response.json
    return response


# --- last page ------------------------------------------------------------------------


def test_last_page_is_saved_and_shown(applicant, other):
    assert applicant.put("/api/last-page", json={"last_page": "/education"}).json == {
        "message": "Your place has been saved."
    }
    assert applicant.get("/api/profile").json["last_page"] == "/education"
    assert other.get("/api/profile").json["last_page"] is None


@pytest.mark.parametrize(
    "body",
    [
        {"last_page": "/nowhere"},
        {"last_page": ""},
        {"last_page": 3},
        {},
        {"last_page": "/about" * 100},
        {"last_page": None},
    ],
)
def test_last_page_refusals(applicant, body):
    response = applicant.put("/api/last-page", json=body)
    assert response.status_code == 400 and "last_page" in response.json["errors"]
    assert applicant.get("/api/profile").json["last_page"] is None


# --- web status -----------------------------------------------------------------------


def test_web_statuses_append_and_derive(applicant, other):
    response = applicant.post("/api/web-status", json={"web_status": "started"})
    assert response.json == {"message": "Status saved.", "status": "started", "web_status": [{"web_status": "started"}]}
    applicant.post("/api/web-status", json={"web_status": "started"})
    response = applicant.post("/api/web-status", json={"web_status": "validating"})
    assert response.json["status"] == "validating"
    assert applicant.get("/api/profile").json["web_status"] == [
        {"web_status": "started"},
        {"web_status": "started"},
        {"web_status": "validating"},
    ]
    assert other.get("/api/profile").json["web_status"] == []


@pytest.mark.parametrize(
    "body", [{"web_status": "done"}, {"web_status": ""}, {"web_status": 1}, {}, {"web_status": "STARTED"}]
)
def test_unknown_statuses_are_refused(applicant, body):
    response = applicant.post("/api/web-status", json=body)
    assert response.status_code == 400 and "web_status" in response.json["errors"]
    assert applicant.get("/api/profile").json["web_status"] == []


def test_submitted_cannot_be_posted_before_the_submission(applicant):
    response = applicant.post("/api/web-status", json={"web_status": "submitted"})
    assert response.status_code == 409
    assert applicant.get("/api/profile").json["web_status"] == []


def test_web_status_history_is_bounded(applicant, sql):
    for _ in range(105):
        applicant.post("/api/web-status", json={"web_status": "started"})
    assert sql("SELECT count(*) FROM web_status_events")[0][0] == 100
    assert applicant.post("/api/web-status", json={"web_status": "validating"}).json["status"] == "validating"


# --- validations ----------------------------------------------------------------------


def test_validations_are_stored_per_application(applicant, other, sql):
    errors = {"first_name": ["First Name (Given Name)"], "birth_date": ["Date of Birth"]}
    response = applicant.post("/api/validations", json={"errors": errors, "page": "/about"})
    assert response.json == {"message": "Validation results saved."}
    other.post("/api/validations", json={"errors": {}})
    rows = sql(
        "SELECT a.username, p.validation_errors FROM applications p JOIN accounts a ON a.id = p.account_id "
        "ORDER BY a.username"
    )
    import json

    stored = {username: value if isinstance(value, dict) else json.loads(value) for username, value in rows}
    assert stored["ada@example.com"] == {"page": "/about", "errors": errors}
    assert stored["grace@example.com"] == {"page": None, "errors": {}}


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"errors": []},
        {"errors": {"k": "not a list"}},
        {"errors": {"k": [1]}},
        {"errors": {f"k{i}": ["m"] for i in range(1001)}},
        {"errors": {"k": ["m"] * 21}},
        {"errors": {"k" * 201: ["m"]}},
        {"errors": {"k": ["m" * 1001]}},
        {"errors": {}, "page": 4},
    ],
)
def test_validations_refusals(applicant, body, sql):
    response = applicant.post("/api/validations", json=body)
    assert response.status_code == 400, response.json
    assert response.json["message"]
    assert sql("SELECT count(*) FROM applications WHERE validated_at IS NOT NULL")[0][0] == 0


# --- submit ---------------------------------------------------------------------------


def test_submit_with_errors_is_422_with_the_error_map(applicant, sql):
    applicant.put("/api/answer", json={"first_name": "Mei"})
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 422
    errors = response.json["errors"]
    assert errors["last_name"] == ["Last Name (Surname)"] and "first_name" not in errors
    assert response.json["message"]
    assert sql("SELECT submitted_at FROM applications")[0][0] is None


def test_the_client_cannot_skip_validation(applicant, on_golden_day):
    answers = {**on_golden_day, "legal_agree": False}
    applicant.put("/api/answer", json=answers)
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 422 and "legal_agree" in response.json["errors"]


def test_submit_records_sends_a_receipt_and_queues_the_pdf(app, applicant, other, on_golden_day, caplog):
    caplog.set_level(logging.INFO)
    response = submit_valid(applicant, on_golden_day)
    assert response.json["message"] == "Your application was successfully submitted."
    assert response.json["submitted_at"].endswith("Z")
    receipts = receipts_to(app, "ada@example.com")
    assert len(receipts) == 1
    # The receipt says when as the PDF does: in the tenant's time zone (Central), then in UTC.
    moment = dt.datetime.fromisoformat(response.json["submitted_at"].replace("Z", "+00:00"))
    local = moment.astimezone(zoneinfo.ZoneInfo("America/Chicago"))
    chicago = f"{local:%B} {local.day}, {local.year} at {local:%-I:%M %p} {local.tzname()}"
    utc = f"{moment:%B} {moment.day}, {moment.year} at {moment:%-I:%M %p} UTC"
    assert f"submitted on {chicago} ({utc})." in " ".join(receipts[0].get_content().split())
    # No Redis configured in these tests: the submission stands, its PDF job waits in the outbox
    # (engine/outbox.py) and the log says why.
    assert "engine.pdf.jobs.render_application_pdf job" in caplog.text and "stays in the outbox" in caplog.text
    with app.extensions["db_engine"].connect() as conn:
        waiting = conn.exec_driver_sql("SELECT func, args FROM job_outbox WHERE dispatched_at IS NULL").all()
    assert waiting == [("engine.pdf.jobs.render_application_pdf", "[1]")]
    profile = applicant.get("/api/profile").json
    assert {entry["web_status"] for entry in profile["web_status"]} == {"started", "validating", "submitted"}
    assert applicant.post("/api/web-status", json={"web_status": "submitted"}).json["status"] == "submitted"
    assert other.get("/api/profile").json["web_status"] == []
    assert other.post("/api/submit", json={}).status_code == 422


def test_the_receipt_says_when_in_the_applicants_language(app, applicant, on_golden_day):
    """An applicant reading Spanish gets the receipt's date in Spanish (CLDR's long style), still
    in the tenant's time zone."""
    applicant.set_cookie("lang", "es")
    response = submit_valid(applicant, on_golden_day)
    moment = dt.datetime.fromisoformat(response.json["submitted_at"].replace("Z", "+00:00"))
    local = moment.astimezone(zoneinfo.ZoneInfo("America/Chicago"))
    months = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()
    body = " ".join(receipts_to(app, "ada@example.com")[0].get_content().split())
    assert f"{local.day} de {months[local.month - 1]} de {local.year}" in body, body
    assert f"{local:%B}" not in body


def test_a_repeated_submit_changes_nothing(app, applicant, on_golden_day, sql):
    first = submit_valid(applicant, on_golden_day).json
    before = sql("SELECT submitted_at, version FROM applications")
    second = applicant.post("/api/submit", json={})
    assert second.status_code == 200 and second.json == first
    assert sql("SELECT submitted_at, version FROM applications") == before
    receipts = receipts_to(app, "ada@example.com")
    assert len(receipts) == 1


@pytest.mark.parametrize(
    "method, path, body",
    [
        ("put", "/api/answer", {"first_name": "Changed"}),
        ("put", "/api/answer", {}),
        ("put", "/api/last-page", {"last_page": "/education"}),
        ("put", "/api/add-another", {"button_id": "legacy", "num_components": 2}),
        ("put", "/api/tabs", {"tab_id": "essay_mode", "chosen_tab": "uploaded"}),
        ("post", "/api/validations", {"errors": {}}),
    ],
)
def test_after_submission_every_write_is_409_and_reads_work(applicant, on_golden_day, method, path, body, sql):
    submit_valid(applicant, on_golden_day)
    before = sql("SELECT answers, last_page, add_another, tabs, version FROM applications")
    response = getattr(applicant, method)(path, json=body)
    assert response.status_code == 409
    assert response.json == {"message": "Your application has already been submitted and can no longer be changed."}
    assert sql("SELECT answers, last_page, add_another, tabs, version FROM applications") == before
    assert applicant.get("/api/profile").json["answer"]["first_name"] == on_golden_day["first_name"]
    assert applicant.get("/api/add-another").status_code == 200
    assert applicant.get("/api/tabs").status_code == 200


def test_submit_queues_the_pdf_job_on_a_real_redis(app, applicant, on_golden_day, redis_url):
    import uuid

    from engine.jobs import get_queue

    queue_name = f"test-{uuid.uuid4().hex[:12]}"
    app.config.update(REDIS_URL=redis_url, APPLICATION_PDF_QUEUE=queue_name)
    queue = get_queue(queue_name, redis_url)
    try:
        submit_valid(applicant, on_golden_day)
        jobs = queue.get_jobs()
        assert [job.func_name for job in jobs] == ["engine.pdf.jobs.render_application_pdf"]
        with app.extensions["db_engine"].connect() as conn:
            application_id = conn.exec_driver_sql("SELECT id FROM applications").scalar()
        assert jobs[0].args == [application_id]
        applicant.post("/api/submit", json={})
        assert len(queue.get_jobs()) == 1
    finally:
        queue.delete(delete_jobs=True)


def test_a_client_cannot_claim_an_uploaded_file(applicant, on_golden_day):
    """The documents domain decides whether a file question is answered, not the answer map."""
    from engine.applications import hooks

    if not hooks.has_documents_domain():
        pytest.skip("the documents domain is not installed")
    answers = {**on_golden_day, "essay": "", "essay_file": "ANSWERED"}
    applicant.put("/api/answer", json=answers)
    applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "uploaded"})
    applicant.put("/api/answer", json={"essay_file": "ANSWERED"})
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 422 and "essay_file" in response.json["errors"]


def test_empty_add_another_entries_are_left_out_of_the_submission(applicant, on_golden_day, sql):
    assert applicant.put("/api/add-another", json={"button_id": "legacy", "num_components": 3}).status_code == 200
    entries = {"legacy_name": "Grace Hopper", "legacy_2_name": "", "legacy_3_name": "Alan Turing"}
    submit_valid(applicant, {**on_golden_day, **entries})
    answer = applicant.get("/api/profile").json["answer"]
    assert answer["legacy_name"] == "Grace Hopper" and answer["legacy_2_name"] == "Alan Turing"
    assert "legacy_3_name" not in answer
    assert applicant.get("/api/add-another").json["legacy"] == 2


def test_a_half_filled_later_entry_blocks_the_submit_naming_the_entry_and_the_field(applicant, on_golden_day):
    """A second school holding only a city: 422 whose errors name entry 2 and its missing question;
    nothing is submitted. Completed, it goes through; entry 1's message stays the tenant's own."""
    assert applicant.put("/api/add-another", json={"button_id": "high_schools", "num_components": 2}).status_code == 200
    assert applicant.put("/api/answer", json={**on_golden_day, "hs_2_city": "Toronto"}).status_code == 200
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 422
    assert response.json["message"] and response.json["errors"] == {"hs_2_name": ["School 2: Search for Your School"]}
    assert applicant.get("/api/profile").json["submitted_at"] is None
    second = {"hs_2_name": "Lycee Francais de Toronto", "hs_2_grad_month": "6", "hs_2_grad_year": "2023"}
    assert applicant.put("/api/answer", json={**second, "hs_name": ""}).status_code == 200
    assert applicant.post("/api/submit", json={}).json["errors"] == {"hs_name": ["Search for Your School"]}
    submit_valid(applicant, {"hs_name": on_golden_day["hs_name"]})
    answer = applicant.get("/api/profile").json["answer"]
    assert answer["hs_2_name"] == "Lycee Francais de Toronto" and answer["hs_2_city"] == "Toronto"


def test_a_draft_keeps_a_started_later_entry_and_an_empty_one_adds_nothing(applicant, on_golden_day, sql):
    """At save a draft may be incomplete: the started entry is stored as typed, nothing is stored for
    the empty one (only the count the applicant chose), and neither blocks a save. At submit the
    empty entry is left out and the started one, completed, moves up into its place."""
    for button, count in (("high_schools", 3), ("activities", 2)):
        assert applicant.put("/api/add-another", json={"button_id": button, "num_components": count}).status_code == 200
    saved = applicant.put("/api/answer", json={**on_golden_day, "hs_3_city": "Lyon", "hs_2_name": ""})
    assert saved.status_code == 200 and saved.json["cleared"] == []
    (row,) = sql("SELECT answers FROM applications")
    stored = json.loads(row[0]) if isinstance(row[0], str) else row[0]
    assert stored["hs_3_city"] == "Lyon" and not any(key.startswith("hs_2_") for key in stored)
    assert applicant.post("/api/submit", json={}).json["errors"] == {"hs_3_name": ["School 3: Search for Your School"]}
    submit_valid(applicant, {"hs_3_name": "Lycee du Parc", "hs_3_grad_month": "ANSWERED"})
    answer = applicant.get("/api/profile").json["answer"]
    assert answer["hs_2_name"] == "Lycee du Parc" and answer["hs_2_city"] == "Lyon"
    assert not any(key.startswith("hs_3_") for key in answer)
    assert applicant.get("/api/add-another").json["high_schools"] == 2
