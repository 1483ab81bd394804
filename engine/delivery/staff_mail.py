"""The e-mail to staff for a submitted application: one message per address, the tenant's name and
the reference in the subject, a short summary, and the application PDF attached. Pure: plain
values in, an EmailMessage out (engine.mail sends it)."""

import email.utils
from email.message import EmailMessage

from engine.i18n import names

SUBJECT = "{tenant_name}: application {reference}"
BODY = """A new application was submitted to the {tenant_name}.

Reference:  {reference}
Applicant:  {applicant}
Submitted:  {submitted}
Version:    {version}
Language:   {language}
Documents:  {documents}

The application PDF is attached ({file_name}), with each document appended.{second}
Staff can also open it from the staff list: {public_url}/staff

This message was sent to {to} because tenant.yaml lists it as a delivery target.
"""


# Where a value's further lines go: indented under the value and marked, so that nothing an
# applicant wrote (a name, a file name) can start a line of the body and pose as "Reference:", a
# header or any other line staff would trust.
CONTINUED = "\n" + " " * 12 + "> "


def quoted(value: str) -> str:
    """A value as the body shows it: its first line where the label puts it, every further line
    (whatever ends it: CR, LF, U+2028 ...) on a line of its own, indented and marked."""
    return CONTINUED.join(value.splitlines()) if value else ""


def language_name(tag: str | None) -> str:
    """A BCP 47 tag named in English, as staff read this message ("French (fr)"); "-" for none."""
    return f"{names.language_name(tag, 'en')} ({tag})" if tag else "-"


def _size(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB" if size >= 1024 * 1024 else f"{max(1, round(size / 1024))} KB"


def compose(
    *,
    to: str,
    mail_from: str,
    tenant_name: str,
    reference: str,
    applicant_name: str,
    username: str,
    submitted: str,
    version: str | None,
    documents: list[dict],
    pdf: bytes,
    public_url: str,
    language: str | None = None,
    second: tuple[str, bytes] | None = None,
) -> EmailMessage:
    """`pdf` is in the applicant's language; `second`, (the form's default language, the PDF in it),
    when the applicant wrote in another."""
    file_name = f"{reference}.pdf"
    message = EmailMessage()
    message["From"] = mail_from
    message["To"] = to
    message["Reply-To"] = username  # a reply from staff goes to the applicant
    message["Subject"] = SUBJECT.format(tenant_name=tenant_name, reference=reference)
    message["Date"] = email.utils.formatdate(localtime=False)
    message["Message-ID"] = email.utils.make_msgid(domain=mail_from.rpartition("@")[2] or None)
    message["X-Formengine-Template"] = "staff_delivery"
    message["X-Formengine-Reference"] = reference
    listed = ", ".join(f"{d['name']} ({_size(d['size'])})" for d in documents) or "none"
    message.set_content(
        BODY.format(
            tenant_name=tenant_name,
            reference=reference,
            applicant=quoted(f"{applicant_name} <{username}>" if applicant_name else username),
            submitted=submitted,
            version=version or "-",
            language=language_name(language),
            documents=quoted(listed),
            second=(
                f"\nIt is in {language_name(language)}, as the applicant wrote it; the same application in"
                f" {language_name(second[0])} is attached too ({reference}-{second[0]}.pdf)."
                if second
                else ""
            ),
            file_name=file_name,
            public_url=public_url.rstrip("/"),
            to=to,
        )
    )
    message.add_attachment(pdf, maintype="application", subtype="pdf", filename=file_name)
    if second:
        message.add_attachment(
            second[1], maintype="application", subtype="pdf", filename=f"{reference}-{second[0]}.pdf"
        )
    return message
