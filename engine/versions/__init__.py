"""Definition versions: every compiled form the app serves is a version, stored in the database with
its compiled JSON and kept while any application refers to it. Its id is the compiled form's content
hash (`CompiledForm.etag`, engine.definition.content_id), so the same definition is the same version
in every process, on every day.

Which version is current is decided in the database, not by files: a web process publishes its
tenant folder's valid compiled form when it starts with a version the database does not hold yet,
and whenever the folder is reloaded (TENANT_RELOAD) after an edit; `formengine publish` makes any
folder's version current. Every process serves the newest publication, checked at most every
DEFINITION_CHECK_S seconds, so switching needs no restart and no shared filesystem, and a process
starting with an older folder (a rolling deploy, a restart) follows the database instead of
turning the clock back.
An invalid edit is never recorded: the last good version keeps serving (`problems()` counts what
is wrong on disk, for /readyz and /metrics).

In the web app (an app context):
- `current()` -> (version_id, CompiledForm): the version served now;
- `get(version_id)` -> CompiledForm (cached per process: versions are immutable); KeyError if unknown;
- `record(compiled, publish=True)` -> version_id: store it (idempotent) and make it current;
- `of(application)` -> (version_id, CompiledForm): the version an application is on (its pinned one;
  the current one when it has none yet);
- `problems()` -> the tenant folder's problems on disk (empty when valid).

In jobs (no Flask app, a plain session): `load(session, version_id)` -> CompiledForm, and
`for_application(session, application)` -> the CompiledForm the application is pinned to.

A draft on an earlier version moves to the current one through `engine.versions.drafts.migrate_draft`.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import OrderedDict
from typing import TYPE_CHECKING

from flask import current_app
from sqlalchemy import column, exists, func, select, table, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import SQLAlchemyError

from engine.accounts.models import utcnow
from engine.definition import CompiledForm
from engine.versions.models import DefinitionVersion
from engine.versions.tenancy import require_own, tenant_of

if TYPE_CHECKING:
    from engine.tenant import TenantHolder

log = logging.getLogger(__name__)
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


def _cached(version_id: str) -> CompiledForm | None:
    return _cache.get(version_id)


def load(session_or_connection, version_id: str) -> CompiledForm | None:
    """The stored version's compiled form (cached per process), None when it is not stored."""
    found = _cached(version_id)
    if found is not None:
        return found
    text = session_or_connection.scalar(select(_TABLE.c.compiled).where(_TABLE.c.id == version_id))
    if text is None:
        return None
    return _remember(CompiledForm(json.loads(text)))


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


class Definitions:
    """A process's view of the versions: the tenant folder (a TenantHolder, reloaded when the app
    reloads) and the database's current version, checked at most every `check_s` seconds.

    `current()` returns the current CompiledForm (what `app.extensions["tenant"].current()` callers
    expect); `current_version()` the (id, form) pair."""

    def __init__(self, files: TenantHolder, engine, check_s: float = 1.0):
        self.files = files
        self.engine = engine
        self.check_s = check_s
        self._lock = threading.Lock()
        self._recorded: CompiledForm | None = None  # the folder's form last recorded
        self._attempted: CompiledForm | None = None  # ... and last tried (the database may be down)
        self._current: CompiledForm = files.current()
        self._checked = float("-inf")
        self._database_down_logged = False

    def current(self) -> CompiledForm:
        return self.current_version()[1]

    def start(self) -> None:
        """At start-up: publish the folder's form if the database does not hold it yet; a folder
        whose version is stored already follows the database's current version."""
        files = self.files.current()
        with self._lock:
            self._attempted = files
            try:
                with self.engine.begin() as connection:
                    require_own(connection, tenant_of(files))  # StartRefused: another tenant's database
                    newest = newest_id(connection, tenant_of(files))
                    known = connection.scalar(select(_TABLE.c.id).where(_TABLE.c.id == files.etag))
                    if newest is None or known is None:
                        store_version(connection, files)
                        newest = files.etag
                        log.info("definition version %s published", files.etag)
                    elif newest != files.etag:
                        log.warning(
                            "the tenant folder's definition version %s is stored but not current; serving %s "
                            "(`formengine publish` makes the folder's current)",
                            files.etag,
                            newest,
                        )
                    self._current = self._form(connection, newest) or files
                self._recorded = files
            except SQLAlchemyError as error:
                self._database_unavailable(error)
            self._checked = time.monotonic()

    def current_version(self) -> tuple[str, CompiledForm]:
        files = self.files.current()
        due = time.monotonic() - self._checked >= self.check_s
        if files is not self._recorded and (files is not self._attempted or due):
            self._reloaded(files)
        elif due:
            self._refresh()
        current = self._current
        return current.etag, current

    def _reloaded(self, files: CompiledForm) -> None:
        """The folder was reloaded (TENANT_RELOAD): publish it only when its compiled content changed.
        A save that compiles to the version recorded before (a comment, spacing) publishes nothing,
        so it never undoes a version published elsewhere (`formengine publish`); an edit that does
        change the form and replaces such a version says so in the log."""
        recorded = self._recorded  # None when the start could not reach the database: publish then
        if recorded is not None and files.etag in (recorded.etag, self._current.etag):
            self._recorded = self._attempted = files
            self._refresh()
            return
        served = self._current.etag
        if recorded is not None and served != recorded.etag:
            log.warning(
                "the tenant folder was edited: its definition version %s replaces %s, which was published "
                "elsewhere (`formengine publish`); publish that folder again to serve it",
                files.etag,
                served,
            )
        self.publish(files)

    def publish(self, compiled: CompiledForm) -> str:
        """Record the folder's valid form and make it current for every process."""
        with self._lock:
            self._attempted = compiled
            try:
                with self.engine.begin() as connection:
                    store_version(connection, compiled)
                self._recorded = compiled
                log.info("definition version %s published", compiled.etag)
            except SQLAlchemyError as error:
                self._database_unavailable(error)
            self._current = compiled
            self._checked = time.monotonic()
        return compiled.etag

    def _refresh(self) -> None:
        with self._lock:
            if time.monotonic() - self._checked < self.check_s:
                return
            try:
                with self.engine.connect() as connection:
                    newest = newest_id(connection, tenant_of(self.files.current()))
                    if newest is not None and newest != self._current.etag:
                        self._current = self._form(connection, newest) or self._current
                        log.info("definition version %s now served (published elsewhere)", self._current.etag)
            except SQLAlchemyError as error:
                self._database_unavailable(error)
            self._checked = time.monotonic()

    def _form(self, connection, version_id: str) -> CompiledForm | None:
        files = self.files.current()
        if files.etag == version_id:
            return files  # this folder's own form (with its delivery targets)
        return load(connection, version_id)

    def get(self, version_id: str) -> CompiledForm:
        if self._current.etag == version_id:
            return self._current
        files = self.files.current()
        if files.etag == version_id:
            return files
        # A version id is its content hash: a cached one is that version for good (no connection).
        found = _cached(version_id)
        if found is None:
            with self.engine.connect() as connection:
                found = load(connection, version_id)
        if found is None:
            raise KeyError(version_id)
        return found

    def _database_unavailable(self, error: Exception) -> None:
        # Still serving the form held in memory; a database without the versions table (not yet
        # migrated) is said once, not every request.
        if not self._database_down_logged:
            log.warning("definition versions: the database did not answer (%s); serving the form held", error)
            self._database_down_logged = True


def _definitions() -> Definitions:
    return current_app.extensions["tenant"]


def current() -> tuple[str, CompiledForm]:
    return _definitions().current_version()


def get(version_id: str) -> CompiledForm:
    return _definitions().get(version_id)


def record(compiled: CompiledForm, publish: bool = True) -> str:
    if publish:
        return _definitions().publish(compiled)
    with _definitions().engine.begin() as connection:
        return store_version(connection, compiled, publish=False)


def of(application) -> tuple[str, CompiledForm]:
    if application is not None and application.definition_version:
        return application.definition_version, get(application.definition_version)
    return current()


def problems() -> list:
    return _definitions().files.problems()
