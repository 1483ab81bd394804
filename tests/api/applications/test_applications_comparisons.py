"""A rule comparing two answers on the server (example_scholarship: the expected completion date on
or after the course start date): a submit that breaks it is refused with the error on the compared
question, in the applicant's language, naming the other question; without a start date it does
not apply."""

import datetime as dt
import json
from pathlib import Path

import pytest

from engine.applications import current
from tests.applicants import make_applicant

ROOT = Path(__file__).resolve().parents[3]
BASE = json.loads((ROOT / "tests" / "golden" / "example_scholarship" / "base.json").read_text())
ENGLISH = "Your expected completion date must be on or after the Course Start Date."
FRENCH = "La date de fin prévue doit être égale ou postérieure à la « Date de début des études »."


@pytest.fixture
def app_overrides():
    return {"TENANT_PATH": str(ROOT / "tenants" / "example_scholarship")}


@pytest.fixture
def ada(app, monkeypatch):
    """An applicant, with the server's clock inside the tenant's window (the golden answers' day for
    the date rules)."""
    monkeypatch.setattr(current, "now", lambda: dt.datetime(2026, 3, 2, 18, 0))
    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(BASE["today"]))
    return make_applicant(app, "ada@example.com")


ANSWERS = {key: value for key, value in BASE["answers"].items() if key != "transcript"}  # no upload here


def _submit(client, answers: dict):
    assert client.put("/api/answer", json=answers).status_code == 200
    return client.post("/api/submit", json={})


def test_a_completion_before_the_start_is_refused_naming_the_start(ada):
    refused = _submit(ada, {**ANSWERS, "course_start": "2025-09-01", "course_end": "2025-08-31"})
    assert (refused.status_code, refused.json["errors"]) == (422, {"course_end": [ENGLISH]})
    assert _submit(ada, {"course_end": "2025-09-01"}).status_code == 200


def test_without_a_start_date_the_comparison_does_not_apply(ada):
    assert _submit(ada, {**ANSWERS, "course_end": "2020-01-01"}).status_code == 200


def test_the_refusal_is_in_the_applicants_language(ada):
    ada.get("/public/form?lang=fr")  # the cookie keeps the choice
    refused = _submit(ada, {**ANSWERS, "course_start": "2025-09-01", "course_end": "2025-08-31"})
    assert (refused.status_code, refused.json["errors"]) == (422, {"course_end": [FRENCH]})
