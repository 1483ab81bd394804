"""The hot paths of saving: one prepared statement each, built once. The autosave's merge inside
the database (both dialects), PostgreSQL's autosave without a transaction (the session check and
the merge in one statement, or a read and a write that holds only if the row did not change; run
on the driver's cursor, compiled once), and the last page."""

import json
from typing import NamedTuple

from psycopg.types.json import Jsonb
from sqlalchemy import ARRAY, Text, bindparam, func, select, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Session

from engine import db, versions
from engine.accounts import sessions
from engine.accounts.models import utcnow
from engine.applications import current, hooks, messages, window
from engine.applications.answers import answer_problems
from engine.applications.current import compiled_form
from engine.applications.locking import _TABLE, _lock_row, _update_row
from engine.errors import AppError


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


# PostgreSQL's hot path runs these on the driver's cursor (db.DriverStatement): rows are tuples.
_AUTOSAVE = db.DriverStatement(_autosave_statement())
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


_READ_FOR_SAVE = db.DriverStatement(_read_for_save())


class _Stored(NamedTuple):
    """What a save reads of the open application (the first columns of `_READ_FOR_SAVE`)."""

    id: int
    version: int
    answers: dict
    add_another: dict
    tabs: dict


# The save with what the rules clear, written only if the row is still the version that was read.
_SAVE_IF_UNCHANGED = db.DriverStatement(
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
    if db.dialect() != "postgresql":
        return None  # SQLite cannot return the joined session from UPDATE ... FROM
    version_id, compiled = versions.current()
    if not token or not answers or answer_problems(compiled.data_model, answers) or not window.open_for_all():
        return None
    if compiled.visibility.touches(answers):
        return _autosave_settled(token, answers, compiled)
    with db.autocommit() as connection:
        params = {**sessions.live_params(token), **_driver_merge_params(answers), "changed_at": utcnow()}
        row = _AUTOSAVE.first(connection, {**params, "current_version": version_id})
    return (sessions.LiveSession(*row), []) if row is not None else None


def _autosave_settled(token: str, answers: dict, compiled) -> tuple[sessions.LiveSession, list[str]] | None:
    with db.autocommit() as connection:
        for _ in range(SAVE_ATTEMPTS):
            live = {**sessions.live_params(token), "current_version": compiled.etag}
            row = _READ_FOR_SAVE.first(connection, live)
            if row is None:
                return None
            stored = _Stored(*row[:5])
            settled = compiled.visibility.settle(
                stored.answers, answers, stored.add_another, stored.tabs, current.today()
            )
            params = {
                **_driver_merge_params(settled.changes),
                "application_id": stored.id,
                "read_version": stored.version,
                "changed_at": utcnow(),
            }
            if _SAVE_IF_UNCHANGED.first(connection, params) is not None:
                break
        else:
            return None
    _remove_hidden_documents(compiled, stored, settled)
    return sessions.LiveSession(*row[5:]), settled.cleared


def _pg_merge_params(answers: dict) -> dict:
    return {
        "kept": {key: value for key, value in answers.items() if value != ""},
        "removed": [key for key, value in answers.items() if value == ""],
    }


def _driver_merge_params(answers: dict) -> dict:
    params = _pg_merge_params(answers)
    params["kept"] = Jsonb(params["kept"])  # the driver's own JSON parameter (SQLAlchemy's JSONB type wraps it so)
    return params


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
