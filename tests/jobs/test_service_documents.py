"""The staff print view opens each converted document: a link scoped to the service token (it
works while the token lives) that hands out a fresh short-lived download, on local and S3 storage."""

import io
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from journey import FILE_KEY, poll, upload
from pypdf import PdfReader
from sqlalchemy import text

import corpus
from tests.applicants import make_applicant

pytestmark = [pytest.mark.redis, pytest.mark.slow]


def service_token(app, username: str) -> str:
    from engine.applications.access import create_service_token

    with app.app_context():
        _, url, _ = create_service_token(username)
    return parse_qs(urlsplit(url).query)["service_token"][0]


def download(app, url: str) -> bytes:
    parts = urlsplit(url)
    if parts.path == "/api/storage/download":  # local backend: the app itself answers
        response = app.test_client().get(f"{parts.path}?{parts.query}")
        assert response.status_code == 200, response.json
        return response.data
    response = requests.get(url, timeout=30)
    assert response.status_code == 200, response.text
    return response.content


def test_the_print_view_links_open_the_converted_documents(app, applicant, burst_worker):
    file_key = upload(applicant, corpus.png(), "My Essay.png")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "My Essay.png"})
    burst_worker()
    assert poll(applicant)["status"] == "completed"
    token = service_token(app, "ada@example.com")
    staff = app.test_client()

    view = staff.get("/service/tmp-pdf", query_string={"service_token": token}).json
    link = view["document_links"][FILE_KEY]
    assert link == f"/service/document/{FILE_KEY}?service_token={token}"
    response = staff.get(link)
    assert response.status_code == 302 and response.headers["Cache-Control"] == "no-store"
    location = response.headers["Location"]
    assert "My%20Essay.pdf" in location or "My+Essay.pdf" in location
    assert len(PdfReader(io.BytesIO(download(app, location))).pages) == 1

    # A question without a document, another applicant's token, and an expired token open nothing.
    assert staff.get(f"/service/document/essay?service_token={token}").status_code == 404
    make_applicant(app, "grace@example.com")
    other_token = service_token(app, "grace@example.com")
    assert staff.get(f"/service/document/{FILE_KEY}?service_token={other_token}").status_code == 404
    with app.extensions["db_engine"].begin() as conn:
        conn.execute(text("UPDATE service_tokens SET expires_at = created_at"))
    response = staff.get(link)
    assert response.status_code == 401
    assert response.json == {"message": "This service link is invalid, has expired or was revoked."}
