"""Holds the compiled form for a process; reloads it when a tenant file changes (dev)."""

import logging
import threading
from pathlib import Path

from engine.definition import CompiledForm, DefinitionInvalid, load_and_compile

log = logging.getLogger(__name__)


def _fingerprint(folder: Path) -> tuple:
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in {".yaml", ".yml", ".md"})
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


class TenantHolder:
    """The current CompiledForm. Raises DefinitionInvalid at start-up if the tenant is invalid;
    with reload on, a later invalid edit keeps the last good form and logs the problems."""

    def __init__(self, path: str | Path, reload: bool = False):
        self.path = Path(path)
        self.reload = reload
        self._lock = threading.Lock()
        self._fingerprint = _fingerprint(self.path)
        self._compiled = load_and_compile(self.path)

    def current(self) -> CompiledForm:
        if self.reload:
            self._maybe_reload()
        return self._compiled

    def _maybe_reload(self) -> None:
        fingerprint = _fingerprint(self.path)
        if fingerprint == self._fingerprint:
            return
        with self._lock:
            if fingerprint == self._fingerprint:
                return
            self._fingerprint = fingerprint
            try:
                self._compiled = load_and_compile(self.path)
                log.info("tenant %s reloaded", self.path)
            except DefinitionInvalid as invalid:
                log.error(
                    "tenant %s has %d problem(s); still serving the last good form:\n%s",
                    self.path,
                    len(invalid.problems),
                    "\n".join(p.format() for p in invalid.problems),
                )
