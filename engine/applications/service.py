"""Application data: plain functions for the routes, the CLI, tests and other domains.

Every write locks the applicant's one application row for its whole transaction
(SELECT ... FOR UPDATE on PostgreSQL; on SQLite the transaction's first statement is a
write, which takes the database's write lock the way BEGIN IMMEDIATE does), merges, and
commits: concurrent saves queue up instead of overwriting each other, and a write racing
a submit either lands before it or is refused after it.

For other domains:
- `application_for(account_id)` -> Application (created on first use);
- `application_id_for(account_id)` -> its id;
- `is_submitted(application_id)`; `ensure_open(application_id)` raises 409 once submitted;
- `set_answer(application_id, key, value)` for a system write such as the documents
  worker's ANSWERED marker (no submitted check; the key must be in the data model);
- `reference_for(application_id)` -> the submitted application's reference (None for a draft).
"""

import datetime as dt
import json
import logging
from typing import cast

from flask import current_app
from sqlalchemy import ARRAY, Table, Text, bindparam, func, select, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from engine import db, mail, versions
from engine.accounts import sessions
from engine.accounts.models import Account, utcnow
from engine.accounts.service import pop_pending_answers, successful_logins
from engine.applications import drafts, hooks, messages
from engine.applications.answers import MAX_REPORTED, answer_problems, merge, shown_key, usable_answers
from engine.applications.models import Application, WebStatusEvent
from engine.applications.reference import new_reference, prefix_of
from engine.definition.catalogue import date_time_text
from engine.definition.entries import without_empty_entries
from engine.definition.visibility import ANSWERED
from engine.errors import AppError
from engine.fieldtypes.registry import holds_document
from engine.versions.drafts import migrate_draft

WEB_STATUSES = ("started", "validating", "submitted")
DERIVED_STATUS = ("none", "started", "validating", "submitted")
MAX_WEB_STATUS_EVENTS = 100  # beyond it only a status not seen before is recorded
_TABLE = cast(Table, Application.__table__)  # a mapped class's table is a Table

log = logging.getLogger(__name__)


def compiled_form():
    return current_app.extensions["tenant"].current()


def today() -> dt.date:
    return dt.date.today()


# --- the locked row --------------------------------------------------------------------


def _insert(session: Session):
    return pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert


def _take_write_lock(session: Session, where) -> None:
    if session.get_bind().dialect.name == "sqlite":
        # A write first: it waits (busy_timeout) for the write lock and then reads the newest data.
        session.execute(update(Application).where(where).values(version=Application.version))


def _select_locked(session: Session, where) -> Application | None:
    _take_write_lock(session, where)
    statement = select(Application).where(where).with_for_update().execution_options(populate_existing=True)
    return session.scalars(statement).first()


def _create(session: Session, account_id: int, version_id: str) -> None:
    now = utcnow()
    session.execute(
        _insert(session)(Application)
        .values(
            account_id=account_id,
            definition_version=version_id,
            answers={},
            add_another={},
            tabs={},
            validation_errors={},
            version=0,
            created_at=now,
            updated_at=now,
        )
        .on_conflict_do_nothing(index_elements=["account_id"])
    )


def lock(session: Session, account_id: int) -> Application:
    """The account's application, locked until the transaction ends (created if missing); a draft
    on an earlier definition version is moved to the current one first."""
    version_id, compiled = versions.current()  # before the lock: it may ask the database
    application = _select_locked(session, Application.account_id == account_id)
    if application is None:
        _create(session, account_id, version_id)
        application = _select_locked(session, Application.account_id == account_id)
    assert application is not None  # created just above
    return _up_to_date(session, application, version_id, compiled)


def _up_to_date(session: Session, application: Application, version_id: str, compiled) -> Application:
    """Move a locked draft on another definition version to `version_id` (a submitted one stays)."""
    if application.submitted_at is not None or application.definition_version == version_id:
        return application
    if drafts.published_later(session, application.definition_version, version_id):
        return application  # moved on by a request that saw a newer publication: never back
    try:
        before = versions.get(application.definition_version) if application.definition_version else None
    except KeyError:
        before = None
    application_id = application.id
    migrate_draft(
        application,
        before,
        compiled,
        hooks.document_answers(application_id),
        lambda moved, archived: hooks.move_documents(session, application_id, moved, archived),
    )
    application.definition_version = version_id
    _changed(application)
    return application


def _lock_row(session: Session, account_id: int, *columns):
    """The hot paths' lock, in Core (no ORM objects): (id, submitted_at, *columns), created if
    missing; a draft on an earlier definition version is moved to the current one first."""
    version_id, compiled = versions.current()  # before the lock: it may ask the database
    where = _TABLE.c.account_id == account_id
    statement = (
        select(_TABLE.c.id, _TABLE.c.submitted_at, _TABLE.c.definition_version, *columns).where(where).with_for_update()
    )
    _take_write_lock(session, where)
    row = session.execute(statement).first()
    if row is None:
        _create(session, account_id, version_id)
        _take_write_lock(session, where)
        row = session.execute(statement).first()
    assert row is not None  # created just above
    if row.submitted_at is not None:
        raise AppError(messages.ALREADY_SUBMITTED, 409)
    if row.definition_version != version_id:
        application = session.get(Application, row.id, populate_existing=True)
        assert application is not None  # locked just above
        _up_to_date(session, application, version_id, compiled)
        session.flush()
        row = session.execute(statement).first()
        assert row is not None  # still locked
    return row


def _update_row(session: Session, application_id: int, **values) -> None:
    session.execute(
        update(_TABLE)
        .where(_TABLE.c.id == application_id)
        .values(version=_TABLE.c.version + 1, updated_at=utcnow(), **values)
    )


def lock_by_id(session: Session, application_id: int) -> Application | None:
    return _select_locked(session, Application.id == application_id)


def _changed(application: Application) -> None:
    application.updated_at = utcnow()
    application.version = (application.version or 0) + 1


def _open(application: Application) -> Application:
    if application.is_submitted:
        raise AppError(messages.ALREADY_SUBMITTED, 409)
    return application


# --- for other domains -----------------------------------------------------------------


def application_for(account_id: int) -> Application:
    existing = db.session().scalars(select(Application).where(Application.account_id == account_id)).first()
    if existing is not None:
        return existing
    with db.transaction() as tx:
        return lock(tx, account_id)


def application_id_for(account_id: int) -> int:
    return application_for(account_id).id


def is_submitted(application_id: int) -> bool:
    submitted_at = db.session().scalar(select(Application.submitted_at).where(Application.id == application_id))
    return submitted_at is not None


def ensure_open(application_id: int) -> None:
    if is_submitted(application_id):
        raise AppError(messages.ALREADY_SUBMITTED, 409)


def ensure_shown(application_id: int, key: str) -> None:
    """409 when the form's rules hide the question (a document for it would be removed at once)."""
    application = db.session().get(Application, application_id)
    visibility = compiled_form().visibility
    if application is not None and key in visibility.all_hidden(
        application.answers, application.add_another, application.tabs
    ):
        raise AppError(messages.QUESTION_HIDDEN, 409, errors={key: [messages.QUESTION_HIDDEN]})


def set_answer(application_id: int, key: str, value) -> None:
    if key not in compiled_form().data_model:
        raise ValueError(f"{key!r} is not an answer key of this form")
    with db.transaction() as tx:
        application = lock_by_id(tx, application_id)
        if application is not None:
            application.answers = merge(application.answers, {key: value})
            _changed(application)


# --- profile and answers ---------------------------------------------------------------


def profile(account: Account) -> dict:
    """The profile; a visitor's answers kept at sign-up/login join the application first."""
    if account.pending_answers:
        _take_pending_answers(account)
    application = application_for(account.id)
    version_id, _ = versions.current()
    if not application.is_submitted and application.definition_version != version_id:
        with db.transaction() as tx:  # a draft moves to the current version when it is loaded
            application = lock(tx, account.id)
    return {
        "answer": application.answers,
        "document_answer": hooks.document_answers(application.id),
        "username": account.username,
        "last_page": application.last_page,
        "successful_login": successful_logins(account.id),
        "web_status": [{"web_status": status} for status in _web_statuses(application.id)],
        "reference": reference_for(application.id) if application.is_submitted else None,
        "submitted_at": iso_utc(application.submitted_at),
        "definition_version": application.definition_version,
        "archived_answer": application.archived_answers or {},
    }


def _take_pending_answers(account: Account) -> None:
    compiled = compiled_form()
    with db.transaction() as tx:
        application = lock(tx, account.id)
        pending, stale = _pending_for(tx, compiled, pop_pending_answers(account))
        if stale and not application.is_submitted:
            application.archived_answers = drafts.archive_stale(application.archived_answers, stale)
            _changed(application)
        if pending and not application.is_submitted:
            counts, tabs = application.add_another, application.tabs
            application.answers = compiled.visibility.settle(
                application.answers, pending, counts, tabs, today()
            ).answers
            _changed(application)


def _pending_for(session: Session, compiled, pending: dict) -> tuple[dict, dict]:
    """A visitor's answers kept at sign-up or login, for the current version: (the usable answers,
    renamed keys moved to their new key; an earlier version's answers to archive). What no version
    knows, or cannot be stored, is dropped, as before versions."""
    if all(key in compiled.data_model for key in pending):
        return usable_answers(compiled.data_model, pending), {}
    kept, stale, _unknown = drafts.stale_keys(pending, compiled, drafts.stored_versions(session))
    usable = {}
    for key, (value, version) in stale.items():
        for usable_key, usable_value in usable_answers(version.data_model, {key: value}).items():
            usable[usable_key] = (usable_value, version)
    return usable_answers(compiled.data_model, kept), usable


def check_answers(answers: dict) -> None:
    problems = answer_problems(compiled_form().data_model, answers)
    if problems:
        raise AppError(messages.ANSWERS_INVALID.format(keys=", ".join(problems)), 400, errors=problems)


def _sort_out(answers: dict, compiled) -> tuple[dict, dict]:
    """A save's answers for the current version: (the answers to store, with an earlier version's
    renamed keys moved to their new key; {key: (value, version)} of an earlier version's keys, to
    archive). 400 naming every key no version ever had and every value that cannot be stored."""
    if all(key in compiled.data_model for key in answers):
        problems = answer_problems(compiled.data_model, answers)
        if problems:
            raise AppError(messages.ANSWERS_INVALID.format(keys=", ".join(problems)), 400, errors=problems)
        return answers, {}
    kept, stale, unknown = drafts.stale_keys(answers, compiled, drafts.stored_versions(db.session()))
    problems = {shown_key(key): [messages.UNKNOWN_KEY] for key in unknown[:MAX_REPORTED]}
    problems.update(answer_problems(compiled.data_model, kept))
    problems.update(drafts.stale_problems(stale))
    if problems:
        raise AppError(messages.ANSWERS_INVALID.format(keys=", ".join(problems)), 400, errors=problems)
    return kept, stale


def save_answers(account_id: int, answers: dict) -> list[str]:
    """Merge the answers into the stored ones under the form's hiding rules, in one write; returns
    the answer keys the rules cleared (sent in this save or stored before)."""
    version_id, compiled = versions.current()
    sent = answers
    # A page still showing an earlier version saves its keys too: renamed ones move, others are archived.
    answers, stale = _sort_out(sent, compiled)
    with db.transaction() as tx:
        merged = answers and not stale and not compiled.visibility.touches(answers)
        if merged and _merge_in_database(tx, account_id, answers, version_id):
            return []  # nothing in the save can hide, show or change a rule's outcome
        # The rules need the stored answers (or there is no open row: create it, or 409 once submitted).
        row = _lock_row(
            tx, account_id, _TABLE.c.answers, _TABLE.c.add_another, _TABLE.c.tabs, _TABLE.c.archived_answers
        )
        if row.definition_version != version_id:
            # A newer version was published (and this draft moved to it) since this save began.
            compiled = versions.get(row.definition_version)
            answers, stale = _sort_out(sent, compiled)
        settled = compiled.visibility.settle(row.answers, answers, row.add_another, row.tabs, today())
        values = {}
        if answers or settled.cleared:
            values["answers"] = settled.answers
        if stale:
            values["archived_answers"] = drafts.archive_stale(row.archived_answers, stale)
        if values:
            _update_row(tx, row.id, **values)
    _remove_hidden_documents(compiled, row, settled)
    return settled.cleared


def _remove_hidden_documents(compiled, row, settled) -> None:
    """A document is its question's answer: the documents of file questions this save hid go too."""
    visibility = compiled.visibility
    if not visibility.may_change_files(settled.changes):  # the saved and cleared keys
        return
    before = visibility.hidden_files(row.answers, row.add_another, row.tabs)
    after = visibility.hidden_files(settled.answers, row.add_another, row.tabs)
    gone = (after - before) | (visibility.file_keys & set(settled.cleared))
    if gone:
        hooks.remove_documents(row.id, sorted(gone))


def _open_update(**values):
    """One statement for the hot paths, built once: UPDATE the account's application unless it was
    submitted or is on another definition version, RETURNING its id (no row: missing, submitted or
    to be moved to the current version). Binds `owner`, `current_version` and `changed_at`."""
    return (
        update(_TABLE)
        .where(
            _TABLE.c.account_id == bindparam("owner"),
            _TABLE.c.submitted_at.is_(None),
            _TABLE.c.definition_version == bindparam("current_version"),
        )
        .values(version=_TABLE.c.version + 1, updated_at=bindparam("changed_at"), **values)
        .returning(_TABLE.c.id)
    )


_PG_MERGED = _TABLE.c.answers.op("||", return_type=JSONB)(bindparam("kept", type_=JSONB)).op("-", return_type=JSONB)(
    bindparam("removed", type_=ARRAY(Text))
)
_MERGE = {
    "postgresql": _open_update(answers=_PG_MERGED),
    # SQLite: an RFC 7396 merge patch, where null removes a key (stored answers are never null)
    "sqlite": _open_update(answers=func.json_patch(_TABLE.c.answers, bindparam("patch", type_=Text))),
}


def _autosave_statement():
    """PostgreSQL: the session check and the merge in one statement; RETURNING the live session."""
    live = sessions.live_session()
    return (
        update(_TABLE)
        .where(
            _TABLE.c.account_id == live.c.account_id,
            _TABLE.c.submitted_at.is_(None),
            _TABLE.c.definition_version == bindparam("current_version"),
        )
        .values(answers=_PG_MERGED, version=_TABLE.c.version + 1, updated_at=bindparam("changed_at"))
        .returning(live.c.id, live.c.account_id, live.c.last_seen_at, live.c.expires_at)
    )


_AUTOSAVE = _autosave_statement()
_SET_LAST_PAGE = _open_update(last_page=bindparam("page"))


def _read_for_save():
    """PostgreSQL: the live session and what the hiding rules read of the open application."""
    live = sessions.live_session()
    return select(
        _TABLE.c.id,
        _TABLE.c.version,
        _TABLE.c.answers,
        _TABLE.c.add_another,
        _TABLE.c.tabs,
        live.c.id.label("session_id"),
        live.c.account_id,
        live.c.last_seen_at,
        live.c.expires_at,
    ).where(
        _TABLE.c.account_id == live.c.account_id,
        _TABLE.c.submitted_at.is_(None),
        _TABLE.c.definition_version == bindparam("current_version"),
    )


_READ_FOR_SAVE = _read_for_save()
# The save with what the rules clear, written only if the row is still the version that was read.
_SAVE_IF_UNCHANGED = (
    update(_TABLE)
    .where(_TABLE.c.id == bindparam("application_id"), _TABLE.c.version == bindparam("read_version"))
    .values(answers=_PG_MERGED, version=_TABLE.c.version + 1, updated_at=bindparam("changed_at"))
    .returning(_TABLE.c.id)
)
SAVE_ATTEMPTS = 3


def autosave(token: str | None, answers: dict) -> tuple[sessions.LiveSession, list[str]] | None:
    """PUT /api/answer's common case on PostgreSQL without a transaction: (the cookie's live session,
    the keys the hiding rules cleared). A save that no rule reads or hides is one autocommitted
    statement (the session joined to the merge); otherwise the stored answers are read with the
    session, settled by the rules, and written with what they clear in one statement that holds
    only if the row did not change in between (else read again). None when the common case does
    not apply (no answers, answers with a problem, no live session, no open application, SQLite,
    a row that keeps changing), and the caller takes the regular path, which gives each of those
    its own answer."""
    if db.session().get_bind().dialect.name != "postgresql":
        return None  # SQLite cannot return the joined session from UPDATE ... FROM
    version_id, compiled = versions.current()
    if not token or not answers or answer_problems(compiled.data_model, answers):
        return None
    if compiled.visibility.touches(answers):
        return _autosave_settled(token, answers, compiled)
    with db.autocommit() as connection:
        params = {**sessions.live_params(token), **_pg_merge_params(answers), "changed_at": utcnow()}
        row = connection.execute(_AUTOSAVE, {**params, "current_version": version_id}).first()
    return (sessions.LiveSession(*row), []) if row is not None else None


def _autosave_settled(token: str, answers: dict, compiled) -> tuple[sessions.LiveSession, list[str]] | None:
    with db.autocommit() as connection:
        for _ in range(SAVE_ATTEMPTS):
            live = {**sessions.live_params(token), "current_version": compiled.etag}
            row = connection.execute(_READ_FOR_SAVE, live).first()
            if row is None:
                return None
            settled = compiled.visibility.settle(row.answers, answers, row.add_another, row.tabs, today())
            params = {
                **_pg_merge_params(settled.changes),
                "application_id": row.id,
                "read_version": row.version,
                "changed_at": utcnow(),
            }
            if connection.execute(_SAVE_IF_UNCHANGED, params).first() is not None:
                break
        else:
            return None
    _remove_hidden_documents(compiled, row, settled)
    record = sessions.LiveSession(row.session_id, row.account_id, row.last_seen_at, row.expires_at)
    return record, settled.cleared


def _pg_merge_params(answers: dict) -> dict:
    return {
        "kept": {key: value for key, value in answers.items() if value != ""},
        "removed": [key for key, value in answers.items() if value == ""],
    }


def _merge_in_database(session: Session, account_id: int, answers: dict, version_id: str) -> bool:
    """The autosave's one statement: merge the answers into the open application's stored map
    inside the database (an empty string removes a key). The row lock the UPDATE takes, and the
    database evaluating the merge on the newest row version, keep concurrent saves from losing
    each other's keys. False when there is no open application on `version_id` (missing, submitted,
    or a draft to move to the current version first)."""
    dialect = session.get_bind().dialect.name
    values = {"owner": account_id, "changed_at": utcnow(), "current_version": version_id}
    if dialect == "postgresql":
        values.update(_pg_merge_params(answers))
    else:
        values["patch"] = json.dumps({key: (None if value == "" else value) for key, value in answers.items()})
    return session.execute(_MERGE[dialect], values).first() is not None


def save_last_page(account_id: int, last_page: str) -> None:
    routes = [page["route"] for page in compiled_form().data["pages"]]
    if last_page not in routes:
        raise AppError(
            messages.LAST_PAGE_UNKNOWN.format(routes=", ".join(routes)),
            400,
            errors={"last_page": [messages.LAST_PAGE_UNKNOWN.format(routes=", ".join(routes))]},
        )
    with db.transaction() as tx:
        values = {
            "owner": account_id,
            "page": last_page,
            "changed_at": utcnow(),
            "current_version": versions.current()[0],
        }
        if tx.execute(_SET_LAST_PAGE, values).first():
            return
        row = _lock_row(tx, account_id)  # no open application: create it, or 409 once submitted
        _update_row(tx, row.id, last_page=last_page)


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
        _, compiled = versions.of(application)  # the current one: lock moved the draft to it
        counts, tabs = application.add_another, application.tabs
        errors = compiled.validate(answers_for_validation(application), today=today(), tabs=tabs, counts=counts)
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
    _send_receipt(account.username, now, reference)
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


def _send_receipt(username: str, submitted_at: dt.datetime, reference: str) -> None:
    try:
        mail.send("submission_receipt", to=username, submitted_at=receipt_time(submitted_at), reference=reference)
    except Exception:  # the submission stands; the receipt is a courtesy
        log.exception("submission receipt for application of %s was not sent", username)


def receipt_time(moment: dt.datetime) -> str:
    return date_time_text(moment)


def iso_utc(moment: dt.datetime | None) -> str | None:
    return None if moment is None else moment.replace(microsecond=0).isoformat() + "Z"


# --- add-another and tabs --------------------------------------------------------------


def add_another_counts(account_id: int) -> dict[str, int]:
    stored = _stored(account_id, "add_another")
    return {button: stored.get(button, spec["default"]) for button, spec in compiled_form().data["add_another"].items()}


def set_add_another(account_id: int, button_id: str, num_components) -> list[str]:
    """Save a button's count; entries beyond it are hidden, so their answers (and documents) go.
    Returns the answer keys cleared."""
    buttons = compiled_form().data["add_another"]
    spec = _one_of(buttons, button_id, "button_id", messages.ADD_ANOTHER_UNKNOWN.format(buttons=", ".join(buttons)))
    whole = isinstance(num_components, int) and not isinstance(num_components, bool)
    if not whole or not 1 <= num_components <= spec["max"]:
        message = messages.ADD_ANOTHER_RANGE.format(button=button_id, max=spec["max"])
        raise _refused("num_components", message)
    return _settle_choice(account_id, "add_another", button_id, num_components)


def tab_choices(account_id: int) -> dict[str, str]:
    stored = _stored(account_id, "tabs")
    return {group: stored.get(group, spec["default"]) for group, spec in compiled_form().data["tabs"].items()}


def choose_tab(account_id: int, tab_id: str, chosen_tab: str) -> list[str]:
    """Save the choice; the other tabs' answers (and documents, and the tab's own `clears`) go.
    Returns the answer keys cleared."""
    groups = compiled_form().data["tabs"]
    group = _one_of(groups, tab_id, "tab_id", messages.TAB_GROUP_UNKNOWN.format(groups=", ".join(groups)))
    tabs = group["tabs"]
    _one_of(tabs, chosen_tab, "chosen_tab", messages.TAB_UNKNOWN.format(group=tab_id, tabs=", ".join(tabs)))
    return _settle_choice(account_id, "tabs", tab_id, chosen_tab)


def _one_of(table: dict, name: str, field: str, unknown: str):
    """table[name]; a 400 with the `unknown` message on the field when there is no such entry."""
    entry = table.get(name)
    if entry is None:
        raise _refused(field, unknown)
    return entry


def _refused(field: str, message: str) -> AppError:
    """The 400 for one wrong field of the body: the message, and again under the field's name."""
    return AppError(message, 400, errors={field: [message]})


def _settle_choice(account_id: int, column: str, name: str, value) -> list[str]:
    """Save one add-another count or tab choice and what the hiding rules clear because of it, in
    one write; the documents of every file question hidden afterwards are removed."""
    visibility = compiled_form().visibility
    with db.transaction() as tx:
        application = _open(lock(tx, account_id))
        setattr(application, column, {**getattr(application, column), name: value})
        counts, tabs = application.add_another, application.tabs
        settled = visibility.settle(application.answers, {}, counts, tabs, today())
        application.answers = settled.answers
        _changed(application)
        application_id = application.id
        hidden_files = visibility.hidden_files(settled.answers, counts, tabs)
    if hidden_files:
        hooks.remove_documents(application_id, sorted(hidden_files))
    return settled.cleared


def _stored(account_id: int, column: str) -> dict:
    value = db.session().scalar(select(getattr(Application, column)).where(Application.account_id == account_id))
    return value or {}
