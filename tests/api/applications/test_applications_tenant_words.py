"""What the applications API answers an applicant (and a service link) with is in the served
tenant's words: its `texts:` over the engine's catalogue, placeholders filled in."""

from pathlib import Path

import pytest

from tests.tenant_edits import copy_tenant, edit

TEXTS = {
    "application_answers_saved": "Réponses enregistrées.",
    "application_answers_invalid": "Réponses refusées : {keys}. Rien n'a été enregistré.",
    "application_unknown_key": "Question inconnue.",
    "application_answer_not_text": "Il faut du texte.",
    "application_answer_not_boolean": "Oui ou non.",
    "application_answer_too_long": "Au plus {limit} caractères.",
    "application_answer_bad_characters": "Caractères impossibles à enregistrer.",
    "application_place_saved": "Page enregistrée.",
    "application_status_saved": "Statut enregistré.",
    "application_not_submitted": "Envoyez d'abord votre dossier.",
    "application_validations_saved": "Contrôles enregistrés.",
    "application_entries_saved": "Enregistré.",
    "application_tab_saved": "Onglet enregistré.",
    "service_link_invalid": "Lien de service invalide.",
}


@pytest.fixture
def app_overrides(tmp_path):
    tenant = copy_tenant(tmp_path)
    lines = "".join(f'  {name}: "{text}"\n' for name, text in TEXTS.items())
    edit(tenant, "\ntexts:\n", f"\ntexts:\n{lines}", Path("tenant.yaml"))
    return {"TENANT_PATH": str(tenant)}


def test_the_saved_answers_and_places_are_the_tenants_words(applicant):
    assert applicant.put("/api/answer", json={"first_name": "Mei"}).json["message"] == "Réponses enregistrées."
    assert applicant.put("/api/last-page", json={"last_page": "/about"}).json["message"] == "Page enregistrée."
    assert applicant.post("/api/web-status", json={"web_status": "started"}).json["message"] == "Statut enregistré."
    refused = applicant.post("/api/web-status", json={"web_status": "submitted"})
    assert (refused.status_code, refused.json["message"]) == (409, "Envoyez d'abord votre dossier.")
    response = applicant.post("/api/validations", json={"errors": {}})
    assert response.json["message"] == "Contrôles enregistrés."
    response = applicant.put("/api/add-another", json={"button_id": "legacy", "num_components": 2})
    assert response.json["message"] == "Enregistré."
    response = applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "uploaded"})
    assert response.json["message"] == "Onglet enregistré."


@pytest.mark.parametrize(
    "bad, reason",
    [
        ({"favourite_colour": "blue"}, "Question inconnue."),
        ({"first_name": "x" * 46}, "Au plus 45 caractères."),
        ({"first_name": 7}, "Il faut du texte."),
        ({"race_asian": "yes"}, "Oui ou non."),
        ({"first_name": "a\x00b"}, "Caractères impossibles à enregistrer."),
    ],
)
def test_a_refused_answer_is_the_tenants_words(applicant, bad, reason):
    response = applicant.put("/api/answer", json={"first_name": "Mei", **bad})
    key = next(iter(bad))
    assert response.status_code == 400 and response.json["errors"] == {key: [reason]}
    assert response.json["message"] == f"Réponses refusées : {key}. Rien n'a été enregistré."


def test_a_dead_service_link_is_the_tenants_words(anonymous):
    response = anonymous.get("/service/tmp-pdf", query_string={"service_token": "nope"})
    assert (response.status_code, response.json["message"]) == (401, "Lien de service invalide.")
