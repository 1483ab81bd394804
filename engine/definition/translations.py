"""A tenant in several languages: `settings.languages: [en, es]` (the first is the default, the one
the definition is written in) and one gettext catalogue per other language beside the tenant
(`translations/es.po`). Each message is named by its place in the definition (msgctxt, e.g.
`page applicant > section household > field gpa > label`, `option list study_levels > option 'ug' >
label`, `text auth_submit`, `message choice`) and carries the source wording as msgid, so a
translation whose source changed is seen, never silently kept.

This module finds the messages of a definition (`entries`) and reads and checks the catalogues
(`read_translations`); definition/compile/words.py compiles each language from them."""

import re
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.pofile import PoFileError, read_po

from engine.definition.catalogue import DEFAULT_TEXTS
from engine.definition.catalogue import SOURCE as TEXTS_FILE
from engine.definition.fields import DEFAULT_MESSAGES
from engine.definition.load.loader import LocDict, LocList
from engine.definition.places import option_list_place, page_place, tree_place
from engine.definition.problems import Location, Problem
from engine.definition.pseudo import TEXT_KEYS, TEXT_MAPS
from engine.i18n.direction import direction

FOLDER = "translations"
# A well-formed BCP 47 tag: language, script, region, variants (what the browser's Intl accepts).
WELL_FORMED = re.compile(
    r"[a-zA-Z]{2,3}(-[a-zA-Z]{4})?(-[a-zA-Z]{2}|-[0-9]{3})?(-[a-zA-Z0-9]{5,8}|-[0-9][a-zA-Z0-9]{3})*"
)
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_TENANT_OWN = ("texts", "messages", "pages", "options")


@dataclass
class Entry:
    """One message: its place (msgctxt), its source wording (msgid), where the author wrote it, and
    where in the definition a translation goes: (container, key) in a tree, or a named table."""

    context: str
    source: str
    location: Location
    container: object = field(repr=False)
    key: object = None
    # The option list a translated label belongs to: two labels of one list must differ.
    group: str = ""


def languages(tenant) -> list[str]:
    """The tenant's languages, the default first (`language: X` is `languages: [X]`)."""
    settings = tenant.get("settings") or {}
    if settings.get("languages"):
        return list(settings["languages"])
    return [settings.get("language") or "en"]


def _tree_entries(root: str, tree, skip=()) -> list[Entry]:
    out: list[Entry] = []

    def visit(node, path, all_text):
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if not path and key in skip:
                continue
            # A list item is read as its list's property (`postal_address: [..]`).
            name = key if isinstance(key, str) else path[-1] if path else None
            words = all_text or name in TEXT_MAPS
            if isinstance(value, str) and value.strip() and (words or name in TEXT_KEYS):
                group = ""
                if key == "label" and len(path) >= 2 and path[-2] == "options":
                    group = tree_place(root, tree, path[:-2]) + " > options"
                where = node.where(key) if hasattr(node, "where") else tree.loc
                out.append(Entry(tree_place(root, tree, [*path, key]), value, where, node, key, group))
            elif isinstance(value, (dict, list)):
                visit(value, [*path, key], words)

    visit(tree, [], False)
    return out


def _catalogue_lines(path: Path) -> dict[str, int]:
    """{id: line} of a YAML or Python file that writes `id:` or `"id":` at a line's start."""
    lines: dict[str, int] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = re.match(r'\s*"?([a-z_][a-z0-9_]*)"?\s*:', line)
        if match:
            lines.setdefault(match.group(1), number)
    return lines


def _table_entries(tenant, name: str, defaults: dict[str, str], default_file: Path, word: str) -> list[Entry]:
    own = tenant.get(name) or {}
    lines = _catalogue_lines(default_file)
    shown = _relative(default_file)
    out = []
    for text_id, default in defaults.items():
        if isinstance(own.get(text_id), str):
            where = own.where(text_id) if isinstance(own, LocDict) else tenant.loc
            out.append(Entry(f"{word} {text_id}", own[text_id], where, name, text_id))
        else:
            out.append(Entry(f"{word} {text_id}", default, Location(shown, lines.get(text_id, 1), 1), name, text_id))
    return out


def _relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def entries(source) -> list[Entry]:
    """Every message of the definition and the engine's catalogue, in the order an author reads them."""
    found = _tree_entries("tenant", source.tenant, skip=_TENANT_OWN)
    for file_name, page in source.pages:
        found += _tree_entries(page_place(page, file_name), page)
    for list_id, (_, tree) in source.options.items():
        found += _tree_entries(option_list_place(list_id), tree)
    for path, text in source.contents.items():
        found.append(Entry(f"content {path}", text, Location(path, 1, 1), source.contents, path))
    found += _table_entries(source.tenant, "texts", DEFAULT_TEXTS, TEXTS_FILE, "text")
    fields_file = Path(__file__).with_name("fields.py")
    found += _table_entries(source.tenant, "messages", DEFAULT_MESSAGES, fields_file, "message")
    unique: dict[str, Entry] = {}
    for entry in found:
        unique.setdefault(entry.context, entry)
    return list(unique.values())


def catalogue_path(folder: Path, language: str) -> Path:
    return Path(folder) / FOLDER / f"{language}.po"


def _read(path: Path, shown: str, problems: list[Problem]):
    try:
        with path.open("rb") as handle:
            return read_po(handle, abort_invalid=True)
    except PoFileError as error:
        problems.append(
            Problem(
                Location(shown, error.lineno + 1, 1),
                "PO_INVALID",
                f"this is not a gettext catalogue: {error}",
                "fix the line (or run formengine translations update to rewrite the file), then validate again",
            )
        )
    except (ValueError, UnicodeDecodeError) as error:
        problems.append(
            Problem(
                Location(shown, 1, 1),
                "PO_INVALID",
                f"this is not a gettext catalogue: {error}",
                "save it as UTF-8 gettext",
            )
        )
    return None


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _check_placeholders(entry: Entry, message: Message, translation: str, shown: str, problems: list[Problem]) -> bool:
    source, target = placeholders(entry.source), placeholders(translation)
    if source == target:
        return True
    parts = [f"drops {{{name}}}" for name in sorted(source - target)]
    parts += [f"invents {{{name}}}" for name in sorted(target - source)]
    problems.append(
        Problem(
            Location(shown, message.lineno or 1, 1),
            "TRANSLATION_PLACEHOLDER",
            f"the translation {' and '.join(parts)}: source {entry.source!r}, translation {translation!r}",
            "keep every {placeholder} of the source, spelt as written there (the engine fills them in)",
            entry.context,
        )
    )
    return False


# A number written in groups (+44 20 7946 0958): in a right-to-left line, its groups stand in reverse
# order unless it is isolated (LRI or FSI … PDI) or embedded (LRE … PDF) left to right.
_GROUPED_NUMBER = re.compile(r"\+?\d+(?: \d+)+")
_ISOLATED = re.compile("[\u2066\u2068\u202a][^\u2069\u202c]*[\u2069\u202c]")


def _warning(entry: Entry, message: Message, shown: str, code: str, text: str, hint: str) -> Problem:
    """A warning about one translated message, placed at its line of the catalogue."""
    return Problem(Location(shown, message.lineno or 1, 1), code, text, hint, entry.context, severity="warning")


def _number_order(entry: Entry, message: Message, language: str, shown: str) -> Problem | None:
    """A warning for a right-to-left translation whose number in groups would read reversed."""
    if direction(language) != "rtl":
        return None
    text = message.string if isinstance(message.string, str) else " ".join(message.string or ())
    number = _GROUPED_NUMBER.search(_ISOLATED.sub("", text))
    if number is None:
        return None
    return _warning(
        entry,
        message,
        shown,
        "TRANSLATION_NUMBER_ORDER",
        f"{language}: {number.group()!r} would read with its groups reversed in a right-to-left line",
        "write it between the isolates LRI and PDI (U+2066 … U+2069), so it reads left to right as written",
    )


def _stale(entry: Entry, message: Message | None, shown: str, language: str) -> Problem | None:
    """A warning when the message has no usable translation (missing, empty, fuzzy or outdated)."""
    where = Location(shown, (message.lineno if message is not None else 0) or 1, 1)
    update = "run formengine translations update, then have the translator fill it in"
    if message is None or not message.string:
        why, code, hint = "is not translated", "TRANSLATION_MISSING", update
    elif message.id != entry.source:
        why, code, hint = "was translated from older wording", "TRANSLATION_STALE", update
    elif message.fuzzy:
        why, code = "is marked fuzzy (its source wording changed)", "TRANSLATION_FUZZY"
        hint = "check the translation against the new wording, then remove the '#, fuzzy' line"
    else:
        return None
    text = f"{language}: the message {why}; source {entry.source!r}"
    return Problem(where, code, text, hint, entry.context, severity="warning")


def _check_language_settings(tenant, problems: list[Problem]) -> None:
    settings = tenant.get("settings")
    written = settings.get("languages") if isinstance(settings, LocDict) else None
    if not isinstance(written, LocList):
        written = LocList()
    for index, tag in enumerate(written):
        if isinstance(tag, str) and not WELL_FORMED.fullmatch(tag):
            problems.append(
                Problem(
                    written.where(index),
                    "LANGUAGE_TAG",
                    f"'{tag}' is not a well-formed BCP 47 language tag",
                    "write a language, then optionally a script, a region and variants: en, pt-BR, sr-Latn, zh-Hant-TW",
                    "tenant > settings > languages",
                )
            )
    if isinstance(settings, LocDict) and "language" in settings and "languages" in settings:
        problems.append(
            Problem(
                settings.where("language"),
                "LANGUAGE_TWICE",
                "both language: and languages: are written",
                f"keep only languages: {list(settings['languages'])} (its first language is the one the form is "
                "written in) and remove language:",
                "tenant > settings",
            )
        )


def read_translations(source, problems: list[Problem], warnings: list[Problem]) -> dict[str, dict[str, str]]:
    """{language: {context: translation}} of each language after the first: only usable translations
    (present, not fuzzy, from the current source wording, placeholders kept). What is missing or
    stale is a warning; a broken catalogue or placeholder, or a missing catalogue, a problem."""
    _check_language_settings(source.tenant, problems)
    tenant_languages = languages(source.tenant)
    found = entries(source) if len(tenant_languages) > 1 else []
    out: dict[str, dict[str, str]] = {}
    for index, language in enumerate(tenant_languages[1:], start=1):
        path = catalogue_path(source.folder, language)
        shown = _relative(path)
        if not path.is_file():
            problems.append(
                Problem(
                    source.tenant["settings"]["languages"].where(index),
                    "CATALOGUE_MISSING",
                    f"language '{language}' has no catalogue {shown}",
                    f"run formengine translations update {source.folder} to write it, or remove '{language}'",
                    "tenant > settings > languages",
                )
            )
            continue
        catalog = _read(path, shown, problems)
        if catalog is not None:
            out[language] = _usable(found, catalog, shown, language, problems, warnings)
    return out


def _usable(found, catalog, shown, language, problems, warnings) -> dict[str, str]:
    by_context = {message.context: message for message in catalog if message.id and message.context}
    usable: dict[str, str] = {}
    labels: dict[tuple[str, str], str] = {}
    for entry in found:
        message = by_context.get(entry.context)
        stale = _stale(entry, message, shown, language)
        if stale is not None:
            warnings.append(stale)
            continue
        assert message is not None
        if not _check_placeholders(entry, message, message.string, shown, problems):
            continue
        reversed_number = _number_order(entry, message, language, shown)
        if reversed_number is not None:
            warnings.append(reversed_number)
        usable[entry.context] = message.string
        if entry.group:
            other = labels.setdefault((entry.group, message.string), entry.context)
            if other != entry.context:
                warnings.append(
                    _warning(
                        entry,
                        message,
                        shown,
                        "TRANSLATION_SAME_LABEL",
                        f"{language}: {message.string!r} is also the translation of {other}",
                        "give each option its own label, so an applicant can tell them apart",
                    )
                )
    return usable
