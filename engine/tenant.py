"""Holds the compiled form of a tenant folder for a process; reloads it when a tenant file changes (dev).

What the process serves is decided by engine.versions (the database's current version); this holder
is what the folder on disk says: its last good compiled form and the problems of what is there now."""

import logging
import threading
from collections import Counter
from pathlib import Path

from engine.definition import CompiledForm, DefinitionInvalid, Problem, load_and_compile

log = logging.getLogger(__name__)


def _fingerprint(folder: Path) -> tuple:
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in {".yaml", ".yml", ".md", ".po"})
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


def _report_warnings(path: Path, warnings: list[Problem]) -> None:
    """Reported, never fatal: a date rule that time made impossible must not stop a restart. Missing
    translations are counted on one line (a catalogue in progress has hundreds; `formengine validate`
    lists them), so every command's output is not buried under them."""
    translations = Counter(w.code for w in warnings if w.code.startswith("TRANSLATION_"))
    for warning in warnings:
        if warning.code not in translations:
            log.warning("tenant %s: %s", path, warning.format())
    if translations:
        counts = ", ".join(f"{count} {code}" for code, count in sorted(translations.items()))
        log.warning("tenant %s: %s (formengine validate %s lists them)", path, counts, path)


class TenantHolder:
    """The current CompiledForm. Raises DefinitionInvalid at start-up if the tenant is invalid;
    with reload on, a later invalid edit keeps the last good form and logs the problems."""

    def __init__(self, path: str | Path, reload: bool = False):
        self.path = Path(path)
        self.reload = reload
        self._lock = threading.Lock()
        self._fingerprint = _fingerprint(self.path)
        self._compiled = load_and_compile(self.path)
        self._problems: list[Problem] = []
        _report_warnings(self.path, self._compiled.warnings)

    def current(self) -> CompiledForm:
        if self.reload:
            self._maybe_reload()
        return self._compiled

    def problems(self) -> list[Problem]:
        """The problems of the folder as it is on disk now (empty when valid). Without reload, a
        valid edit is not served (the next start publishes it), but a broken one is reported."""
        self._maybe_reload(serve=self.reload)
        return self._problems

    def _maybe_reload(self, serve: bool = True) -> None:
        fingerprint = _fingerprint(self.path)
        if fingerprint == self._fingerprint:
            return
        with self._lock:
            if fingerprint == self._fingerprint:
                return
            self._fingerprint = fingerprint
            try:
                compiled = load_and_compile(self.path)
                self._problems = []
                if serve:
                    self._compiled = compiled
                    log.info("tenant %s reloaded", self.path)
            except DefinitionInvalid as invalid:
                self._problems = list(invalid.problems)
                log.error(
                    "tenant %s has %d problem(s); still serving the last good form (definition version %s):\n%s",
                    self.path,
                    len(invalid.problems),
                    self._compiled.etag,
                    "\n".join(p.format() for p in invalid.problems),
                )
