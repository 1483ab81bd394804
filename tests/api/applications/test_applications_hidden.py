"""The server is the authority on what is hidden (issue: one set of rules, enforced by the server).

Each hiding rule at save (PUT /api/answer answers `cleared` and stores nothing hidden), at a tab
choice and an add-another count, at the validations call and at submit (a stale hidden answer
never blocks it and never reaches the submitted record or the staff print data). Runs on SQLite
and, with TEST_DATABASE_URL, on PostgreSQL (where a save that rules read takes the read-settle-
write path with its version check)."""

import json

import pytest


def save(client, answers: dict) -> list[str]:
    response = client.put("/api/answer", json=answers)
    assert response.status_code == 200, response.json
    assert response.json["message"] == "Your answers have been saved."
    return sorted(response.json["cleared"])


def stored(client) -> dict:
    return client.get("/api/profile").json["answer"]


# --- at save -----------------------------------------------------------------------------------


def test_a_mailing_address_saved_while_same_as_permanent_is_refused(applicant):
    save(applicant, {"mailing_addr_same_as_perm_addr": "Y"})
    cleared = save(
        applicant, {"first_name": "Mei", "mailing_address_line_1": "1 Bay Street", "mailing_city": "Toronto"}
    )
    assert cleared == ["mailing_address_line_1", "mailing_city"]
    assert stored(applicant) == {"mailing_addr_same_as_perm_addr": "Y", "first_name": "Mei"}


def test_hiding_a_section_clears_what_it_held_in_the_same_save(applicant):
    mailing = {
        "mailing_address_line_1": "1 Bay Street",
        "mailing_country": "CAN",
        "mailing_country_desc": "Canada",
        "mailing_state": "ON",
        "mailing_state_desc": "Ontario",
    }
    assert save(applicant, {"mailing_addr_same_as_perm_addr": "N", **mailing}) == []
    assert save(applicant, {"mailing_addr_same_as_perm_addr": "Y", "first_name": "Mei"}) == sorted(mailing)
    assert stored(applicant) == {"mailing_addr_same_as_perm_addr": "Y", "first_name": "Mei"}


def test_in_a_condition_group_only_the_first_true_branch_keeps_its_keys(applicant):
    save(applicant, {"citizenship_type": "4", "citizenship": "CAN", "citizenship_visa_type": "F1"})
    # a dual-citizenship country while another citizenship branch shows
    assert save(applicant, {"citizen_dual_country": "FRA", "citizen_dual_country_desc": "France"}) == [
        "citizen_dual_country",
        "citizen_dual_country_desc",
    ]
    cleared = save(applicant, {"citizenship_type": "2", "citizen_dual_country": "FRA"})
    assert cleared == ["citizenship", "citizenship_visa_type"]
    assert stored(applicant) == {"citizenship_type": "2", "citizen_dual_country": "FRA"}


def test_a_conditional_dropdown_goes_when_its_controller_changes_or_does_not_allow_it(applicant):
    save(applicant, {"country": "USA", "state": "IL", "state_desc": "Illinois", "zip": "62701"})
    assert save(applicant, {"country": "CAN", "country_desc": "Canada"}) == ["state", "state_desc"]
    assert save(applicant, {"state": "IL", "state_desc": "Illinois"}) == ["state", "state_desc"]  # not a province
    assert save(applicant, {"country": "USA", "state": "NY", "state_desc": "New York"}) == []  # set together
    assert stored(applicant)["state"] == "NY"
    assert save(applicant, {"country": "FRA"}) == ["state", "state_desc"]  # no list for France: hidden


def test_both_tabs_answers_at_once_keep_only_the_chosen_tab(applicant):
    assert save(applicant, {"essay": "My typed essay.", "essay_file": "ANSWERED"}) == ["essay_file"]
    assert stored(applicant) == {"essay": "My typed essay."}


def test_add_another_entries_beyond_the_count_are_dropped(applicant):
    assert save(applicant, {"hs_name": "North High", "hs_2_name": "South High"}) == ["hs_2_name"]
    applicant.put("/api/add-another", json={"button_id": "high_schools", "num_components": 2})
    assert save(applicant, {"hs_2_name": "South High", "hs_2_grad_month": "6", "hs_2_grad_month_desc": "June"}) == []
    response = applicant.put("/api/add-another", json={"button_id": "high_schools", "num_components": 1})
    assert response.status_code == 200
    assert sorted(response.json["cleared"]) == ["hs_2_grad_month", "hs_2_grad_month_desc", "hs_2_name"]
    assert stored(applicant) == {"hs_name": "North High"}


def test_a_cascade_clears_what_a_cleared_controller_showed(applicant):
    save(applicant, {"college_credits": "Y", "college_credit_other": True, "credit_other": "Summer school"})
    assert save(applicant, {"college_credits": "N"}) == ["college_credit_other", "credit_other"]


def test_a_tab_choice_clears_the_other_tab(applicant):
    save(applicant, {"essay": "My typed essay.", "first_name": "Mei"})
    response = applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "uploaded"})
    assert response.json["cleared"] == ["essay"]
    assert save(applicant, {"essay": "Typed again"}) == ["essay"]
    assert stored(applicant) == {"first_name": "Mei"}


def test_saves_of_other_applicants_are_untouched(applicant, other):
    save(other, {"mailing_addr_same_as_perm_addr": "N", "mailing_city": "Lyon"})
    save(applicant, {"mailing_addr_same_as_perm_addr": "Y", "mailing_city": "Toronto"})
    assert stored(other) == {"mailing_addr_same_as_perm_addr": "N", "mailing_city": "Lyon"}


def test_the_openapi_document_describes_cleared(client):
    spec = client.get("/api/openapi.json").json
    ok = spec["paths"]["/api/answer"]["put"]["responses"]["200"]["content"]["application/json"]["schema"]
    schema = spec["components"]["schemas"][ok["$ref"].rsplit("/", 1)[1]]
    assert set(schema["properties"]) == {"message", "cleared", "definition_version"}
    assert "hiding rules" in schema["properties"]["cleared"]["description"]


# --- validations and submit --------------------------------------------------------------------


def test_the_validations_call_keeps_no_error_of_a_hidden_question(applicant, sql):
    save(applicant, {"gender": "W", "gender_desc": "Woman"})
    errors = {"add_another_gender": ["Please add your gender."], "first_name": ["First Name (Given Name)"]}
    response = applicant.post("/api/validations", json={"errors": errors, "page": "/about"})
    assert response.status_code == 200
    (stored_errors,) = sql("SELECT validation_errors FROM applications")[0]
    stored_errors = json.loads(stored_errors) if isinstance(stored_errors, str) else stored_errors
    assert stored_errors["errors"] == {"first_name": ["First Name (Given Name)"]}


STALE = {
    # what a stale or buggy browser left behind, each hidden in the golden application:
    "mailing_addr_effective_date": "2031-02-30",  # a bad date in the hidden mailing section
    "mailing_city": "Toronto",
    "hs_2_name": "Second School",  # a second school beyond the count, without its completion month
    "citizen_dual_country": "FRA",  # another citizenship branch
    "citizen_dual_country_desc": "France",
    "add_another_gender": "Left over",  # a field whose condition is false
    "essay_file": "ANSWERED",  # the tab that is not chosen
}


def _stored_row(sql) -> dict:
    (answers,) = sql("SELECT answers FROM applications")[0]
    return json.loads(answers) if isinstance(answers, str) else answers


def test_stale_hidden_answers_never_block_submit_nor_reach_the_record(app, applicant, golden, on_golden_day, sql):
    save(applicant, golden["answers"])
    for button, count in golden["add_another"].items():
        applicant.put("/api/add-another", json={"button_id": button, "num_components": count})
    # Written past the API, as a stale record (or an earlier definition) would hold them.
    sql("UPDATE applications SET answers = :answers", answers=json.dumps({**_stored_row(sql), **STALE}))
    assert set(STALE) <= set(_stored_row(sql))

    response = applicant.post("/api/submit", json={})
    assert response.status_code == 200, response.json
    record = _stored_row(sql)
    assert not set(STALE) & set(record)
    assert record["first_name"] == golden["answers"]["first_name"]
    assert not set(STALE) & set(stored(applicant))

    with app.app_context():
        from engine.applications.access import create_service_token

        token = create_service_token("ada@example.com")[0]
    view = app.test_client().get("/service/tmp-pdf", query_string={"service_token": token}).json
    assert not set(STALE) & set(view["answer"])
    assert view["answer"]["first_name"] == golden["answers"]["first_name"]


@pytest.mark.parametrize(
    "stale, message",
    [
        (
            {"mailing_addr_same_as_perm_addr": "N", "mailing_addr_effective_date": "2031-02-30"},
            "Please enter a valid date.",
        ),
        ({"hs_2_name": "Second School"}, "School 2: Date of Completion"),
    ],
)
def test_the_same_answers_shown_do_block_submit(applicant, golden, on_golden_day, sql, stale, message):
    """The control: once the rules show them, the same answers are checked (hidden means absent,
    not unchecked)."""
    save(applicant, golden["answers"])
    applicant.put("/api/add-another", json={"button_id": "high_schools", "num_components": 2})
    sql("UPDATE applications SET answers = :answers", answers=json.dumps({**_stored_row(sql), **stale}))
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 422
    assert any(message in messages for messages in response.json["errors"].values()), response.json
