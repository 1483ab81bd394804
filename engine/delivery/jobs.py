"""The delivery job: one try of one delivery, a thin shell over `webhook` and `staff_mail`.

    deliver(delivery_id)

It takes the delivery (only the job its row names may; another finds it and stops), makes sure the
application PDF exists (while it is being made, the delivery waits without using a try), sends, and
records the try and the next state (delivered; retrying with back-off; failed when tries run out).
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import smtplib
from pathlib import Path

from rq import get_current_job
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from engine import mail
from engine.accounts.models import Account, utcnow
from engine.applications.models import Application
from engine.applications.service import iso_utc
from engine.definition import DefinitionInvalid, load_and_compile
from engine.definition.catalogue import DEFAULT_TEXTS, date_time_text
from engine.delivery import staff_mail, targets, webhook
from engine.delivery.models import OPEN, Delivery, DeliveryAttempt
from engine.delivery.policy import Outcome, RetryPolicy
from engine.documents.kept import content_type, is_kept, stored_name
from engine.documents.models import PENDING, ApplicationPdf, ConversionStatus, DocumentConversion
from engine.documents.service import pdf_file_name
from engine.documents.storage import Storage, storage_from_config
from engine.pdf.jobs import MAX_PDF_BYTES, copy_key, default_language_pdf, render_application_pdf
from engine.staff import records
from engine.workhorse import job_session, job_settings

# How long after the submission a delivery waits for the PDF job before making the PDF itself.
PDF_WAIT_MAX = dt.timedelta(minutes=10)
MAX_ERROR = 1000

log = logging.getLogger(__name__)


def preload() -> None:
    """At worker start: refuse to start when a webhook of tenant.yaml signs with a secret that is not
    in this worker's environment (a tenant folder with problems is no reason to stop a worker)."""
    settings = job_settings()
    try:
        targets = load_and_compile(Path(settings["TENANT_PATH"])).delivery
    except DefinitionInvalid:
        return
    missing = webhook.missing_secrets(targets)
    if missing:
        raise SystemExit("\n".join(missing) + "\nThe worker was not started.")


def _job_id() -> str | None:
    job = get_current_job()
    return job.id if job is not None else None


def deliver(delivery_id: int) -> str:
    settings = job_settings()
    job_id = _job_id()
    with job_session(settings) as session:
        claimed = _claim(session, delivery_id, job_id)
        if claimed is None:
            return "skipped"
        delivery, facts = claimed
    store = storage_from_config(settings)
    pdf_key, waiting = _application_pdf(settings, delivery.application_id, facts["submitted"])
    if waiting:
        with job_session(settings) as session:
            _mark_waiting(session, delivery_id, job_id, settings["DELIVERY_PDF_WAIT_S"], waiting)
        return "waiting"
    started = utcnow()
    second = _default_language_pdf(delivery.application_id, pdf_key) if pdf_key is not None else None
    if pdf_key is None:
        outcome = Outcome(False, None, "the application PDF could not be made (see the worker's log)")
    elif isinstance(second, Outcome):
        outcome = second
    elif delivery.kind == "webhook":
        outcome = _send_webhook(delivery, facts, pdf_key, store, settings, second)
    else:
        outcome = _send_email(delivery, facts, store.read(pdf_key, MAX_PDF_BYTES), settings, second)
    with job_session(settings) as session:
        return _finish(session, delivery_id, job_id, started, outcome, RetryPolicy.from_settings(settings))


def _claim(session: Session, delivery_id: int, job_id: str | None):
    """The delivery and its application's facts, when this job may try it; None otherwise."""
    delivery = session.scalars(
        select(Delivery).where(Delivery.id == delivery_id).with_for_update().execution_options(populate_existing=True)
    ).first()
    if delivery is None or delivery.state not in OPEN:
        return None
    if job_id is not None and delivery.job_id not in (None, job_id):
        return None  # another job has it
    delivery.queued_at = utcnow()  # the job holds it from now until its timeout
    application = session.get(Application, delivery.application_id)
    facts = {
        "reference": application.reference,
        "submitted": application.submitted_at,
        "username": _applicant_username(session, application),
        "answers": dict(application.answers or {}),
        "version": records.version_of(application),
        "language": application.language,
        "documents": _documents(session, application.id),
    }
    session.commit()
    session.expunge(delivery)
    return delivery, facts


def _documents(session: Session, application_id: int) -> list[dict]:
    conversions = session.scalars(
        select(DocumentConversion)
        .where(
            DocumentConversion.application_id == application_id,
            DocumentConversion.status == ConversionStatus.COMPLETED.value,
        )
        .order_by(DocumentConversion.id)
    )
    return [
        {"key": c.answer_key, "name": c.file_name, "size": c.file_size or 0, "pdf_key": c.pdf_key, "kind": c.file_type}
        for c in conversions
        if c.pdf_key
    ]


def _application_pdf(settings: dict, application_id: int, submitted: dt.datetime) -> tuple[str | None, str]:
    """(the stored PDF's key, "") when there is one; (None, why) while the PDF job is expected to
    make it; else the PDF is made here, as its job would: (key or None, "")."""
    with job_session(settings) as session:
        row = session.scalars(select(ApplicationPdf).where(ApplicationPdf.application_id == application_id)).first()
        now = utcnow()
        if row is not None and row.status == ConversionStatus.COMPLETED.value and row.pdf_key:
            return row.pdf_key, ""
        in_hand = row is not None and row.status in PENDING and (row.deadline_at is None or row.deadline_at > now)
        if (row is None or in_hand) and now - submitted < PDF_WAIT_MAX:
            return None, "waiting for the application PDF"
    render_application_pdf(application_id)
    with job_session(settings) as session:
        row = session.scalars(select(ApplicationPdf).where(ApplicationPdf.application_id == application_id)).first()
        done = row is not None and row.status == ConversionStatus.COMPLETED.value and row.pdf_key
        return (row.pdf_key if done else None), ""


def _document_url(store: Storage, document: dict, expires_in: int) -> str:
    """A converted document's PDF, or a kept file as it was sent (its own name and type)."""
    kind = document.get("kind")
    if is_kept(kind):
        return store.download_url(
            document["pdf_key"], expires_in, stored_name(document["name"], kind), content_type(kind)
        )
    return store.download_url(document["pdf_key"], expires_in, pdf_file_name(document["name"], document["key"]))


def _default_language_pdf(application_id: int, pdf_key: str) -> tuple[str, bytes] | Outcome | None:
    """The second PDF staff get when the applicant wrote in another language than the institution's
    default: (that default language, the PDF in it); None when the two are the same. Rendered once
    for the submission's PDF (`pdf_key`) and kept beside it: every target and every retry reads it."""
    try:
        return default_language_pdf(application_id, beside=pdf_key)
    except Exception:
        log.exception("delivery: the default-language PDF of application %s failed", application_id)
        return Outcome(False, None, "the PDF in the form's default language could not be made (see the worker's log)")


def _send_webhook(
    delivery: Delivery, facts: dict, pdf_key: str, store: Storage, settings: dict, second: tuple[str, bytes] | None
) -> Outcome:
    config = delivery.config
    secret = os.environ.get(config["secret_env"])
    if not secret:
        return Outcome(False, None, f"{config['secret_env']} is not set in the worker's environment")
    expires_in = int(settings.get("DELIVERY_LINK_EXPIRES_S") or 900)
    reference = facts["reference"]
    raw = webhook.body(
        {
            "delivery_id": delivery.id,
            "reference": reference,
            "submitted_at": iso_utc(facts["submitted"]),
            "definition_version": facts["version"],
            "username": facts["username"],
            "answers": facts["answers"],
            "documents": [
                {
                    "key": d["key"],
                    "name": d["name"],
                    "size": d["size"],
                    "url": _document_url(store, d, expires_in),
                }
                for d in facts["documents"]
            ],
            "pdf_url": store.download_url(pdf_key, expires_in, f"{reference}.pdf"),
            "language": facts["language"],
            **_second_pdf_link(pdf_key, reference, second, store, expires_in),
            "links_expire_at": iso_utc(utcnow() + dt.timedelta(seconds=expires_in)),
        }
    )
    attempt = delivery.attempts + 1
    allowed = targets.allowed_hosts(settings.get("DELIVERY_ALLOW_HOSTS"))
    request_headers = webhook.headers(secret, raw, delivery.id, attempt)
    return webhook.post(config["url"], raw, request_headers, config["timeout_s"], allowed)


def _second_pdf_link(pdf_key: str, reference: str, second, store: Storage, expires_in: int) -> dict:
    """The link of the default-language PDF kept beside the application PDF (the cleanup removes it,
    as no row names it, after its grace period); {} when there is no second PDF."""
    if second is None:
        return {}
    language = second[0]
    key = copy_key(pdf_key, language)
    return {
        "default_language": language,
        "default_language_pdf_url": store.download_url(key, expires_in, f"{reference}-{language}.pdf"),
    }


def _send_email(delivery: Delivery, facts: dict, pdf: bytes, settings: dict, second=None) -> Outcome:
    config = delivery.config
    message = staff_mail.compose(
        to=config["to"],
        mail_from=settings["MAIL_FROM"],
        tenant_name=config["tenant_name"],
        reference=facts["reference"],
        applicant_name=config.get("applicant_name") or "",
        username=facts["username"],
        submitted=date_time_text(facts["submitted"], DEFAULT_TEXTS),  # staff read the engine's words
        version=facts["version"],
        language=facts["language"],
        documents=facts["documents"],
        pdf=pdf,
        second=second,
        public_url=settings["PUBLIC_URL"],
    )
    try:
        where = mail.deliver_now(message, settings.get("SMTP_URL") or "", settings["MAIL_OUTBOX"])
    except smtplib.SMTPRecipientsRefused as refused:
        said = "; ".join(f"{code} {text.decode(errors='replace')}" for code, text in refused.recipients.values())
        return Outcome(False, None, f"the SMTP server refused {config['to']}: {said}")
    except (OSError, smtplib.SMTPException) as exc:
        return Outcome(False, None, f"SMTP: {exc}")
    log.info("delivery %s: e-mail for %s sent (%s)", delivery.id, facts["reference"], where)
    return Outcome(True)


def _finish(session: Session, delivery_id: int, job_id, started, outcome: Outcome, policy: RetryPolicy) -> str:
    """Record the try; move the delivery on (unless another job has taken it meanwhile)."""
    delivery = session.scalars(select(Delivery).where(Delivery.id == delivery_id).with_for_update()).first()
    if delivery is None:
        return "gone"
    now = utcnow()
    delivery.attempts += 1
    session.add(
        DeliveryAttempt(
            delivery_id=delivery_id,
            number=delivery.attempts,
            started_at=started,
            finished_at=now,
            ok=outcome.ok,
            status_code=outcome.status_code,
            error=(outcome.error or None) and outcome.error[:MAX_ERROR],
        )
    )
    ours = job_id is None or delivery.job_id in (None, job_id)
    if outcome.ok or (ours and delivery.state in OPEN):
        delivery.round_attempts += 1
        delivery.state, delivery.next_attempt_at = policy.after(outcome, delivery.round_attempts, now)
        delivery.last_error = None if outcome.ok else outcome.error
        delivery.delivered_at = now if outcome.ok else delivery.delivered_at
        delivery.job_id = None
    state = delivery.state
    session.commit()
    log.log(
        logging.INFO if outcome.ok else logging.WARNING,
        "delivery %s (%s) try %s: %s",
        delivery_id,
        delivery.kind,
        delivery.attempts,
        "delivered" if outcome.ok else f"{outcome.error}; now {state}",
    )
    return state


def _applicant_username(session: Session, application: Application) -> str:
    return session.scalar(select(Account.username).where(Account.id == application.account_id)) or ""


def _mark_waiting(session: Session, delivery_id: int, job_id: str | None, wait_s: float, why: str) -> None:
    """Not a try: the delivery waits (its application PDF is being made) and is queued again later."""
    session.execute(
        update(Delivery)
        .where(Delivery.id == delivery_id, *([Delivery.job_id == job_id] if job_id else []))
        .values(job_id=None, next_attempt_at=utcnow() + dt.timedelta(seconds=wait_s), last_error=why)
    )
    session.commit()
