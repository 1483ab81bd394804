"""Two logged-in applicants, a real Redis for the conversion queue, helpers for the
presigned upload journey, and the hostile corpus (tests/unit/documents/corpus.py)."""

import sys
from pathlib import Path

import pytest

for folder in (str(Path(__file__).resolve().parents[2] / "unit" / "documents"), str(Path(__file__).resolve().parent)):
    if folder not in sys.path:
        sys.path.insert(0, folder)

from tests.applicants import make_applicant  # noqa: E402


@pytest.fixture
def app_overrides(redis_url, queue_name):
    return {"REDIS_URL": redis_url, "DOCUMENT_QUEUE": queue_name, "APPLICATION_PDF_QUEUE": f"{queue_name}-pdf"}


def uploading_applicant(app, username):
    """An applicant who chose to upload the essay: its file question shows (a hidden one takes no file)."""
    client = make_applicant(app, username)
    response = client.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "uploaded"})
    assert response.status_code == 200, response.json
    return client


@pytest.fixture
def applicant(app):
    return uploading_applicant(app, "ada@example.com")


@pytest.fixture
def other(app):
    return uploading_applicant(app, "grace@example.com")
