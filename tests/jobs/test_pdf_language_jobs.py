"""A form in several languages: the applicant who submits in French gets the French receipt and a
French PDF (its text read back), and the application records the language; an English submission
of the same form stays English."""

import datetime as dt
import re
from pathlib import Path

import pytest

from tests.applicants import make_applicant, outbox_messages
from tests.pdf_text import text_of

pytestmark = [pytest.mark.redis, pytest.mark.slow]
SCHOLARSHIP = Path(__file__).resolve().parents[2] / "tenants" / "example_scholarship"
ANSWERS = {
    "applicant_given_name": "Camille",
    "applicant_family_name": "Durand",
    "applicant_email": "camille.durand@example.net",
    "applicant_phone": "+33 1 23 45 67 89",
    "applicant_dob": "2004-09-01",
    "study_level": "undergraduate",
    "institution_name": "Université de Riverton",
    "gpa": "3.82",
    "award_year": str(dt.date.today().year),
    "dependents_count": "0",
    "referee_full_name": "Dr. Ada Okafor",
    "referee_contact_email": "a.okafor@riverton.example.edu",
    "amount_requested": 2500,
    "personal_statement": "Je serai la première de ma famille à finir un diplôme.",
    "consent_terms": True,
}


@pytest.fixture
def app_overrides(app_overrides):
    return {**app_overrides, "TENANT_PATH": str(SCHOLARSHIP)}


def _submit(applicant) -> None:
    assert applicant.put("/api/answer", json=ANSWERS).status_code == 200
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 200, response.json


def _pdf_text(applicant, burst_worker, storage_backend) -> str:
    from tests.jobs.test_pdf_jobs import download

    burst_worker()
    body = applicant.get("/api/pdf").json
    assert body["status"] == "completed", body
    return text_of(download(applicant, body["url"]))


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_french_submission_gets_a_french_receipt_and_pdf(app, burst_worker, storage_backend, sql_rows):
    applicant = make_applicant(app, "camille@example.com")
    applicant.get("/public/form?lang=fr")  # the switch: kept in the cookie for what follows
    assert applicant.put("/api/answer", json={**ANSWERS, "referee_full_name": ""}).status_code == 200
    refused = applicant.post("/api/submit", json={}).json
    assert refused["errors"]["referee_full_name"] == ["Nom de la personne de référence"]  # the server's, in French
    _submit(applicant)
    receipt = outbox_messages(app, "camille@example.com")[-1]
    assert receipt["Subject"].strip() == (
        "Nous avons reçu votre candidature : Demande de bourse au mérite de la Fondation Exemple"
    )
    assert "Votre référence est SCHOL-" in receipt.get_content()
    assert sql_rows("SELECT language FROM applications") == [("fr",)]
    text = _pdf_text(applicant, burst_worker, storage_backend)
    for french in ("Prénom Camille", "[X] Licence (premier cycle)", "2. Demande et motivation", "Page 1 sur 1"):
        assert french in text, french
    assert "Montant demandé 2 500 $US" in text  # French money (its no-break spaces folded by text_of)
    assert re.search(r"Version du formulaire [0-9a-f]{32} ", text)  # the version's id, whatever the language
    assert "Given Name" not in text and "Level of Study" not in text


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_an_english_submission_of_the_same_form_stays_english(app, burst_worker, storage_backend, sql_rows):
    applicant = make_applicant(app, "ada@example.com")
    _submit(applicant)
    assert outbox_messages(app, "ada@example.com")[-1]["Subject"].strip().startswith("We have received")
    assert "Amount Requested $2,500" in _pdf_text(applicant, burst_worker, storage_backend)
    assert sql_rows("SELECT language FROM applications") == [("en",)]
    text = _pdf_text(applicant, burst_worker, storage_backend)
    assert "Given Name Camille" in text and "Prénom" not in text


@pytest.fixture
def sql_rows(app):
    from sqlalchemy import text

    def run(statement: str):
        with app.extensions["db_engine"].begin() as connection:
            return [tuple(row) for row in connection.execute(text(statement)).fetchall()]

    return run
