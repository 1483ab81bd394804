"""GET /api/pdf with a real worker: queued, rendered, served by a short-lived signed URL,
re-rendered when the answers change; the converted document is appended."""

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests
from journey import FILE_KEY, poll, upload

import corpus
from tests.pdf_text import pdftotext, text_of

pytestmark = [pytest.mark.redis, pytest.mark.slow]
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "intl_undergrad" / "base.json"


def download(client, url: str) -> bytes:
    parts = urlsplit(url)
    if parts.path == "/api/storage/download":
        response = client.get(f"{parts.path}?{parts.query}")
        assert response.status_code == 200, response.json
        assert response.headers["Content-Type"] == "application/pdf"
        return response.data
    response = requests.get(url, timeout=30)
    assert response.status_code == 200, response.text
    return response.content


def test_the_application_pdf_journey(app, applicant, burst_worker):
    answers = json.loads(GOLDEN.read_text())["answers"]
    response = applicant.put("/api/answer", json=answers)
    assert response.status_code == 200, response.json
    assert applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "uploaded"}).status_code == 200
    file_key = upload(applicant, corpus.docx(("Essay text in Word",)), "essay.docx")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "essay.docx"})
    burst_worker()
    assert poll(applicant)["status"] == "completed"

    first = applicant.get("/api/pdf")
    assert first.status_code == 200
    assert first.json["status"] == "unprocessed" and first.json["url"] == ""
    assert applicant.get("/api/pdf").json["status"] == "unprocessed"  # queued once, not twice
    burst_worker()

    ready = applicant.get("/api/pdf").json
    assert ready["status"] == "completed", ready
    pdf = download(applicant, ready["url"])
    text = text_of(pdf)
    for expected in (
        "First Name (Given Name) Mei",
        "Northview Heights Secondary School (Ceeb: 826543)",
        "Document attached: essay.docx",
        "Essay text in Word",
        "[X] Asian",
    ):
        assert expected in text, expected

    # Same answers: the same PDF, no new job. Changed answers: rendered again.
    assert applicant.get("/api/pdf").json["status"] == "completed"
    applicant.put("/api/answer", json={"first_name": "Meiling"})
    assert applicant.get("/api/pdf").json["status"] == "unprocessed"
    burst_worker()
    again = applicant.get("/api/pdf").json
    assert again["status"] == "completed"
    assert "First Name (Given Name) Meiling" in text_of(download(applicant, again["url"]))


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_tampered_or_expired_download_link_is_refused(app, applicant, burst_worker, storage_backend, monkeypatch):
    applicant.put("/api/answer", json={"first_name": "Mei"})
    applicant.get("/api/pdf")
    burst_worker()
    url = applicant.get("/api/pdf").json["url"]
    parts = urlsplit(url)
    tampered = applicant.get(f"{parts.path}?{parts.query.replace('signature=', 'signature=0')}")
    assert tampered.status_code == 403
    assert tampered.json == {"message": "This download link is invalid or has expired."}
    import time

    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 61)
    assert applicant.get(f"{parts.path}?{parts.query}").status_code == 403


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_the_pdf_of_a_submitted_application_is_queued_at_submission(app, applicant, burst_worker, storage_backend):
    """The applications domain queues engine.pdf.jobs.render_application_pdf(application_id) itself."""
    from engine.jobs import enqueue

    applicant.put("/api/answer", json={"first_name": "Mei"})
    enqueue(
        "engine.pdf.jobs.render_application_pdf",
        1,
        queue=app.config["APPLICATION_PDF_QUEUE"],
        redis_url=app.config["REDIS_URL"],
    )
    burst_worker()
    body = applicant.get("/api/pdf").json
    assert body["status"] == "completed"
    assert "Mei" in text_of(download(applicant, body["url"]))


def test_the_submitted_pdf_holds_no_hidden_answer(app, applicant, burst_worker, monkeypatch):
    """A stale browser's hidden answers (written past the API here) are left out of the submitted
    record, so out of the PDF's text; the same answers shown would print."""
    import datetime as dt

    from sqlalchemy import text

    from engine.applications import current

    golden = json.loads(GOLDEN.read_text())
    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    assert applicant.put("/api/answer", json=golden["answers"]).status_code == 200
    for button, count in {**golden["add_another"], "legacy": 3}.items():
        applicant.put("/api/add-another", json={"button_id": button, "num_components": count})
    # family member 2 left wholly empty, 3 filled: at submit 3 moves up into 2's place
    assert applicant.put("/api/answer", json={"legacy_3_name": "Alan Turing"}).status_code == 200
    stale = {
        "mailing_address_line_1": "12 Stale Lane",  # the mailing address is the permanent one
        "hs_2_name": "Hidden Second School",  # beyond the count of schools
        "add_another_gender": "Left-over gender",  # gender is not 'add my own'
        "citizen_dual_country_desc": "Dual Stale Country",  # another citizenship branch
    }
    with app.extensions["db_engine"].begin() as connection:
        (answers,) = connection.execute(text("SELECT answers FROM applications")).one()
        answers = json.loads(answers) if isinstance(answers, str) else answers
        connection.execute(text("UPDATE applications SET answers = :a"), {"a": json.dumps({**answers, **stale})})
    assert applicant.post("/api/submit", json={}).status_code == 200
    burst_worker()
    ready = applicant.get("/api/pdf").json
    if ready["status"] != "completed":
        burst_worker()
        ready = applicant.get("/api/pdf").json
    assert ready["status"] == "completed", ready
    pdf_text = text_of(download(applicant, ready["url"]))
    assert "First Name (Given Name) Mei" in pdf_text
    for value in stale.values():
        assert value not in pdf_text
    # each family member under its title, the empty one gone (pdftotext reads the same text)
    for extracted in (pdf_text, pdftotext(download(applicant, ready["url"]))):
        assert extracted.index("Family member 1") < extracted.index("Robert Chen") < extracted.index("Family member 2")
        assert extracted.index("Family member 2") < extracted.index("Alan Turing")
        assert "Family member 3" not in extracted


def test_the_submitted_pdf_is_a_record_footed_on_every_page(app, applicant, burst_worker, monkeypatch):
    """The PDF of a submission names its reference, says "Submitted" with the time in the tenant's
    zone (intl_undergrad: America/Chicago) and in UTC and the definition version, prints no empty
    section, and foots every page, the uploaded essay's included, with the reference and its number."""
    import datetime as dt
    import io
    import re

    from pypdf import PdfReader
    from sqlalchemy import text

    from engine.applications import current
    from engine.definition.catalogue import DEFAULT_TEXTS
    from engine.definition.moments import Moments

    golden = json.loads(GOLDEN.read_text())
    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    answers = {k: v for k, v in golden["answers"].items() if not k.startswith(("parent_2_", "guardian_"))}
    answers.update(parent_communication_preference="1", parent_communication_preference_desc="Parent")
    assert applicant.put("/api/answer", json=answers).status_code == 200
    for button, count in golden["add_another"].items():
        applicant.put("/api/add-another", json={"button_id": button, "num_components": count})
    assert applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "uploaded"}).status_code == 200
    file_key = upload(applicant, corpus.docx(("Essay text in Word",)), "essay.docx")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "essay.docx"})
    burst_worker()
    # A copy downloaded just before submitting is a draft's; the submission renders its own.
    assert applicant.get("/api/pdf").json["status"] == "unprocessed"
    burst_worker()
    assert applicant.get("/api/pdf").json["status"] == "completed"
    submitted = applicant.post("/api/submit", json={})
    assert submitted.status_code == 200, submitted.json
    burst_worker()
    ready = applicant.get("/api/pdf").json
    assert ready["status"] == "completed", ready
    pdf = download(applicant, ready["url"])

    with app.extensions["db_engine"].connect() as connection:
        reference, moment, version = connection.execute(
            text("SELECT reference, submitted_at, definition_version FROM applications")
        ).one()
    moment = moment if isinstance(moment, dt.datetime) else dt.datetime.fromisoformat(moment)
    moments = Moments({"time_zone": "America/Chicago"}, DEFAULT_TEXTS)
    assert re.fullmatch(r"INTL-[0-9A-Z]{8}", reference)
    pages = PdfReader(io.BytesIO(pdf)).pages
    first = " ".join(pages[0].extract_text().split())
    assert f"Reference {reference}" in first
    local = moments.moment(moment)
    assert re.search(r" C[DS]T$", local)  # Central time, with its abbreviation
    assert f"Submitted {local} ({moments.moment_utc(moment)})" in first
    assert f"Form version {version}" in first
    whole = text_of(pdf)
    assert "Parent 2" not in whole and "Legal Guardian" not in whole
    assert "Use the numbered navigation" not in whole
    essay = " ".join(pages[-1].extract_text().split())
    assert "Essay text in Word" in essay
    assert f"{reference} Page {len(pages)} of {len(pages)}" in essay
