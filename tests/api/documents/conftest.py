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


@pytest.fixture
def applicant(app):
    return make_applicant(app, "ada@example.com")


@pytest.fixture
def other(app):
    return make_applicant(app, "grace@example.com")
