"""Stored definition versions: every compiled form the app serves is a row of its own, with its
compiled JSON, kept while any application refers to it. Its id is the compiled form's content hash
(`CompiledForm.etag`, engine.definition.content_id), so the same definition is the same version in
every process, on every day.

Usable without Flask (jobs hold a plain session): `load(session, version_id)` -> CompiledForm,
`for_application(session, application)` -> the CompiledForm the application is pinned to,
`newest_id(...)` -> the current version's id, `store_version(connection, compiled)` -> record it.
Versions are immutable, so a form read once is cached per process.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from sqlalchemy import column, exists, func, select, table, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from engine.accounts.models import utcnow
from engine.definition import CompiledForm
from engine.versions.models import DefinitionVersion
from engine.versions.tenancy import tenant_of

_TABLE = DefinitionVersion.__table__
_CACHE_SIZE = 32
_cache: OrderedDict[str, CompiledForm] = OrderedDict()
_cache_lock = threading.Lock()


def _remember(compiled: CompiledForm) -> CompiledForm:
    with _cache_lock:
        _cache[compiled.etag] = compiled
        _cache.move_to_end(compiled.etag)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return compiled


def cached(version_id: str) -> CompiledForm | None:
    """The version's compiled form if this process has read it already (no connection), else None."""
    return _cache.get(version_id)


def load(session_or_connection, version_id: str) -> CompiledForm | None:
    """The stored version's compiled form (cached per process), None when it is not stored."""
    found = cached(version_id)
    if found is not None:
        return found
    text = session_or_connection.scalar(select(_TABLE.c.compiled).where(_TABLE.c.id == version_id))
    if text is None:
        return None
    return _remember(CompiledForm(json.loads(text)))


def is_stored(session_or_connection, version_id: str) -> bool:
    return session_or_connection.scalar(select(_TABLE.c.id).where(_TABLE.c.id == version_id)) is not None


def newest_id(session_or_connection, tenant_id: str | None = None) -> str | None:
    """The current version's id: the newest publication (of `tenant_id`'s versions when given;
    None before any version is recorded)."""
    query = select(_TABLE.c.id).order_by(_TABLE.c.published.desc(), _TABLE.c.published_at.desc()).limit(1)
    if tenant_id is not None:
        query = query.where(_TABLE.c.tenant_id == tenant_id)
    return session_or_connection.scalar(query)


def for_application(session, application) -> CompiledForm:
    """For jobs: the compiled form the application is pinned to (the current one when it has none).
    Never reads the tenant folder. LookupError when the database holds no version."""
    version_id = application.definition_version or newest_id(session)
    compiled = load(session, version_id) if version_id else None
    if compiled is None:
        raise LookupError(f"definition version {version_id!r} is not stored; start the web app once to record one")
    return compiled


def store_version(connection, compiled: CompiledForm, publish: bool = True) -> str:
    """Record the compiled form (idempotent) and, with `publish`, make it the current version.
    Applications from before versions existed are pinned to it (unless the database holds another
    tenant's versions: whose they are is then unknown). Runs in the caller's transaction."""
    insert = pg_insert if connection.dialect.name == "postgresql" else sqlite_insert
    now = utcnow()
    tenant_id = tenant_of(compiled)
    next_published = select(func.coalesce(func.max(_TABLE.c.published), 0) + 1).scalar_subquery()
    connection.execute(
        insert(_TABLE)
        .values(
            id=compiled.etag,
            tenant_id=tenant_id,
            compiled=compiled.json_bytes.decode(),
            created_at=now,
            published=next_published if publish else 0,
            published_at=now,
        )
        .on_conflict_do_nothing(index_elements=["id"])
    )
    if publish:
        connection.execute(
            update(_TABLE).where(_TABLE.c.id == compiled.etag).values(published=next_published, published_at=now)
        )
        # The table by name: the applications' models import this package (their foreign key).
        applications = table("applications", column("definition_version"))
        others = exists().where(_TABLE.c.tenant_id != tenant_id)
        connection.execute(
            update(applications)
            .where(applications.c.definition_version.is_(None), ~others)
            .values(definition_version=compiled.etag)
        )
    _remember(compiled)
    return compiled.etag
