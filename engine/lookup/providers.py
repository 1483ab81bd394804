"""The provider interface: one provider answers one category's searches and details."""

import abc
import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LookupResult:
    """One suggestion: what the applicant sees (text, sub_text) and how to fetch its detail (id)."""

    text: str
    id: str
    sub_text: str


class LookupUnavailable(Exception):
    """The provider could not answer (engine down, time-out, broken index)."""


class LookupProvider(abc.ABC):
    name = "provider"

    @abc.abstractmethod
    def search(self, category: str, text: str, limit: int) -> list[LookupResult]:
        """Suggestions for what the applicant typed, best first; raises LookupUnavailable."""

    @abc.abstractmethod
    def detail(self, category: str, record_id: str) -> dict | None:
        """The record behind a suggestion's id, or None if there is no such id."""


class FallbackProvider(LookupProvider):
    """Asks the primary provider; when it fails, logs why and asks the fallback instead."""

    def __init__(self, primary: LookupProvider, fallback: LookupProvider):
        self.primary = primary
        self.fallback = fallback
        self.name = f"{primary.name}+{fallback.name}"

    def search(self, category: str, text: str, limit: int) -> list[LookupResult]:
        try:
            return self.primary.search(category, text, limit)
        except LookupUnavailable as exc:
            log.warning("lookup %s: %s failed (%s); using %s", category, self.primary.name, exc, self.fallback.name)
            return self.fallback.search(category, text, limit)

    def detail(self, category: str, record_id: str) -> dict | None:
        try:
            found = self.primary.detail(category, record_id)
        except LookupUnavailable as exc:
            log.warning(
                "lookup %s detail: %s failed (%s); using %s", category, self.primary.name, exc, self.fallback.name
            )
            found = None
        return found if found is not None else self.fallback.detail(category, record_id)
