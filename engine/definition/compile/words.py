"""Each language of a form as a words table: the form is compiled again with the translations put in
place of the source wording, and what differs from the default language's compiled form is kept as
[path, words] pairs. The published form carries every language's table (`data["words"]`), so a
change of translation is a new version; an applicant is served the default form with one table
applied (`in_language`), never every language at once."""

import copy
from collections.abc import Callable

from engine.definition.load.model import ModelBuilder
from engine.definition.translations import Entry

Path = list  # keys and indexes from the compiled form's root


def _put(entries: list[Entry], source, wording: Callable[[Entry], str]) -> None:
    for entry in entries:
        if entry.container in ("texts", "messages"):
            table = source.tenant.get(entry.container)
            if not isinstance(table, dict):
                table = source.tenant[entry.container] = {}
            table[entry.key] = wording(entry)
        else:
            entry.container[entry.key] = wording(entry)  # type: ignore[index]


def compile_languages(source, entries: list[Entry], translations: dict, default: dict, compile_form) -> dict:
    """{language: words table} for each translated language: `default` is the default language's
    compiled form, `compile_form(source, model, language)` compiles one; the source is given back as it was."""
    kept = {name: source.tenant.get(name) for name in ("texts", "messages")}
    for name, table in kept.items():
        source.tenant[name] = dict(table or {})
    tables: dict[str, list] = {}
    try:
        for language, words in translations.items():
            if not words:
                tables[language] = []
                continue

            def translated(entry: Entry, words: dict = words) -> str:
                return words.get(entry.context, entry.source)

            _put(entries, source, translated)
            tables[language] = differences(default, compile_form(source, _model(source), language))
    finally:
        _put(entries, source, lambda entry: entry.source)
        for name, table in kept.items():
            if table is None:
                source.tenant.pop(name, None)
            else:
                source.tenant[name] = table
    return tables


def _model(source):
    builder = ModelBuilder([])
    for _, page in source.pages:
        builder.add_page(page)
    return builder.model


def differences(before, after, path: Path | None = None) -> list:
    """[path, value] for every place `after` differs from `before` (a value whose shape changed is
    given whole); the day compiled on is not a difference."""
    path = path or []
    if type(before) is not type(after):
        return [[path, after]]
    if isinstance(before, dict):
        if set(before) != set(after):
            return [[path, after]]
        out = []
        for key in before:
            if key != "compiled_on" or path:
                out += differences(before[key], after[key], [*path, key])
        return out
    if isinstance(before, list):
        if len(before) != len(after):
            return [[path, after]]
        out = []
        for index, (one, other) in enumerate(zip(before, after, strict=True)):
            out += differences(one, other, [*path, index])
        return out
    return [] if before == after else [[path, after]]


def apply_words(data: dict, table: list) -> dict:
    """A copy of the compiled form `data` with one language's words table put in."""
    out = copy.deepcopy(data)
    for path, value in table:
        if not path:
            return copy.deepcopy(value)
        node = out
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = copy.deepcopy(value)
    return out
