"""The mail service: templates with the tenant's name, the .eml outbox, real SMTP on loopback."""

import email
import email.policy
import logging
import re
import socket
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from engine import mail
from tests.fixtures.smtp_sink import SmtpSink


class Collector:
    def __init__(self):
        self.envelopes = []

    async def handle_DATA(self, server, session, envelope):
        self.envelopes.append(envelope)
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server():
    collector = Collector()
    logins = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        logins.append((auth_data.login.decode(), auth_data.password.decode()))
        return AuthResult(success=auth_data.password == b"s3cret pass")

    controller = Controller(
        collector, hostname="127.0.0.1", port=_free_port(), authenticator=authenticator, auth_require_tls=False
    )
    controller.start()
    collector.port = controller.port
    collector.logins = logins
    yield collector
    controller.stop()


OWN_TEMPLATES = [
    "account_exists",
    "confirmation_code",
    "confirmation_code_resent",
    "password_reset",
    "submission_receipt",
    "saved_answers",
]  # each is the catalogue's texts mail_<name>_subject / _body; other domains may register more


@pytest.mark.parametrize("template", OWN_TEMPLATES)
def test_every_template_names_the_tenant_and_its_support_address(app, template):
    context = {
        "code": "123456",
        "reset_url": "http://x/reset?username=a&id=b",
        "submitted_at": "1 March 2026",
        "reference": "INTL-7K2Q9MXA",
        "resume_url": "http://x/resume?token=t",
    }
    with app.app_context():
        message = mail.render(template, "ada@example.com", **context)
    body = message.get_content()
    assert "Example College International Undergraduate Application" in body
    assert "help@example.edu" in body
    assert message["Reply-To"] == "help@example.edu"
    assert message["To"] == "ada@example.com"


def test_register_template_refuses_a_different_text_under_a_taken_name():
    mail.register_template("test_only", "Subject $tenant_name", "Body")
    mail.register_template("test_only", "Subject $tenant_name", "Body")  # the same again is fine
    with pytest.raises(ValueError):
        mail.register_template("test_only", "Other", "Body")
    with pytest.raises(ValueError):
        mail.register_template("password_reset", "Other", "Body")


def test_outbox_holds_an_eml_file_and_a_log_line(app, caplog):
    with app.app_context(), caplog.at_level(logging.INFO, logger="engine.mail"):
        mail.send("submission_receipt", to="ada@example.com", submitted_at="1 March 2026", reference="INTL-7K2Q9MXA")
    files = list(Path(app.config["MAIL_OUTBOX"]).glob("*.eml"))
    assert len(files) == 1
    assert b"submitted on 1 March 2026" in files[0].read_bytes()
    assert re.search(r"mail submission_receipt <[^>]+> written to ", caplog.text)  # its Message-ID
    assert "ada" not in caplog.text and "example.com" not in caplog.text  # the address is not logged


def test_background_outbox_delivery(app):
    with app.app_context():
        mail.send("password_reset", to="ada@example.com", background=True, reset_url="http://x/reset?id=1")
    assert mail.wait_for_deliveries(10)
    files = list(Path(app.config["MAIL_OUTBOX"]).glob("*.eml"))
    assert len(files) == 1
    message = email.message_from_bytes(files[0].read_bytes(), policy=email.policy.default)
    assert "http://x/reset?id=1" in message.get_content()


def test_smtp_delivery_to_a_real_server_on_loopback(app, smtp_server):
    app.config["SMTP_URL"] = f"smtp://127.0.0.1:{smtp_server.port}"
    with app.app_context():
        mail.send("confirmation_code", to="ada@example.com", code="654321")
    assert mail.wait_for_deliveries(10)
    assert len(smtp_server.envelopes) == 1
    envelope = smtp_server.envelopes[0]
    assert envelope.rcpt_tos == ["ada@example.com"]
    assert envelope.mail_from == app.config["MAIL_FROM"]
    content = envelope.content.decode()
    assert "Your confirmation code is: 654321" in content and "Message-ID: <" in content
    assert not Path(app.config["MAIL_OUTBOX"]).exists()  # SMTP replaces the outbox


def test_smtp_with_login(app, smtp_server):
    app.config["SMTP_URL"] = f"smtp://mailer:s3cret%20pass@127.0.0.1:{smtp_server.port}"
    with app.app_context():
        mail.send("account_exists", to="ada@example.com")
    assert mail.wait_for_deliveries(10)
    assert smtp_server.logins == [("mailer", "s3cret pass")]
    assert len(smtp_server.envelopes) == 1


def test_smtp_failure_is_logged_not_raised(app, caplog, monkeypatch):
    monkeypatch.setattr(mail, "SMTP_ATTEMPTS", 2)
    app.config["SMTP_URL"] = f"smtp://127.0.0.1:{_free_port()}"  # nothing listens
    with app.app_context(), caplog.at_level(logging.INFO, logger="engine.mail"):
        mail.send("confirmation_code", to="ada@example.com", code="000001")
        assert mail.wait_for_deliveries(15)
    assert "was not sent after 2 attempts" in caplog.text


def test_a_refused_recipient_is_logged_by_its_code_not_its_address(app, caplog, monkeypatch):
    monkeypatch.setattr(mail, "SMTP_ATTEMPTS", 1)
    with SmtpSink(refuse=["ada@example.com"]) as sink:
        app.config["SMTP_URL"] = sink.url
        with app.app_context(), caplog.at_level(logging.INFO, logger="engine.mail"):
            mail.send("confirmation_code", to="ada@example.com", code="000002")
            assert mail.wait_for_deliveries(15)
    # The engine's lines only: the test's SMTP server logs its own (the address among them) when an
    # earlier test has turned its logger up.
    logged = "\n".join(record.getMessage() for record in caplog.records if record.name.startswith("engine"))
    assert "SMTPRecipientsRefused 550" in logged and "was not sent after 1 attempts" in logged
    assert "ada" not in logged and "example.com" not in logged


def test_signup_over_smtp_end_to_end(app, smtp_server):
    app.config["SMTP_URL"] = f"smtp://127.0.0.1:{smtp_server.port}"
    client = app.test_client()
    response = client.post("/public/signup", json={"username": "ada@example.com", "password": "Correct-Horse-9"})
    assert response.status_code == 201
    assert mail.wait_for_deliveries(10)
    assert "Your confirmation code is: " in smtp_server.envelopes[0].content.decode()
