"""A number question's answer goes out as a number: saved as a JSON number through the API,
submitted, then exported as a CSV value (no text quote) and as a JSON number."""

import csv
import json
from pathlib import Path

import pytest

from tests.applicants import make_applicant

SCHOLARSHIP = Path(__file__).resolve().parents[3] / "tenants" / "example_scholarship"
ANSWERS = {
    "applicant_given_name": "Tomas",
    "applicant_family_name": "Rivera",
    "applicant_email": "tomas.rivera@example.net",
    "applicant_phone": "+52 55 1234 5678",
    "applicant_dob": "2004-09-01",
    "study_level": "secondary",
    "institution_name": "Riverton High",
    "referee_full_name": "Dr. Ada Okafor",
    "referee_contact_email": "a.okafor@riverton.example.edu",
    "personal_statement": "I will study river ecology.",
    "consent_terms": True,
}


@pytest.fixture
def app_overrides(app_overrides):
    return {**app_overrides, "TENANT_PATH": str(SCHOLARSHIP)}


def _submitted(app, amount) -> None:
    applicant = make_applicant(app, "tomas@example.com")
    form = applicant.get("/public/form").json
    year = next(option["value"] for option in form["options"]["award_years"]["options"] if option["value"])
    saved = applicant.put("/api/answer", json={**ANSWERS, "award_year": year, "amount_requested": amount})
    assert saved.status_code == 200, saved.json
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 200, response.json


def test_a_number_is_exported_as_a_number_in_csv_and_json(app, export):
    _submitted(app, 2550)
    result, path = export("csv")
    assert result.exit_code == 0, result.output
    with open(path, encoding="utf-8-sig", newline="") as handle:
        header, row = list(csv.reader(handle))
    assert row[header.index("amount_requested")] == "2550"  # a value, not '2550 or "$2,550"
    result, path = export("json")
    assert result.exit_code == 0, result.output
    (item,) = json.loads(path.read_text())
    assert item["answers"]["amount_requested"] == 2550 and isinstance(item["answers"]["amount_requested"], int)


def test_text_in_a_number_question_is_kept_in_the_draft_and_refused_at_submit(app):
    applicant = make_applicant(app, "tomas@example.com")
    assert applicant.put("/api/answer", json={**ANSWERS, "amount_requested": "12abc"}).status_code == 200
    assert applicant.get("/api/profile").json["answer"]["amount_requested"] == "12abc"
    refused = applicant.post("/api/submit", json={})
    assert refused.status_code == 422
    assert refused.json["errors"]["amount_requested"] == ["Please enter a number."]


@pytest.mark.parametrize("amount", [2**53, 1e300, True])
def test_a_number_too_large_to_read_alike_everywhere_is_not_stored(app, amount):
    applicant = make_applicant(app, "tomas@example.com")
    response = applicant.put("/api/answer", json={"amount_requested": amount})
    assert response.status_code == 400
    assert response.json["message"].startswith("Some answers could not be saved")
