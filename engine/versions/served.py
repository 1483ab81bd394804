"""The version a process serves. Which version is current is decided in the database, not by files:
a web process publishes its tenant folder's valid compiled form when it starts with a version the
database does not hold yet, and whenever the folder is reloaded (TENANT_RELOAD) after an edit;
`formengine publish` makes any folder's version current. Every process serves the newest
publication, checked at most every DEFINITION_CHECK_S seconds, so switching needs no restart and no
shared filesystem, and a process starting with an older folder (a rolling deploy, a restart)
follows the database instead of turning the clock back.
An invalid edit is never recorded: the last good version keeps serving (`problems()` counts what
is wrong on disk, for /readyz and /metrics).

In the web app (an app context):
- `current()` -> (version_id, CompiledForm): the version served now;
- `get(version_id)` -> CompiledForm (cached per process: versions are immutable); KeyError if unknown;
- `record(compiled, publish=True)` -> version_id: store it (idempotent) and make it current;
- `of(application)` -> (version_id, CompiledForm): the version an application is on (its pinned one;
  the current one when it has none yet);
- `problems()` -> the tenant folder's problems on disk (empty when valid).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING

from flask import current_app
from sqlalchemy.exc import SQLAlchemyError

from engine.definition import CompiledForm
from engine.versions.store import cached, is_stored, load, newest_id, store_version
from engine.versions.tenancy import require_own, tenant_of

if TYPE_CHECKING:
    from engine.tenant import TenantHolder

log = logging.getLogger(__name__)


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
                    if newest is None or not is_stored(connection, files.etag):
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
        found = cached(version_id)
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
