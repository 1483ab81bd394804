"""PUT/GET /api/add-another and /api/tabs."""

import pytest


def test_add_another_counts_default_to_one(applicant, compiled):
    response = applicant.get("/api/add-another")
    assert response.status_code == 200
    assert response.json == dict.fromkeys(compiled.data["add_another"], 1)


def test_add_another_saves_a_count_per_applicant(applicant, other):
    response = applicant.put("/api/add-another", json={"button_id": "legacy", "num_components": 5})
    assert response.json == {"message": "Saved.", "button_id": "legacy", "num_components": 5, "cleared": []}
    applicant.put("/api/add-another", json={"button_id": "colleges", "num_components": 2})
    counts = applicant.get("/api/add-another").json
    assert counts["legacy"] == 5 and counts["colleges"] == 2 and counts["relatives"] == 1
    assert other.get("/api/add-another").json["legacy"] == 1


@pytest.mark.parametrize(
    "body, field",
    [
        ({"button_id": "nope", "num_components": 2}, "button_id"),
        ({"button_id": "legacy", "num_components": 6}, "num_components"),  # legacy's maximum is 5
        ({"button_id": "legacy", "num_components": 0}, "num_components"),
        ({"button_id": "legacy", "num_components": -1}, "num_components"),
        ({"button_id": "legacy", "num_components": 10**30}, "num_components"),
        ({"button_id": "legacy", "num_components": 2.5}, "num_components"),
        ({"button_id": "legacy", "num_components": "2"}, "num_components"),
        ({"button_id": "legacy", "num_components": True}, "num_components"),
        ({"button_id": "legacy"}, "num_components"),
        ({"num_components": 2}, "button_id"),
        ({"button_id": 3, "num_components": 2}, "button_id"),
    ],
)
def test_add_another_refusals(applicant, body, field):
    response = applicant.put("/api/add-another", json=body)
    assert response.status_code == 400, response.json
    assert field in response.json["errors"]
    assert applicant.get("/api/add-another").json["legacy"] == 1


def test_tabs_default_and_choice(applicant, other):
    assert applicant.get("/api/tabs").json == {"essay_mode": "typed"}
    response = applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "uploaded"})
    assert response.json == {"message": "Tab choice saved.", "cleared": []}  # nothing was typed yet
    assert applicant.get("/api/tabs").json == {"essay_mode": "uploaded"}
    assert other.get("/api/tabs").json == {"essay_mode": "typed"}


def test_choosing_a_tab_clears_the_other_tabs_answers_only(applicant, other):
    applicant.put("/api/answer", json={"essay": "My essay", "first_name": "Mei"})
    other.put("/api/answer", json={"essay": "Grace's essay"})
    response = applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "uploaded"})
    assert response.json["cleared"] == ["essay"]
    applicant.put("/api/answer", json={"essay_file": "ANSWERED"})
    assert applicant.get("/api/profile").json["answer"] == {"first_name": "Mei", "essay_file": "ANSWERED"}
    response = applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "typed"})
    assert response.json["cleared"] == ["essay_file"]
    assert applicant.get("/api/profile").json["answer"] == {"first_name": "Mei"}
    assert other.get("/api/profile").json["answer"] == {"essay": "Grace's essay"}


def test_choosing_a_tab_removes_its_documents(applicant, monkeypatch):
    from engine.applications import hooks

    removed = []
    monkeypatch.setattr(hooks, "remove_documents", lambda application_id, keys: removed.append(keys))
    applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "typed"})
    assert removed == [["essay_file"]]


@pytest.mark.parametrize(
    "body, field",
    [
        ({"tab_id": "nope", "chosen_tab": "typed"}, "tab_id"),
        ({"tab_id": "essay_mode", "chosen_tab": "nope"}, "chosen_tab"),
        ({"tab_id": "essay_mode"}, "chosen_tab"),
        ({"tab_id": ["essay_mode"], "chosen_tab": "typed"}, "tab_id"),
        ({"tab_id": "essay_mode", "chosen_tab": None}, "chosen_tab"),
    ],
)
def test_tab_refusals_store_and_clear_nothing(applicant, body, field):
    applicant.put("/api/answer", json={"essay": "My essay"})
    response = applicant.put("/api/tabs", json=body)
    assert response.status_code == 400 and field in response.json["errors"]
    assert applicant.get("/api/tabs").json == {"essay_mode": "typed"}
    assert applicant.get("/api/profile").json["answer"] == {"essay": "My essay"}
