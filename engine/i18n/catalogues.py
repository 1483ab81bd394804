"""The template (`translations/messages.pot`) written from a tenant definition, and its merge into each
language's catalogue. A message is matched by its place (msgctxt), so an entry whose source wording
changed keeps its old translation marked fuzzy with the old wording beside it (`#| msgid`), for the
translator to check; it is never kept silently. A place gone from the form is kept as obsolete
(`#~`), so a translation comes back if the place does."""

from dataclasses import dataclass
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from engine.definition.load.source import read_source
from engine.definition.problems import DefinitionInvalid, Location, Problem
from engine.definition.translations import FOLDER, Entry, catalogue_path, entries, languages

TEMPLATE = "messages.pot"


@dataclass
class Merged:
    language: str
    path: Path
    new: int = 0
    fuzzy: int = 0
    obsolete: int = 0
    untranslated: int = 0


def _source(folder: Path):
    problems: list[Problem] = []
    source = read_source(Path(folder), problems)
    if source is None or problems:
        raise DefinitionInvalid(problems or [Problem(Location(str(folder), 1, 1), "TENANT_MISSING", "not read")])
    return source


def _catalog(language: str | None, project: str) -> Catalog:
    try:
        locale = Locale.parse(language, sep="-") if language else None
    except (UnknownLocaleError, ValueError):
        locale = None
    # A language CLDR does not know (a pseudo-language) is written without a Language header.
    return Catalog(locale=locale, project=project, version="", fuzzy=False, header_comment="")


def template(folder: Path) -> tuple[Catalog, list[Entry]]:
    source = _source(folder)
    catalog = _catalog(None, str(source.tenant["id"]))
    found = entries(source)
    for entry in found:
        catalog.add(entry.source, context=entry.context, locations=[(entry.location.file, entry.location.line)])
    return catalog, found


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, include_previous=True, sort_output=False)


def extract(folder: Path) -> tuple[Path, int]:
    """Write the template; its path and how many messages it holds."""
    catalog, found = template(folder)
    path = Path(folder) / FOLDER / TEMPLATE
    _write(path, catalog)
    return path, len(found)


def _merge_one(old: Catalog | None, new_template: Catalog, language: str, project: str) -> tuple[Catalog, Merged]:
    merged = _catalog(language, project)
    report = Merged(language, Path())
    known: dict[str, Message] = {}
    if old is not None:
        known.update({m.context: m for m in old.obsolete.values() if m.context})
        known.update({m.context: m for m in old if m.id and m.context})
    for message in new_template:
        if not message.id:
            continue
        before = known.pop(message.context, None)
        string, flags, previous = "", set(), None
        if before is not None and before.string:
            string, flags = before.string, set(before.flags) - {"python-format"}
            if before.id != message.id:
                flags.add("fuzzy")
                previous = [before.id]
        merged.add(message.id, string, message.locations, flags, context=message.context, previous_id=previous)
        report.new += before is None
        report.fuzzy += "fuzzy" in flags
        report.untranslated += not string
    for context, gone in known.items():
        if gone.string:
            merged.obsolete[(gone.id, context)] = gone
            report.obsolete += 1
    return merged, report


def update(folder: Path) -> list[Merged]:
    """Merge the template into the catalogue of every language after the first (writing a
    catalogue that is not there yet); the template is written too."""
    folder = Path(folder)
    new_template, _ = template(folder)
    _write(folder / FOLDER / TEMPLATE, new_template)
    tenant = _source(folder).tenant
    reports = []
    for language in languages(tenant)[1:]:
        path = catalogue_path(folder, language)
        old = None
        if path.is_file():
            with path.open("rb") as handle:
                old = read_po(handle, abort_invalid=True)
        merged, report = _merge_one(old, new_template, language, str(tenant["id"]))
        _write(path, merged)
        report.path = path
        reports.append(report)
    return reports
