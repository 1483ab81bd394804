"""Lookups without HTTP: find suggestions, fetch a record, load CSV files into the index."""

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from flask import current_app

from engine import signing
from engine.errors import AppError
from engine.lookup import CATEGORIES, index
from engine.lookup.loader import entries_from_records, read_csv
from engine.lookup.providers import FallbackProvider, LookupProvider, LookupResult, LookupUnavailable

log = logging.getLogger(__name__)

SAMPLE_DIR = Path(__file__).resolve().parent / "data"
MIN_TEXT = 2
MAX_TEXT = 200
MAX_RESULTS = 20
PROVIDER_NAMES = ("index", "photon")


class LookupService:
    """One provider per category; failures of a search are logged and answered with no suggestions."""

    def __init__(self, providers: dict[str, LookupProvider]):
        self.providers = providers

    def find(self, category: str, text: str, max_results: int = 5) -> list[LookupResult]:
        text = text.strip()
        if len(text) < MIN_TEXT:
            return []
        limit = min(max(max_results, 1), MAX_RESULTS)
        provider = self.providers[category]
        try:
            return provider.search(category, text, limit)
        except LookupUnavailable as exc:
            log.error("lookup %s failed, the applicant saw no suggestions: %s", category, exc)
            return []
        except Exception:  # a bug must not break typing either: the spec wants lookups to fail silently
            log.exception("lookup %s failed unexpectedly, the applicant saw no suggestions", category)
            return []

    def detail(self, category: str, record_id: str) -> dict:
        try:
            record = self.providers[category].detail(category, record_id)
        except LookupUnavailable as exc:
            log.error("lookup %s detail %r failed: %s", category, record_id, exc)
            raise AppError("Lookups are unavailable at the moment. Please type your entry.", 503) from exc
        if record is None:
            raise AppError(f"No {category} record has the id {record_id!r}.", 404)
        return record


def providers_from_config(config: dict) -> dict[str, LookupProvider]:
    """LOOKUP_PROVIDERS is 'category=provider,...'; unnamed categories use the embedded index."""
    embedded = index.IndexProvider(Path(config["LOOKUP_INDEX"]), build_missing=build_sample)
    chosen = dict.fromkeys(CATEGORIES, "index")
    for item in filter(None, (part.strip() for part in config.get("LOOKUP_PROVIDERS", "").split(","))):
        category, _, name = (piece.strip() for piece in item.partition("="))
        if category not in CATEGORIES or name not in PROVIDER_NAMES:
            raise ValueError(
                f"LOOKUP_PROVIDERS: {item!r} should be category=provider with a category among "
                f"{', '.join(CATEGORIES)} and a provider among {', '.join(PROVIDER_NAMES)}"
            )
        chosen[category] = name
    providers: dict[str, LookupProvider] = {}
    for category, name in chosen.items():
        providers[category] = embedded if name == "index" else _photon(config, category, embedded)
    return providers


def _photon(config: dict, category: str, fallback: LookupProvider) -> LookupProvider:
    from engine.lookup.photon import PhotonProvider

    if category != "address":
        raise ValueError(f"LOOKUP_PROVIDERS: photon finds addresses, not {category}")
    if not config.get("LOOKUP_PHOTON_URL"):
        raise ValueError("LOOKUP_PROVIDERS names photon but LOOKUP_PHOTON_URL is empty")
    photon = PhotonProvider(
        config["LOOKUP_PHOTON_URL"],
        signing.keyring(config),
        timeout=float(config.get("LOOKUP_PHOTON_TIMEOUT", 1.0)),
        language=config.get("LOOKUP_PHOTON_LANG", "en"),
        retry_after=float(config.get("LOOKUP_PHOTON_RETRY_AFTER", 30.0)),
    )
    return FallbackProvider(photon, fallback)


def init_app(app) -> None:
    app.extensions["lookup"] = LookupService(providers_from_config(app.config))


def lookup_service() -> LookupService:
    return current_app.extensions["lookup"]


@dataclass
class LoadSummary:
    counts: dict[str, int]
    replaced: list[str]
    skipped_rows: int


def load(
    index_path: Path, files: Iterable[Path], category: str | None = None, country: str = "USA", encoding: str = "utf-8"
) -> LoadSummary:
    """Rebuild the index with the entries of `files`: their categories are replaced, the others kept."""
    files = [Path(path) for path in files]
    records = [record for path in files for record in read_csv(path, category, country, encoding)]
    entries, skipped = entries_from_records(records)
    replaced = sorted({entry.category for entry in entries} | ({category} if category else set()))
    kept = index.read_entries(index_path, [c for c in CATEGORIES if c not in replaced])
    sources = ", ".join(str(path) for path in files)
    counts = index.build(index_path, [*kept, *entries], sources=sources)
    return LoadSummary(counts=counts, replaced=replaced, skipped_rows=skipped)


def sample_files() -> list[Path]:
    return sorted(SAMPLE_DIR.glob("*.csv"))


def build_sample(index_path: Path) -> None:
    load(index_path, sample_files())
