"""One small mail service: templates carrying the tenant's name and support e-mail, and
two ways out. By default every message is written as an `.eml` file under MAIL_OUTBOX
(and a log line says so); with SMTP_URL it goes out by SMTP from a background thread,
so neither the SMTP server's speed nor its failures show in a request's answer.

    from engine import mail
    mail.send("submission_receipt", to=username, submitted_at="1 March 2026", reference="INTL-7K2Q9MXA")

Tests that read the outbox after a background send call `mail.wait_for_deliveries()`.
Other domains add their own templates with `mail.register_template(name, subject, body)`.

SMTP_URL: smtp://[user:password@]host[:port][?starttls=true] or smtps://... (TLS at once).
"""

import atexit
import concurrent.futures
import datetime as dt
import email.utils
import logging
import smtplib
import ssl
import time
import uuid
from email.message import EmailMessage
from pathlib import Path
from string import Template
from urllib.parse import parse_qs, unquote, urlsplit

from flask import current_app

log = logging.getLogger(__name__)

_SIGNATURE = """
--
$tenant_name
Questions? Write to $support_email.
"""

# name -> (subject, body). $tenant_name, $support_email and $public_url are always available.
TEMPLATES = {
    "confirmation_code": (
        "Your confirmation code for $tenant_name",
        """Hello,

Thank you for creating an account for the $tenant_name.

Your confirmation code is: $code

Enter it on the Confirm Your Account page ($public_url/confirm). The code works once and
for 24 hours. If you did not create this account, you can ignore this message.
""",
    ),
    "confirmation_code_resent": (
        "Your new confirmation code for $tenant_name",
        """Hello,

You asked for a new confirmation code. Your code is: $code

Enter it on the Confirm Your Account page ($public_url/confirm). Earlier codes no longer
work; this one works once and for 24 hours. If you did not ask for it, you can ignore
this message.
""",
    ),
    "account_exists": (
        "About your account for $tenant_name",
        """Hello,

Someone, probably you, tried to create an account for the $tenant_name with this e-mail
address. You already have an account: log in at $public_url/login. If you have
forgotten your password, you can reset it at $public_url/forgot.

If this was not you, you can ignore this message; your account has not changed.
""",
    ),
    "password_reset": (
        "Reset your password for $tenant_name",
        """Hello,

We received a request to reset the password of your account for the $tenant_name.
To choose a new password, open this link within one hour:

$reset_url

The link works once. If you did not ask for it, you can ignore this message; your
password has not changed.
""",
    ),
    "submission_receipt": (
        "We have received your application: $tenant_name",
        """Hello,

Thank you. Your application for the $tenant_name was submitted on $submitted_at.

Your reference is $reference. Please quote it whenever you write to us.

You can no longer change your application, but you can log in at $public_url/login
to see it and download a PDF copy of what you sent.
""",
    ),
}


def register_template(name: str, subject: str, body: str) -> None:
    """Add a domain's own template (string.Template syntax; the signature is appended).
    Registering the same text twice is fine; a different text under a taken name is a bug."""
    if TEMPLATES.get(name, (subject, body)) != (subject, body):
        raise ValueError(f"mail template {name!r} is already registered with a different text")
    TEMPLATES[name] = (subject, body)


_executor: concurrent.futures.ThreadPoolExecutor | None = None
_pending: set[concurrent.futures.Future] = set()
SMTP_ATTEMPTS = 3


def send(template: str, to: str, *, background: bool = False, **context) -> None:
    """Render a template to `to` and deliver it. SMTP delivery always happens in a
    background thread; with background=True the outbox file is written there too, so the
    caller's time does not depend on whether a message was sent at all (forgot-password)."""
    config = current_app.config
    values = {**tenant_identity(), **context}
    job = (template, to, values, config["MAIL_FROM"], config.get("SMTP_URL") or "", config["MAIL_OUTBOX"])
    if background or job[4]:
        _in_background(_deliver, *job)
    else:
        _deliver(*job)


def render(template: str, to: str, **context) -> EmailMessage:
    return _build(template, to, {**tenant_identity(), **context}, current_app.config["MAIL_FROM"])


def _build(template: str, to: str, values: dict, mail_from: str) -> EmailMessage:
    subject, body = TEMPLATES[template]
    message = EmailMessage()
    message["From"] = mail_from
    message["To"] = to
    message["Subject"] = Template(subject).substitute(values)
    message["Date"] = email.utils.formatdate(localtime=False)
    message["Message-ID"] = email.utils.make_msgid(domain=mail_from.rpartition("@")[2] or None)
    message["Reply-To"] = values["support_email"]
    message["X-Formengine-Template"] = template
    message.set_content(Template(body + _SIGNATURE).substitute(values))
    return message


def _deliver(template: str, to: str, values: dict, mail_from: str, smtp_url: str, outbox: str) -> None:
    message = _build(template, to, values, mail_from)
    if smtp_url:
        _deliver_smtp(smtp_url, message, template)
    else:
        path = _write_outbox(Path(outbox), message)
        log.info("mail %s to %s written to %s", template, _masked(to), path)


def tenant_identity() -> dict:
    config = current_app.config
    values = {
        "tenant_name": "formengine",
        "support_email": config["MAIL_FROM"],
        "public_url": config["PUBLIC_URL"].rstrip("/"),
    }
    holder = current_app.extensions.get("tenant")
    if holder is not None:
        data = holder.current().data
        values["tenant_name"] = data["tenant"]["name"]
        values["support_email"] = data.get("settings", {}).get("support_email") or values["support_email"]
    return values


def _write_outbox(outbox: Path, message: EmailMessage) -> Path:
    outbox.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S%f")
    path = outbox / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
    temporary = path.with_suffix(".tmp")
    temporary.write_bytes(message.as_bytes())
    temporary.replace(path)  # readers never see half a message
    return path


def _in_background(function, *args) -> None:
    global _executor
    if _executor is None:
        _executor = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="mail")
    future = _executor.submit(_logged, function, *args)
    _pending.add(future)
    future.add_done_callback(_pending.discard)


def _logged(function, *args) -> None:
    try:
        function(*args)
    except Exception:  # a background thread has no one else to tell
        log.exception("mail delivery failed")


def _deliver_smtp(url: str, message: EmailMessage, template: str) -> None:
    for attempt in range(1, SMTP_ATTEMPTS + 1):
        try:
            send_smtp(url, message)
            log.info("mail %s to %s sent by SMTP", template, _masked(message["To"]))
            return
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("mail %s to %s: SMTP attempt %d failed: %s", template, _masked(message["To"]), attempt, exc)
            time.sleep(0.5 * attempt)
    log.error("mail %s to %s was not sent after %d attempts", template, _masked(message["To"]), SMTP_ATTEMPTS)


def send_smtp(url: str, message: EmailMessage, timeout: float = 10.0) -> None:
    parts = urlsplit(url)
    options = {key: values[-1].lower() for key, values in parse_qs(parts.query).items()}
    host = parts.hostname or "localhost"
    if parts.scheme == "smtps":
        client = smtplib.SMTP_SSL(host, parts.port or 465, timeout=timeout, context=ssl.create_default_context())
    elif parts.scheme == "smtp":
        client = smtplib.SMTP(host, parts.port or 25, timeout=timeout)
    else:
        raise ValueError(f"SMTP_URL must start with smtp:// or smtps://, not {parts.scheme}://")
    with client:
        if options.get("starttls") in {"1", "true", "yes"}:
            client.starttls(context=ssl.create_default_context())
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
        client.send_message(message)


def wait_for_deliveries(timeout: float = 10.0) -> bool:
    """Block until background deliveries finish (tests, shutdown); True if all did."""
    _done, not_done = concurrent.futures.wait(list(_pending), timeout=timeout)
    return not not_done


def _masked(address: str) -> str:
    local, _, domain = str(address).partition("@")
    return f"{local[:1]}***@{domain}"


atexit.register(wait_for_deliveries, 10.0)
