"""The staff e-mail: one message per address, tenant name and reference in the subject, a summary,
the application PDF attached; sent to a real SMTP server on loopback (or into the outbox)."""

import email
import email.policy
import smtplib

import pytest

from engine import mail
from engine.delivery import staff_mail
from tests.fixtures.smtp_sink import SmtpSink

PDF = b"%PDF-1.4\n% the application\n%%EOF\n"


def _message(to="admissions@example.edu", applicant_name="Mei Lin Chen", documents=None):
    return staff_mail.compose(
        to=to,
        mail_from="no-reply@example.edu",
        tenant_name="Example College International Undergraduate Application",
        reference="INTL-7K2Q9MXA",
        applicant_name=applicant_name,
        username="mei@example.com",
        submitted="1 March 2026 at 12:00 UTC",
        version="3f2a9c1e77",
        documents=documents or [{"name": "essay.docx", "size": 36669}],
        pdf=PDF,
        public_url="https://apply.example.edu/",
    )


def test_the_message_names_the_tenant_and_reference_and_attaches_the_pdf():
    message = _message()
    assert message["Subject"] == "Example College International Undergraduate Application: application INTL-7K2Q9MXA"
    assert message["To"] == "admissions@example.edu" and message["Reply-To"] == "mei@example.com"
    body = message.get_body(("plain",)).get_content()
    for line in (
        "Reference:  INTL-7K2Q9MXA",
        "Applicant:  Mei Lin Chen <mei@example.com>",
        "Submitted:  1 March 2026 at 12:00 UTC",
        "Documents:  essay.docx (36 KB)",
        "https://apply.example.edu/staff",
    ):
        assert line in body
    (attachment,) = list(message.iter_attachments())
    assert attachment.get_filename() == "INTL-7K2Q9MXA.pdf" and attachment.get_content_type() == "application/pdf"
    assert attachment.get_content() == PDF


def test_it_goes_by_smtp_to_a_real_server():
    with SmtpSink() as sink:
        assert mail.deliver_now(_message(), sink.url, "/nonexistent") == "SMTP"
    (received,) = sink.messages()
    assert received["Subject"].endswith("INTL-7K2Q9MXA")
    assert next(received.iter_attachments()).get_content() == PDF


def test_an_address_the_server_refuses_raises_with_its_answer():
    with SmtpSink(refuse={"nobody@example.edu"}) as sink, pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
        mail.deliver_now(_message("nobody@example.edu"), sink.url, "/nonexistent")
    assert refused.value.recipients["nobody@example.edu"][0] == 550


def test_without_smtp_it_goes_into_the_outbox(tmp_path):
    where = mail.deliver_now(_message(), "", str(tmp_path))
    (path,) = tmp_path.glob("*.eml")
    assert where == str(path)
    stored = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    assert next(stored.iter_attachments()).get_content() == PDF


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r", "\u2028", "\u0085", "\x0b"])
def test_an_answer_with_line_breaks_shows_only_quoted(tmp_path, newline):
    """A name (from answers the tenant names it by, a textarea's among them, or stored before one-line
    answers were enforced) and a file name cannot add a line staff would trust: each further line
    is indented and marked as part of the value."""
    name = f"Mei{newline}Reference: INTL-FAKE0000{newline}Bcc: thief@example.net{newline}{newline}Dear staff,"
    documents = [{"name": f"essay{newline}Version: 1.docx", "size": 2048}]
    mail.deliver_now(_message(applicant_name=name, documents=documents), "", str(tmp_path))
    (path,) = tmp_path.glob("*.eml")
    received = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    body = received.get_body(("plain",)).get_content()
    lines = body.splitlines()
    assert [line for line in lines if line.startswith("Reference:")] == ["Reference:  INTL-7K2Q9MXA"]
    assert not any(line.startswith(("Bcc:", "Dear staff", "Version: 1")) for line in lines)
    at = lines.index("Applicant:  Mei")
    assert lines[at + 1 : at + 5] == [
        "            > Reference: INTL-FAKE0000",
        "            > Bcc: thief@example.net",
        "            > ",
        "            > Dear staff, <mei@example.com>",
    ]
    assert "Documents:  essay\n            > Version: 1.docx (2 KB)" in body
    assert received["Bcc"] is None and received["To"] == "admissions@example.edu"
