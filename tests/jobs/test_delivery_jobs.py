"""Delivery with a real worker on a real Redis: a local HTTP receiver gets the signed webhook (a 503
first answer is retried and delivered once), staff get the e-mail with the PDF (the outbox, or a
real SMTP server on loopback that may refuse an address), and the CLI lists and retries."""

import base64
import datetime as dt
import hashlib
import hmac
import io
import json
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import jsonschema
import pytest
import requests
from click.testing import CliRunner
from pypdf import PdfReader
from sqlalchemy import text

from engine import db
from engine.cli import main
from engine.delivery import service
from tests.applicants import outbox_messages
from tests.fixtures.delivery_tenant import SECRET_ENV, tenant_with_delivery
from tests.fixtures.smtp_sink import SmtpSink
from tests.fixtures.webhook_receiver import WebhookReceiver

pytestmark = [pytest.mark.redis, pytest.mark.slow]
GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "golden" / "intl_undergrad" / "base.json").read_text())
SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "engine" / "delivery" / "webhook.schema.json").read_text())
SECRET = "a-long-random-secret-shared-with-the-receiver"


@pytest.fixture(params=["local"])
def storage_backend(request):
    return request.param


@pytest.fixture
def receiver():
    with WebhookReceiver([503], secret=SECRET) as running:
        yield running


@pytest.fixture
def targets():
    """Tests override this: (e-mail addresses, use the receiver)."""
    return (("admissions@example.edu",), True)


@pytest.fixture
def allow_hosts():
    """DELIVERY_ALLOW_HOSTS for the worker: the loopback receiver; one test takes it away."""
    return "127.0.0.1"


@pytest.fixture
def job_settings(tmp_path, queue_name, receiver, targets, allow_hosts, monkeypatch):
    monkeypatch.setenv(SECRET_ENV, SECRET)
    emails, with_webhook = targets
    tenant = tenant_with_delivery(tmp_path, emails=emails, webhooks=(receiver.url,) if with_webhook else ())
    return {
        "TENANT_PATH": str(tenant),
        "APPLICATION_PDF_QUEUE": queue_name,
        "DELIVERY_QUEUE": queue_name,
        "DELIVERY_RETRY_BASE_S": 1,
        "DELIVERY_PDF_WAIT_S": 0.5,
        "DELIVERY_ALLOW_HOSTS": allow_hosts,  # the receiver listens on loopback
    }


@pytest.fixture
def cli(app, monkeypatch):
    from engine.delivery import cli as delivery_cli

    monkeypatch.setattr(delivery_cli, "_app", lambda: app)
    runner = CliRunner()
    return lambda *args: runner.invoke(main, ["deliveries", *args])


@pytest.fixture(autouse=True)
def on_golden_day(monkeypatch):
    from engine.applications import current

    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(GOLDEN["today"]))


def _submit(applicant) -> str:
    assert applicant.put("/api/answer", json=GOLDEN["answers"]).status_code == 200
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 200, response.json
    return response.json["reference"]


def _states(app) -> dict:
    with app.extensions["db_engine"].begin() as connection:
        rows = connection.execute(text("SELECT kind, target, state, attempts, last_error FROM deliveries ORDER BY id"))
        return {f"{r.kind} {r.target}": (r.state, r.attempts, r.last_error) for r in rows}


def _run_until_settled(app, burst_worker, rounds: int = 12) -> dict:
    """Do what the worker's periodic task does (queue the tries that are due), then work the queue."""
    for _ in range(rounds):
        with app.app_context():
            service.dispatch_due(db.session(), app.config)
        burst_worker()
        states = _states(app)
        if all(state in ("delivered", "failed") for state, _, _ in states.values()):
            return states
        time.sleep(1.1)  # the back-off in these tests is 1 s
    return _states(app)


def _download(client, url: str) -> bytes:
    parts = urlsplit(url)
    if parts.path == "/api/storage/download":
        response = client.get(f"{parts.path}?{parts.query}")
        assert response.status_code == 200
        return response.data
    return requests.get(url, timeout=30).content


def test_the_webhook_is_signed_retried_after_a_503_and_delivered_once(app, applicant, burst_worker, receiver):
    reference = _submit(applicant)
    states = _run_until_settled(app, burst_worker)
    assert states[f"webhook {receiver.url}"] == ("delivered", 2, None)
    assert states["email admissions@example.edu"][0] == "delivered"

    first, second = receiver.requests
    assert first["headers"]["webhook-id"] == second["headers"]["webhook-id"]
    assert (first["headers"]["X-Formengine-Attempt"], second["headers"]["X-Formengine-Attempt"]) == ("1", "2")
    assert first["verified"] and second["verified"]  # the receiver checked each try's signature and time
    raw = second["body"]
    headers = second["headers"]
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + raw
    signature = "v1," + base64.b64encode(hmac.new(SECRET.encode(), signed, hashlib.sha256).digest()).decode()
    assert headers["webhook-signature"] == signature
    body = json.loads(raw)
    jsonschema.validate(body, SCHEMA, format_checker=jsonschema.FormatChecker())
    assert body["reference"] == reference and body["username"] == "ada@example.com"
    assert body["answers"] == {k: v for k, v in GOLDEN["answers"].items() if k in body["answers"]}
    assert body["answers"]["first_name"] == "Mei"
    pdf = _download(applicant, body["pdf_url"])
    assert pdf.startswith(b"%PDF-") and "Mei" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()

    # Delivered is final: more runs of the worker and of the periodic task send nothing more.
    with app.app_context():
        assert service.dispatch_due(db.session(), app.config) == 0
    burst_worker()
    assert len(receiver.requests) == 2

    with app.extensions["db_engine"].begin() as connection:
        tries = connection.execute(text("SELECT number, ok, status_code, error FROM delivery_attempts ORDER BY id"))
        webhook_tries = [(r.number, bool(r.ok), r.status_code) for r in tries if r.status_code]
    assert webhook_tries == [(1, False, 503), (2, True, 200)]


@pytest.mark.parametrize("allow_hosts", [""])
def test_the_same_loopback_receiver_is_refused_unless_the_deployment_allows_it(
    app, applicant, burst_worker, receiver, cli
):
    """Without DELIVERY_ALLOW_HOSTS the worker refuses the loopback target before connecting: a
    failure at once (no further tries) that says why, listed by `formengine deliveries`."""
    reference = _submit(applicant)
    states = _run_until_settled(app, burst_worker)
    state, tries, error = states[f"webhook {receiver.url}"]
    assert (state, tries) == ("failed", 1)
    assert error.startswith("refused: 127.0.0.1 is a loopback address") and "DELIVERY_ALLOW_HOSTS" in error
    assert receiver.requests == []  # nothing reached it
    assert states["email admissions@example.edu"][0] == "delivered"
    listed = cli("--failed")
    assert listed.exit_code == 0, listed.output
    assert f"{reference}\twebhook {receiver.url}\tfailed\t1\trefused: 127.0.0.1 is a loopback address" in listed.output


def test_staff_get_the_email_with_the_pdf_in_the_outbox(app, applicant, burst_worker):
    reference = _submit(applicant)
    _run_until_settled(app, burst_worker)
    (message,) = outbox_messages(app, "admissions@example.edu")
    assert reference in message["Subject"] and "Example College" in message["Subject"]
    body = message.get_body(("plain",)).get_content()
    assert f"Reference:  {reference}" in body and "ada@example.com" in body
    (attachment,) = list(message.iter_attachments())
    assert attachment.get_filename() == f"{reference}.pdf"
    assert "Mei" in PdfReader(io.BytesIO(attachment.get_content())).pages[0].extract_text()


def test_the_default_language_pdf_is_made_once_for_every_target_and_every_retry(app, applicant, burst_worker, receiver):
    applicant.get("/public/form?lang=es")  # a Spanish applicant: staff get the application in English too
    reference = _submit(applicant)
    states = _run_until_settled(app, burst_worker)
    assert states[f"webhook {receiver.url}"] == ("delivered", 2, None)
    assert states["email admissions@example.edu"][0] == "delivered"
    first, second = (json.loads(sent["body"]) for sent in receiver.requests)
    assert first["language"] == "es" and first["default_language"] == second["default_language"] == "en"
    keys = [parse_qs(urlsplit(body["default_language_pdf_url"]).query)["key"][0] for body in (first, second)]
    assert keys[0] == keys[1]  # both tries link the one copy
    copies = sorted((Path(app.config["STORAGE_PATH"]) / "applications").rglob("*-en.pdf"))
    assert [str(path.relative_to(app.config["STORAGE_PATH"])) for path in copies] == keys[:1]
    english = copies[0].read_bytes()
    assert _download(applicant, second["default_language_pdf_url"]) == english
    (message,) = outbox_messages(app, "admissions@example.edu")
    attached = {part.get_filename(): part.get_content() for part in message.iter_attachments()}
    assert attached[f"{reference}-en.pdf"] == english  # the e-mail carries the same copy
    assert "First Name" in PdfReader(io.BytesIO(english)).pages[0].extract_text()


def _staff_mail_to(sink) -> list[str]:
    """Whom the staff e-mails went to (the applicant's receipt goes by the same server)."""
    return sorted(m["To"] for m in sink.messages() if m["X-Formengine-Template"] == "staff_delivery")


@pytest.mark.parametrize("targets", [(("admissions@example.edu", "nobody@example.edu"), False)])
def test_an_address_smtp_refuses_fails_with_its_answer_and_can_be_retried(app, applicant, burst_worker, targets, cli):
    with SmtpSink(refuse={"nobody@example.edu"}) as sink:
        app.config.update(SMTP_URL=sink.url, DELIVERY_ATTEMPTS=2)
        reference = _submit(applicant)
        states = _run_until_settled(app, burst_worker)
        assert states["email admissions@example.edu"][:2] == ("delivered", 1)
        state, tries, error = states["email nobody@example.edu"]
        assert (state, tries) == ("failed", 2)
        assert error.startswith("the SMTP server refused nobody@example.edu: 550")
        assert _staff_mail_to(sink) == ["admissions@example.edu"]

        listed = cli("--failed")
        assert listed.exit_code == 0, listed.output
        assert f"{reference}\temail nobody@example.edu\tfailed\t2\tthe SMTP server refused" in listed.output
        sink.refuse.clear()
        retried = cli("retry", "--failed")
        assert retried.exit_code == 0 and "1 delivery(ies) queued again" in retried.output
        states = _run_until_settled(app, burst_worker)
        assert states["email nobody@example.edu"][:2] == ("delivered", 3)
        assert _staff_mail_to(sink) == ["admissions@example.edu", "nobody@example.edu"]


def test_a_running_worker_delivers_and_retries_by_itself(app, applicant, start_worker, receiver):
    """No help from the test: the worker's periodic task queues the deliveries and the retry."""
    worker = start_worker()
    reference = _submit(applicant)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        states = _states(app)
        if all(state == "delivered" for state, _, _ in states.values()):
            break
        time.sleep(0.5)
    print(worker.output())
    assert _states(app) == {
        "email admissions@example.edu": ("delivered", 1, None),
        f"webhook {receiver.url}": ("delivered", 2, None),
    }
    assert [json.loads(r["body"])["reference"] for r in receiver.requests] == [reference, reference]


@pytest.mark.parametrize("targets", [(("admissions@example.edu",), False)])
def test_a_submission_while_redis_is_down_is_delivered_when_it_is_back(app, applicant, burst_worker, targets):
    real = app.config["REDIS_URL"]
    app.config["REDIS_URL"] = "redis://127.0.0.1:1/0"  # nothing listens there
    try:
        reference = _submit(applicant)
    finally:
        app.config["REDIS_URL"] = real
    assert _states(app) == {"email admissions@example.edu": ("pending", 0, None)}
    states = _run_until_settled(app, burst_worker)
    assert states["email admissions@example.edu"][:2] == ("delivered", 1)
    (message,) = outbox_messages(app, "admissions@example.edu")
    assert reference in message["Subject"]
