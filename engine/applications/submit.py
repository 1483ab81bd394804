"""Web status, the client's validation errors, and the submit: the whole application validated,
its hidden answers and empty entries left out, a reference drawn, the receipt sent."""

import datetime as dt
import logging

from flask import g
from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import db, mail, versions
from engine.accounts.models import Account, utcnow
from engine.applications import current, hooks, messages
from engine.applications.current import compiled_form
from engine.applications.locking import _changed, _open, _refused, _writable, lock, lock_by_id
from engine.applications.models import Application, WebStatusEvent
from engine.applications.reference import new_reference, prefix_of
from engine.definition.entries import without_empty_entries
from engine.definition.moments import Moments
from engine.definition.visibility import ANSWERED
from engine.errors import AppError
from engine.fieldtypes.registry import holds_document

WEB_STATUSES = ("started", "validating", "submitted")
DERIVED_STATUS = ("none", "started", "validating", "submitted")
MAX_WEB_STATUS_EVENTS = 100  # beyond it only a status not seen before is recorded

log = logging.getLogger(__name__)

# --- web status, validations, submit ----------------------------------------------------


def _web_statuses(application_id: int) -> list[str]:
    return list(
        db.session().scalars(
            select(WebStatusEvent.web_status)
            .where(WebStatusEvent.application_id == application_id)
            .order_by(WebStatusEvent.id)
        )
    )


def derived_status(statuses) -> str:
    """0 distinct recognised statuses: none, 1: started, 2: validating, 3: submitted."""
    return DERIVED_STATUS[len(set(statuses) & set(WEB_STATUSES))]


def web_status_of(application_id: int) -> str:
    return derived_status(_web_statuses(application_id))


def post_web_status(account_id: int, web_status: str) -> list[str]:
    if web_status not in WEB_STATUSES:
        message = messages.WEB_STATUS_UNKNOWN.format(statuses=", ".join(WEB_STATUSES))
        raise _refused("web_status", message)
    with db.transaction() as tx:
        application = lock(tx, account_id)
        if web_status == "submitted" and not application.is_submitted:
            raise AppError(messages.WEB_STATUS_NOT_SUBMITTED, 409)
        statuses = _web_statuses(application.id)
        if len(statuses) < MAX_WEB_STATUS_EVENTS or web_status not in statuses:
            tx.add(WebStatusEvent(application_id=application.id, web_status=web_status, at=utcnow()))
            statuses.append(web_status)
    return statuses


def save_validations(account_id: int, errors: dict, page: str | None) -> None:
    """Store the client's errors, less those of questions the rules hide (hidden means absent)."""
    visibility = compiled_form().visibility
    with db.transaction() as tx:
        application = _open(lock(tx, account_id))
        hidden = visibility.all_hidden(application.answers, application.add_another, application.tabs)
        errors = {key: messages_ for key, messages_ in errors.items() if key not in hidden}
        application.validation_errors = {"page": page, "errors": errors}
        application.validated_at = utcnow()
        _changed(application)


def answers_for_validation(application: Application) -> dict:
    """The stored answers; with the documents domain present, file questions are answered
    exactly when a converted document exists (the client cannot claim one)."""
    answers = dict(application.answers)
    if hooks.has_documents_domain():
        documents = hooks.document_answers(application.id)
        for key, spec in compiled_form().data_model.items():
            if holds_document(spec.get("field")):
                answers[key] = ANSWERED if key in documents else ""
    return answers


def submit(account: Account) -> tuple[dt.datetime, str, bool]:
    """Validate the whole application and record its submission with a new reference:
    (submitted_at, reference, newly). 422 with the error map when invalid; a repeated
    submit changes nothing. Hidden means absent: what the rules hide is left out of the
    submitted record (answers and documents) and never blocks the submission; so are empty
    add-another entries (the later ones move up)."""
    with db.transaction() as tx:
        application = lock(tx, account.id)
        if application.submitted_at is not None:  # is_submitted
            return application.submitted_at, _give_reference(tx, application), False
        _writable(application)  # the window, judged when the request reached the server
        _, compiled = versions.of(application)  # the current one: lock moved the draft to it
        counts, tabs = application.add_another, application.tabs
        in_language = compiled.in_language(g.get("language"))  # its messages in the applicant's words
        errors = in_language.validate(
            answers_for_validation(application), today=current.today(), tabs=tabs, counts=counts
        )
        if errors:
            raise AppError(messages.SUBMIT_INVALID, 422, errors=errors)
        application.answers = compiled.visibility.visible_answers(application.answers, counts, tabs)
        hidden_files = compiled.visibility.hidden_files(application.answers, counts, tabs)
        application.answers, application.add_another = without_empty_entries(
            compiled.data.get("add_another") or {}, application.answers, counts or {}, compiled.visibility.file_keys
        )
        now = utcnow()
        application.submitted_at = now
        application.definition_version = compiled.etag  # pinned: the version it was validated on, for ever
        application.language = g.get("language")  # the receipt, sent from here, and the PDF are in it
        reference = _give_reference(tx, application)
        _changed(application)
        seen = set(_web_statuses(application.id))
        for status in WEB_STATUSES:
            if status not in seen:  # the server's record says submitted whatever the client posted
                tx.add(WebStatusEvent(application_id=application.id, web_status=status, at=now))
        hooks.record_application_pdf(tx, application.id)
        hooks.submitting.send(session=tx, application=application)
        application_id = application.id
    if hidden_files:
        hooks.remove_documents(application_id, sorted(hidden_files))
    _send_receipt(account.username, application_id, now, reference, in_language.data)
    return now, reference, True


def _give_reference(session: Session, application: Application) -> str:
    """The application's reference, drawn now if it has none (the row is locked). A drawn code
    already in use is drawn again; with 30**8 codes that is a formality the unique index backs."""
    if application.reference is None:
        prefix = prefix_of(compiled_form().data.get("settings"))
        candidate = new_reference(prefix)
        while session.scalar(select(Application.id).where(Application.reference == candidate)) is not None:
            candidate = new_reference(prefix)
        application.reference = candidate
    return application.reference


def reference_for(application_id: int) -> str | None:
    """A submitted application's reference (given now to one submitted before references existed);
    None while it is a draft. For other domains: delivery, the print view, the PDF."""
    application = db.session().get(Application, application_id)
    if application is None or not application.is_submitted:
        return None
    if application.reference is not None:
        return application.reference
    with db.transaction() as tx:
        locked = lock_by_id(tx, application_id)
        assert locked is not None  # read just above
        return _give_reference(tx, locked)


def _send_receipt(
    username: str, application_id: int, submitted_at: dt.datetime, reference: str, form_data: dict
) -> None:
    try:
        when = receipt_time(submitted_at, form_data)
        mail.send("submission_receipt", to=username, submitted_at=when, reference=reference)
    except Exception:  # the submission stands; the receipt is a courtesy
        log.exception("submission receipt for application %s (%s) was not sent", application_id, reference)


def receipt_time(moment: dt.datetime, form_data: dict) -> str:
    """When it was submitted, as the PDF says it: in the compiled form's language (the applicant's,
    the one the receipt is written in), date style and time zone, then in UTC."""
    return Moments(form_data.get("settings"), form_data["texts"]).submitted(moment)


def iso_utc(moment: dt.datetime | None) -> str | None:
    return None if moment is None else moment.replace(microsecond=0).isoformat() + "Z"
