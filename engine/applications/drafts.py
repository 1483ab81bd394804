"""Drafts across definition versions: a draft moving to the current version (its answers, documents,
add-another counts and tab choices, with an archive for what the new version has no place for), and
a save from a page still showing an earlier version's keys.

Both run inside the caller's transaction with the application row locked."""

import datetime as dt
import threading
from collections import OrderedDict
from collections.abc import Callable

from sqlalchemy import select

from engine.accounts.models import utcnow
from engine.applications.answers import answer_problems
from engine.applications.migration import Archiver, Migrated, Migration
from engine.definition import CompiledForm
from engine.definition.diff.diff import REMOVED, key_facts

_CACHE_SIZE = 16
_migrations: OrderedDict[tuple[str, str], Migration] = OrderedDict()
_lock = threading.Lock()


def iso(moment: dt.datetime) -> str:
    return moment.replace(microsecond=0).isoformat() + "Z"


def _migration(before: CompiledForm, after: CompiledForm) -> Migration:
    """The move between two versions, read once per process (versions never change)."""
    pair = (before.etag, after.etag)
    with _lock:
        found = _migrations.get(pair)
        if found is not None:
            _migrations.move_to_end(pair)
            return found
    migration = Migration(before.data, after.data)
    with _lock:
        _migrations[pair] = migration
        while len(_migrations) > _CACHE_SIZE:
            _migrations.popitem(last=False)
    return migration


def move_draft(
    application,
    before: CompiledForm | None,
    after: CompiledForm,
    documents: dict,
    move_documents: Callable[[dict, list], dict],
) -> Migrated:
    """Move the locked draft to `after`. `before` is the version it is on (None when that version is
    not stored: then every answer the new version has no place for is archived under its key).
    `documents` are its document answers; `move_documents(moved, archived)` renames and archives
    them in the same transaction and returns {key: its archived document key}."""
    migration = _migration(before or after, after)
    result = migration.apply(
        dict(application.answers or {}),
        documents=documents,
        add_another=dict(application.add_another or {}),
        tabs=dict(application.tabs or {}),
        archive=dict(application.archived_answers or {}),
        version=before.etag if before is not None else application.definition_version or "",
        at=iso(utcnow()),
    )
    kept_under = move_documents(result.moved_documents, result.archived_documents)
    for key, document_key in kept_under.items():
        entry = result.archive.get(key)
        if entry is not None and "document" in entry:
            entry["document"] = {**entry["document"], "key": document_key}
    application.answers = result.answers
    application.add_another = result.add_another
    application.tabs = result.tabs
    application.archived_answers = result.archive
    return result


def stale_keys(answers: dict, current: CompiledForm, earlier: list[CompiledForm]) -> tuple[dict, dict, list[str]]:
    """A save's answers sorted out against the current version: (the answers to store, with keys an
    earlier version had under a `renamed_from` moved to their new key; {key: (value, the newest
    earlier version that had the key)} to archive; the keys no version ever had)."""
    data_model = current.data_model
    if all(key in data_model for key in answers):
        return answers, {}, []
    renamed = {old: key for key, spec in data_model.items() for old in spec.get("renamed_from") or ()}
    kept: dict = {}
    stale: dict = {}
    unknown: list[str] = []
    for key, value in answers.items():
        if key in data_model:
            kept[key] = value
        elif key in renamed:
            kept.setdefault(renamed[key], value)  # the new key, when the save has it too, wins
        else:
            version = next((form for form in earlier if key in form.data_model), None)
            if version is None:
                unknown.append(key)
            else:
                stale[key] = (value, version)
    return kept, stale, unknown


def stale_problems(stale: dict) -> dict[str, list[str]]:
    """What could not be archived from a stale save: a value its own version would not have stored."""
    problems: dict[str, list[str]] = {}
    for key, (value, version) in stale.items():
        problems.update(answer_problems(version.data_model, {key: value}))
    return problems


def archive_stale(archive: dict | None, stale: dict) -> dict:
    """The archive with the stale save's answers added (an empty answer archives nothing)."""
    move = Archiver({}, {}, "", iso(utcnow()), dict(archive or {}))
    for key, (value, version) in stale.items():
        if value == "":
            continue
        move.version = version.etag
        move.keep(key, key_facts(version.data).get(key), REMOVED, value)
    return move.archive


def stored_versions(session) -> list[CompiledForm]:
    """Every stored version, newest publication first (cached per process by engine.versions)."""
    from engine import versions
    from engine.versions.models import DefinitionVersion

    ids = session.scalars(
        select(DefinitionVersion.id).order_by(DefinitionVersion.published.desc(), DefinitionVersion.published_at.desc())
    ).all()
    forms = [versions.load(session, version_id) for version_id in ids]
    return [form for form in forms if form is not None]


def published_later(session, version_id: str | None, than: str) -> bool:
    """Was `version_id` published after `than`? (A draft never moves back to an older version.)"""
    from engine.versions.models import DefinitionVersion

    if not version_id:
        return False
    rows = dict(
        session.execute(
            select(DefinitionVersion.id, DefinitionVersion.published).where(
                DefinitionVersion.id.in_([version_id, than])
            )
        ).all()
    )
    return version_id in rows and than in rows and rows[version_id] > rows[than]
