"""An applicant of a form in English and another language, from sign-up to the records staff read:
a French applicant of example_scholarship and a Spanish one of intl_undergrad (tests/language_journeys.py).

She signs up on the page in her language, fills in part of the form, switches to English half-way
(her saved answer stays, the server's messages turn English), switches back, completes the form,
submits, and gets the receipt and the PDF in her language (read back from the PDF, whose header names
her language). Signing in on another device reads the form in her language. Staff see her language
in the list (and filter by it), read the print view in the form's default language with a switch to
hers, export a language column, and get the delivery in both: her PDF and the same application in
English (e-mail and webhook)."""

import csv
import io
import json
import re
import shutil
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
from tests.language_journeys import ROOT, SPEAKERS, Speaker
from tests.pdf_text import text_of

pytestmark = [pytest.mark.redis, pytest.mark.slow]
SCHEMA = json.loads((ROOT / "engine" / "delivery" / "webhook.schema.json").read_text())
SECRET_ENV = "FORMENGINE_TEST_WEBHOOK_SECRET"
SECRET = "a-long-random-secret-shared-with-the-receiver"


@pytest.fixture(params=SPEAKERS.values(), ids=SPEAKERS.keys())
def speaker(request, monkeypatch) -> Speaker:
    if request.param.today is not None:  # her answers are valid on their own day
        from engine.applications import current

        monkeypatch.setattr(current, "today", lambda: request.param.today)
    return request.param


@pytest.fixture(params=["local"])
def storage_backend(request):
    return request.param


@pytest.fixture
def receiver():
    with WebhookReceiver(secret=SECRET) as running:
        yield running


@pytest.fixture
def job_settings(tmp_path, queue_name, receiver, speaker, monkeypatch):
    monkeypatch.setenv(SECRET_ENV, SECRET)
    tenant = tmp_path / speaker.tenant
    shutil.copytree(speaker.tenant_path, tenant)
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


def _sign_up(app, speaker: Speaker):
    client = app.test_client()
    assert client.get(f"/public/form?lang={speaker.language}").json["settings"]["language"] == speaker.language
    body = {"username": speaker.email, "password": PASSWORD}
    assert client.post("/public/signup", json=body).status_code == 201
    code = re.search(r"\b(\d{6})\b", outbox_messages(app, speaker.email)[-1].get_content()).group(1)
    confirmed = client.post("/public/confirm", json={"username": speaker.email, "code": code})
    assert confirmed.status_code == 200 and confirmed.json["language"] == speaker.language, confirmed.json
    return client


def _refused_save(client, speaker: Speaker) -> dict:
    """A save the server refuses: its message and the field's, in the language the page reads."""
    response = client.put("/api/answer", json={speaker.key: f"{speaker.typed}\nDurand"})
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


def test_an_applicant_in_the_forms_second_language_from_sign_up_to_the_records_staff_read(
    app, burst_worker, receiver, storage_backend, speaker
):
    lang, typed = speaker.language, speaker.typed
    applicant = _sign_up(app, speaker)
    hers = _refused_save(applicant, speaker)
    assert applicant.put("/api/answer", json={speaker.key: typed}).status_code == 200

    # Half-way, she switches to English: her answer stays, the server answers in English.
    assert applicant.get("/public/form?lang=en").json["settings"]["language"] == "en"
    english = _refused_save(applicant, speaker)
    assert english["message"] != hers["message"]
    assert english["errors"][speaker.key] != hers["errors"][speaker.key]
    assert applicant.get("/api/profile").json["answer"][speaker.key] == typed
    assert speaker.label["en"] in applicant.get("/public/form").get_data(as_text=True)

    # And back to her language, where she completes the form and submits.
    applicant.get(f"/public/form?lang={lang}")
    assert _refused_save(applicant, speaker) == hers
    assert applicant.put("/api/answer", json=speaker.answers).status_code == 200
    for button, count in speaker.add_another.items():
        body = {"button_id": button, "num_components": count}
        assert applicant.put("/api/add-another", json=body).status_code == 200
    submitted = applicant.post("/api/submit", json={})
    assert submitted.status_code == 200, submitted.json
    reference = submitted.json["reference"]
    receipt = outbox_messages(app, speaker.email)[-1]
    assert receipt["Subject"].strip().startswith(speaker.receipt_subject), receipt["Subject"]
    assert speaker.receipt_reference.format(reference=reference) in receipt.get_content()
    burst_worker()
    status = applicant.get("/api/pdf").json
    assert status["status"] == "completed", status
    record = text_of(download(applicant, status["url"]))
    for words in speaker.pdf:
        assert words in record, words
    for words in speaker.not_in_pdf:
        assert words not in record, words

    # Another device, whose browser asks for English: the account's language is read there.
    other = app.test_client()
    login = other.post(
        "/public/login", json={"username": speaker.email, "password": PASSWORD}, headers={"Accept-Language": "en"}
    )
    assert login.status_code == 200 and login.json["language"] == lang
    assert any(cookie.startswith(f"lang={lang};") for cookie in login.headers.getlist("Set-Cookie"))
    page = other.get("/public/form", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert speaker.label[lang] in page

    # Staff: the list shows and filters by her language (the code, which the staff page names).
    staff = _staff(app)
    listed = staff.get("/staff/api/applications").json
    assert listed["languages"] == ["en", lang]
    (row,) = listed["items"]
    assert (row["reference"], row["language"]) == (reference, lang)
    assert staff.get(f"/staff/api/applications?language={lang}").json["total"] == 1
    assert staff.get("/staff/api/applications?language=en").json["total"] == 0

    # The print view is read in the form's default language, and in hers on request.
    view = _print_view(app, staff, row["id"])
    assert view["language"] == lang and view["languages"] == ["en", lang]
    assert view["language_name"] == speaker.name
    assert view["read_in"] == {"language": lang, "name": speaker.own_name}
    assert view["form"]["settings"]["language"] == "en" and speaker.label["en"] in _labels(view["form"])
    in_hers = _print_view(app, staff, row["id"], lang)
    assert in_hers["form"]["settings"]["language"] == lang and speaker.label[lang] in _labels(in_hers["form"])
    assert in_hers["language_name"] == speaker.own_name
    assert in_hers["read_in"] == {"language": "en", "name": "English"}
    assert _print_view(app, staff, row["id"], "de")["form"]["settings"]["language"] == "en"

    # The export carries the language.
    exported = staff.get("/staff/api/exports?format=csv")
    assert exported.status_code == 200
    (line,) = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True).lstrip("\ufeff"))))
    assert (line["reference"], line["language"]) == (reference, lang)

    # Delivery: her PDF, and the same application in English beside it.
    _run_deliveries(app, burst_worker)
    (mail,) = outbox_messages(app, "admissions@example.edu")
    body = mail.get_body(("plain",)).get_content()
    assert f"Language:   {speaker.name} ({lang})" in body
    pdfs = {part.get_filename(): text_of(part.get_content()) for part in mail.iter_attachments()}
    assert set(pdfs) == {f"{reference}.pdf", f"{reference}-en.pdf"}
    for words in speaker.pdf:
        assert words in pdfs[f"{reference}.pdf"], words
    for words in speaker.english_pdf:
        assert words in pdfs[f"{reference}-en.pdf"], words
    assert speaker.label[lang] not in pdfs[f"{reference}-en.pdf"]
    (hook,) = receiver.requests
    sent = json.loads(hook["body"])
    jsonschema.validate(sent, SCHEMA, format_checker=jsonschema.FormatChecker())
    assert (sent["language"], sent["default_language"]) == (lang, "en")
    assert speaker.pdf[0] in text_of(download(applicant, sent["pdf_url"]))
    assert speaker.english_pdf[0] in text_of(download(applicant, sent["default_language_pdf_url"]))
