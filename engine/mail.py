"""One small mail service: templates carrying the tenant's name and support e-mail, and
two ways out. By default every message is written as an `.eml` file under MAIL_OUTBOX
(and a log line says so); with SMTP_URL it goes out by SMTP from a background thread,
so neither the SMTP server's speed nor its failures show in a request's answer.

    from engine import mail
    mail.send("submission_receipt", to=username, submitted_at="1 March 2026", reference="INTL-7K2Q9MXA")

Tests that read the outbox after a background send call `mail.wait_for_deliveries()`.
The engine's templates are the tenant's words (the texts mail_<name>_subject / _body and
mail_signature); other domains may add their own with `mail.register_template(name, subject, body)`.

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

from flask import current_app, g

from engine.definition.catalogue import DEFAULT_TEXTS, fill, fill_isolated, tenant_text

log = logging.getLogger(__name__)

# The tenant's own words (engine/definition/texts.yaml, a tenant's `texts:`): each of these templates
# is the texts mail_<name>_subject and mail_<name>_body, {placeholders} filled in; every message ends
# with a "--" line and the text mail_signature. {tenant_name}, {support_email} and {public_url} are
# always filled in (catalogue.MAIL_VALUES, tenant_identity).
CATALOGUE_TEMPLATES = tuple(
    name[len("mail_") : -len("_subject")]
    for name in DEFAULT_TEXTS
    if name.startswith("mail_") and name.endswith("_subject")
)

# name -> (subject, body): other domains' own templates (string.Template syntax, $tenant_name ...).
TEMPLATES: dict[str, tuple[str, str]] = {}


def register_template(name: str, subject: str, body: str) -> None:
    """Add a domain's own template (string.Template syntax; the signature is appended).
    Registering the same text twice is fine; a different text under a taken name is a bug."""
    if name in CATALOGUE_TEMPLATES or TEMPLATES.get(name, (subject, body)) != (subject, body):
        raise ValueError(f"mail template {name!r} is already registered with a different text")
    TEMPLATES[name] = (subject, body)


def compose(template: str, values: dict) -> tuple[str, str]:
    """(subject, body) of a template in the served tenant's words, filled in with `values`: in the body
    each value isolated for bidi where the text or the value is right to left (FSI … PDI, a text
    mail's own marks); the subject, a header, as filled, with no marks."""
    signature = "\n--\n" + fill_isolated(tenant_text("mail_signature"), values) + "\n"
    if template in TEMPLATES:
        subject, body = TEMPLATES[template]
        return Template(subject).substitute(values), Template(body).substitute(values) + signature
    if template not in CATALOGUE_TEMPLATES:
        raise KeyError(f"no mail template {template!r}")
    subject = fill(tenant_text(f"mail_{template}_subject"), values)
    return subject, fill_isolated(tenant_text(f"mail_{template}_body"), values) + signature


_executor: concurrent.futures.ThreadPoolExecutor | None = None
# The mail log's writes have a thread of their own: never queued behind an SMTP server's retries.
_log_executor: concurrent.futures.ThreadPoolExecutor | None = None
_pending: set[concurrent.futures.Future] = set()
SMTP_ATTEMPTS = 3


def send(template: str, to: str, *, background: bool = False, **context) -> None:
    """Render a template to `to` and deliver it. SMTP delivery always happens in a
    background thread; with background=True the outbox file is written there too, so the
    caller's time does not depend on whether a message was sent at all (forgot-password)."""
    config = current_app.config
    values = {**tenant_identity(), **context}
    words = compose(template, values)  # here, where the served tenant is known, not in a background thread
    smtp_url = config.get("SMTP_URL") or ""
    message_id = _message_id(config["MAIL_FROM"])
    job = (template, to, words, values["support_email"], config["MAIL_FROM"], smtp_url, config["MAIL_OUTBOX"])
    if background or smtp_url:
        _in_background(_deliver, *job, message_id)
    else:
        _deliver(*job, message_id)
    _log_sent(to, template, words[0], message_id)


def _log_sent(to: str, template: str, subject: str, message_id: str) -> None:
    """The account's mail log (engine.downloads.maillog): written by a thread of its own, so a request
    that sends while it holds a write transaction never waits on it."""
    global _log_executor
    engine = current_app.extensions.get("db_engine")
    if engine is None:
        return
    from engine.downloads import maillog

    if _log_executor is None:
        _log_executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="mail-log")
    _in_background(maillog.note, engine, to, template, subject, message_id, executor=_log_executor)


def render(template: str, to: str, **context) -> EmailMessage:
    values = {**tenant_identity(), **context}
    return _build(template, to, compose(template, values), values["support_email"], current_app.config["MAIL_FROM"])


def _message_id(mail_from: str) -> str:
    return email.utils.make_msgid(domain=mail_from.rpartition("@")[2] or None)


def _build(
    template: str, to: str, words: tuple[str, str], reply_to: str, mail_from: str, message_id: str | None = None
) -> EmailMessage:
    subject, body = words
    message = EmailMessage()
    message["From"] = mail_from
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = email.utils.formatdate(localtime=False)
    message["Message-ID"] = message_id or _message_id(mail_from)
    message["Reply-To"] = reply_to
    message["X-Formengine-Template"] = template
    message.set_content(body)
    return message


def _deliver(
    template: str,
    to: str,
    words: tuple[str, str],
    reply_to: str,
    mail_from: str,
    smtp_url: str,
    outbox: str,
    message_id: str | None = None,
) -> None:
    message = _build(template, to, words, reply_to, mail_from, message_id)
    if smtp_url:
        _deliver_smtp(smtp_url, message, template)
    else:
        path = _write_outbox(Path(outbox), message)
        log.info("mail %s %s written to %s", template, message["Message-ID"], path)


def tenant_identity() -> dict:
    config = current_app.config
    values = {
        "tenant_name": "formengine",
        "support_email": config["MAIL_FROM"],
        "public_url": config["PUBLIC_URL"].rstrip("/"),
    }
    holder = current_app.extensions.get("tenant")
    if holder is not None:
        # In the language of the request that sends it, as its words are (tenant_text).
        data = holder.current().in_language(g.get("language")).data
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


def _in_background(function, *args, executor: concurrent.futures.ThreadPoolExecutor | None = None) -> None:
    global _executor
    if executor is None:
        if _executor is None:
            _executor = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="mail")
        executor = _executor
    future = executor.submit(_logged, function, *args)
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
            log.info("mail %s %s sent by SMTP", template, message["Message-ID"])
            return
        except (OSError, smtplib.SMTPException) as exc:
            log.warning(
                "mail %s %s: SMTP attempt %d failed: %s", template, message["Message-ID"], attempt, _reason(exc)
            )
            time.sleep(0.5 * attempt)
    log.error("mail %s %s was not sent after %d attempts", template, message["Message-ID"], SMTP_ATTEMPTS)


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


def deliver_now(message: EmailMessage, smtp_url: str, outbox: str) -> str:
    """Send a composed message at once, in the caller's thread, for callers that record the outcome
    (staff delivery): by SMTP when `smtp_url` is set (OSError or smtplib.SMTPException when the
    server cannot be reached or refuses), else into the outbox folder. Says where it went."""
    if smtp_url:
        send_smtp(smtp_url, message)
        return "SMTP"
    return str(_write_outbox(Path(outbox), message))


def wait_for_deliveries(timeout: float = 10.0) -> bool:
    """Block until background deliveries finish (tests, shutdown); True if all did."""
    _done, not_done = concurrent.futures.wait(list(_pending), timeout=timeout)
    return not not_done


def _reason(exc: Exception) -> str:
    """Why an SMTP attempt failed, without the recipient: a refusal's text and a refused-recipients
    error quote the address, so only the error's kind and the server's code are logged. The
    Message-ID beside it finds the rest in the mail server's own log."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = sorted({code for code, _ in exc.recipients.values()})
        return f"{type(exc).__name__} {', '.join(map(str, codes))}"
    if isinstance(exc, smtplib.SMTPResponseException):
        return f"{type(exc).__name__} {exc.smtp_code}"
    return f"{type(exc).__name__}: {exc}" if isinstance(exc, OSError) else type(exc).__name__


atexit.register(wait_for_deliveries, 10.0)
