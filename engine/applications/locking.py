"""The applicant's one application row, locked for the whole transaction of every write.

SELECT ... FOR UPDATE on PostgreSQL; on SQLite the transaction's first statement is a write, which
takes the database's write lock the way BEGIN IMMEDIATE does. A draft on an earlier definition
version is moved to the current one as it is locked. Also the small reads other domains use."""

from typing import cast

from sqlalchemy import Table, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from engine import db, versions
from engine.accounts.models import utcnow
from engine.applications import drafts, hooks, messages, window
from engine.applications.answers import merge
from engine.applications.current import compiled_form
from engine.applications.models import Application
from engine.errors import AppError
from engine.versions.drafts import migrate_draft

_TABLE = cast(Table, Application.__table__)  # a mapped class's table is a Table

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
        select(_TABLE.c.id, _TABLE.c.submitted_at, _TABLE.c.definition_version, _TABLE.c.extended_until, *columns)
        .where(where)
        .with_for_update()
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


def _writable(application: Application) -> Application:
    """Open, and the application window open for this applicant (409 with the tenant's words)."""
    window.ensure_writable(lambda: application.extended_until)
    return _open(application)


def _refused(field: str, message: str) -> AppError:
    """The 400 for one wrong field of the body: the message, and again under the field's name."""
    return AppError(message, 400, errors={field: [message]})


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
    window.ensure_writable(window.extension_of(application_id))


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
