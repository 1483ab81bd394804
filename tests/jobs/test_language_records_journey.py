"""A French applicant of a form in English and French, from sign-up to the records staff read.

She signs up on the French page, fills in part of the form, switches to English half-way (her
saved answer stays, the server's messages turn English), switches back, submits, and gets the
French receipt and a French PDF (read back from the PDF). Signing in on another device reads the
form in French. Staff see her language in the list (and filter by it), read the print view in the
form's default language with a switch to hers, export a language column, and get the delivery in
both: the French PDF and the same application in English (e-mail and webhook)."""

import csv
import io
import json
import re
import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import jsonschema
import pyotp
import pytest
from sqlalchemy import text

from engine import db
from engine.delivery import service as delivery
from engine.staff import members
from tests.applicants import PASSWORD, outbox_messages
from tests.fixtures.webhook_receiver import WebhookReceiver
from tests.jobs.test_pdf_jobs import download
from tests.jobs.test_pdf_language_jobs import ANSWERS
from tests.pdf_text import text_of

pytestmark = [pytest.mark.redis, pytest.mark.slow]
SCHOLARSHIP = Path(__file__).resolve().parents[2] / "tenants" / "example_scholarship"
SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "engine" / "delivery" / "webhook.schema.json").read_text())
SECRET_ENV = "FORMENGINE_TEST_WEBHOOK_SECRET"
SECRET = "a-long-random-secret-shared-with-the-receiver"
EMAIL = "camille@example.com"
GIVEN_NAME = {"en": "Given Name", "fr": "Prénom"}


@pytest.fixture(params=["local"])
def storage_backend(request):
    return request.param


@pytest.fixture
def receiver():
    with WebhookReceiver(secret=SECRET) as running:
        yield running


@pytest.fixture
def job_settings(tmp_path, queue_name, receiver, monkeypatch):
    monkeypatch.setenv(SECRET_ENV, SECRET)
    tenant = tmp_path / "scholarship"
    shutil.copytree(SCHOLARSHIP, tenant)
    with open(tenant / "tenant.yaml", "a") as handle:
        handle.write(
            "\ndelivery:\n  - email: {to: [admissions@example.edu]}\n"
            f'  - webhook: {{url: "{receiver.url}", secret_env: {SECRET_ENV}, timeout_s: 5}}\n'
        )
    return {
        "TENANT_PATH": str(tenant),
        "APPLICATION_PDF_QUEUE": queue_name,
        "DELIVERY_QUEUE": queue_name,
        "DELIVERY_PDF_WAIT_S": 0.5,
        "DELIVERY_ALLOW_HOSTS": "127.0.0.1",
    }


def _sign_up_in_french(app):
    client = app.test_client()
    assert client.get("/public/form?lang=fr").json["settings"]["language"] == "fr"  # the switch
    assert client.post("/public/signup", json={"username": EMAIL, "password": PASSWORD}).status_code == 201
    code = re.search(r"\b(\d{6})\b", outbox_messages(app, EMAIL)[-1].get_content()).group(1)
    confirmed = client.post("/public/confirm", json={"username": EMAIL, "code": code})
    assert confirmed.status_code == 200 and confirmed.json["language"] == "fr", confirmed.json
    return client


def _refused_save(client) -> dict:
    """A save the server refuses: its message and the field's, in the language the page reads."""
    response = client.put("/api/answer", json={"applicant_given_name": "Camille\nDurand"})
    assert response.status_code == 400, response.json
    return response.json


def _staff(app):
    with app.app_context():
        session = db.session()
        new = members.add(session, "rita@staff.example.edu", ["exporter"], "Staff-Password-2027!", "Rita")
        session.commit()
    client = app.test_client()
    body = {"email": "rita@staff.example.edu", "password": "Staff-Password-2027!", "code": pyotp.TOTP(new.secret).now()}
    assert client.post("/staff/api/session", json=body).status_code == 200
    return client


def _print_view(app, staff, application_id: int, language: str = "") -> dict:
    location = staff.get(f"/staff/applications/{application_id}/print").headers["Location"]
    token = parse_qs(urlsplit(location).query)["service_token"][0]
    query = {"service_token": token, **({"language": language} if language else {})}
    response = app.test_client().get("/service/tmp-pdf", query_string=query)
    assert response.status_code == 200, response.json
    return response.json


def _labels(form: dict) -> str:
    return json.dumps(form["pages"], ensure_ascii=False)


def _run_deliveries(app, burst_worker) -> None:
    for _ in range(6):
        with app.app_context():
            delivery.dispatch_due(db.session(), app.config)
        burst_worker()
        with app.extensions["db_engine"].begin() as connection:
            states = [row.state for row in connection.execute(text("SELECT state FROM deliveries"))]
        if states and all(state == "delivered" for state in states):
            return
    raise AssertionError(f"deliveries not delivered: {states}")


def test_a_french_applicant_from_sign_up_to_the_records_staff_read(app, burst_worker, receiver, storage_backend):
    applicant = _sign_up_in_french(app)
    french = _refused_save(applicant)
    assert applicant.put("/api/answer", json={"applicant_given_name": "Camille"}).status_code == 200

    # Half-way, she switches to English: her answer stays, the server answers in English.
    assert applicant.get("/public/form?lang=en").json["settings"]["language"] == "en"
    english = _refused_save(applicant)
    assert english["message"] != french["message"]
    assert english["errors"]["applicant_given_name"] != french["errors"]["applicant_given_name"]
    assert applicant.get("/api/profile").json["answer"]["applicant_given_name"] == "Camille"
    assert GIVEN_NAME["en"] in applicant.get("/public/form").get_data(as_text=True)

    # And back to French, where she submits.
    applicant.get("/public/form?lang=fr")
    assert _refused_save(applicant) == french
    assert applicant.put("/api/answer", json={**ANSWERS, "applicant_email": EMAIL}).status_code == 200
    submitted = applicant.post("/api/submit", json={})
    assert submitted.status_code == 200, submitted.json
    reference = submitted.json["reference"]
    receipt = outbox_messages(app, EMAIL)[-1]
    assert receipt["Subject"].strip().startswith("Nous avons reçu votre candidature")
    assert f"Votre référence est {reference}" in receipt.get_content()
    burst_worker()
    status = applicant.get("/api/pdf").json
    assert status["status"] == "completed", status
    record = text_of(download(applicant, status["url"]))
    assert "Prénom Camille" in record and "Given Name" not in record

    # Another device, whose browser asks for English: the account's French is read there.
    other = app.test_client()
    login = other.post(
        "/public/login", json={"username": EMAIL, "password": PASSWORD}, headers={"Accept-Language": "en"}
    )
    assert login.status_code == 200 and login.json["language"] == "fr"
    assert any(cookie.startswith("lang=fr;") for cookie in login.headers.getlist("Set-Cookie"))
    assert GIVEN_NAME["fr"] in other.get("/public/form", headers={"Accept-Language": "en"}).get_data(as_text=True)

    # Staff: the list shows and filters by her language.
    staff = _staff(app)
    listed = staff.get("/staff/api/applications").json
    assert listed["languages"] == ["en", "fr"]
    (row,) = listed["items"]
    assert (row["reference"], row["language"]) == (reference, "fr")
    assert staff.get("/staff/api/applications?language=fr").json["total"] == 1
    assert staff.get("/staff/api/applications?language=en").json["total"] == 0

    # The print view is read in the form's default language, and in hers on request.
    view = _print_view(app, staff, row["id"])
    assert view["language"] == "fr" and view["languages"] == ["en", "fr"]
    assert view["language_name"] == "French" and view["read_in"] == {"language": "fr", "name": "français"}
    assert view["form"]["settings"]["language"] == "en" and GIVEN_NAME["en"] in _labels(view["form"])
    hers = _print_view(app, staff, row["id"], "fr")
    assert hers["form"]["settings"]["language"] == "fr" and GIVEN_NAME["fr"] in _labels(hers["form"])
    assert hers["language_name"] == "français" and hers["read_in"] == {"language": "en", "name": "English"}
    assert _print_view(app, staff, row["id"], "de")["form"]["settings"]["language"] == "en"

    # The export carries the language.
    exported = staff.get("/staff/api/exports?format=csv")
    assert exported.status_code == 200
    (line,) = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True).lstrip("\ufeff"))))
    assert (line["reference"], line["language"]) == (reference, "fr")

    # Delivery: the French PDF, and the same application in English beside it.
    _run_deliveries(app, burst_worker)
    (mail,) = outbox_messages(app, "admissions@example.edu")
    body = mail.get_body(("plain",)).get_content()
    assert "Language:   French (fr)" in body
    pdfs = {part.get_filename(): text_of(part.get_content()) for part in mail.iter_attachments()}
    assert set(pdfs) == {f"{reference}.pdf", f"{reference}-en.pdf"}
    assert "Prénom Camille" in pdfs[f"{reference}.pdf"]
    assert "Given Name Camille" in pdfs[f"{reference}-en.pdf"] and "Prénom" not in pdfs[f"{reference}-en.pdf"]
    (hook,) = receiver.requests
    sent = json.loads(hook["body"])
    jsonschema.validate(sent, SCHEMA, format_checker=jsonschema.FormatChecker())
    assert (sent["language"], sent["default_language"]) == ("fr", "en")
    assert "Prénom Camille" in text_of(download(applicant, sent["pdf_url"]))
    assert "Given Name Camille" in text_of(download(applicant, sent["default_language_pdf_url"]))
