"""What changes between two compiled forms, key by key: added, removed and renamed keys, changed
types, options, rules and labels, and which of those changes would move a draft's answers to its
archive. Pure: it reads two compiled forms' `data` and nothing else.

The facts of a key are read from the compiled form (never from the YAML), so a diff between the
version the app serves and a folder on disk compares what applicants actually see."""

import json
from dataclasses import dataclass, field

from engine.fieldtypes.registry import holds_number

# Why an answer moves to the archive when a draft changes version (the archive keeps the reason).
REMOVED = "removed"  # the question is no longer on the form
OPTION_REMOVED = "option_removed"  # the chosen option is no longer offered
NO_LONGER_FITS = "no_longer_fits"  # the question now takes another kind of answer (or a shorter one)
REPLACED = "replaced"  # renamed onto a question that already held an answer


@dataclass(frozen=True)
class KeyFacts:
    type: str  # the value type: string, boolean, number
    field: str  # the widget type: text, select, file, desc, confirm...
    page: str
    label: str
    choices: frozenset | None  # the values a choice may hold; None: free text or a year list
    rules: tuple[str, ...]  # the page schema's constraints on the key, as canonical JSON
    renamed_from: tuple[str, ...] = ()
    max_length: int | None = None


def key_facts(data: dict) -> dict[str, KeyFacts]:
    labels = _labels(data)
    choices = _choices(data)
    rules = _rules(data)
    facts = {}
    for key, spec in data["data_model"].items():
        facts[key] = KeyFacts(
            type=spec.get("type", "string"),
            field=spec.get("field", ""),
            page=spec.get("page", ""),
            label=labels.get(key) or labels.get(spec.get("companion_of", ""), "") or key,
            choices=choices.get(key),
            rules=tuple(rules.get(key, ())),
            renamed_from=tuple(spec.get("renamed_from") or ()),
            max_length=spec.get("max_length"),
        )
    return facts


def renames(old: dict[str, KeyFacts], new: dict[str, KeyFacts]) -> dict[str, str]:
    """{old key: new key} for every key of the old form the new one takes over by `renamed_from`."""
    mapping: dict[str, str] = {}
    for key, facts in new.items():
        for earlier in facts.renamed_from:
            if earlier in old and earlier not in new:
                mapping.setdefault(earlier, key)
    return mapping


def fits(facts: KeyFacts, value) -> bool:
    """Can the answer be kept under this key's facts (the kind of value, its length)?"""
    if facts.type == "boolean":
        return isinstance(value, bool)
    if holds_number(facts.field) and isinstance(value, int | float) and not isinstance(value, bool):
        return True  # a number question's number (its text kept as typed is checked as text)
    if not isinstance(value, str):
        return False
    return facts.max_length is None or len(value) <= facts.max_length


def option_removed(old: KeyFacts | None, new: KeyFacts, value) -> bool:
    """Was the answer one of the old options and is it none of the new ones? (A value the old form
    never offered is left to validation, as it was before.)"""
    if old is None or old.choices is None or new.choices is None:
        return False
    return value in old.choices and value not in new.choices


@dataclass
class Change:
    key: str
    kind: str  # added, removed, renamed, type, options, rules, label
    detail: dict = field(default_factory=dict)
    archives: str = ""  # the archive reason when drafts' answers would move, else ""

    def to_dict(self) -> dict:
        return {"key": self.key, "kind": self.kind, **self.detail, "archives": bool(self.archives)}


@dataclass
class FormDiff:
    changes: list[Change]

    @property
    def archiving(self) -> list[Change]:
        return [change for change in self.changes if change.archives]

    def to_dict(self) -> dict:
        return {"changes": [change.to_dict() for change in self.changes]}


def diff(old_data: dict, new_data: dict) -> FormDiff:
    old, new = key_facts(old_data), key_facts(new_data)
    moved = renames(old, new)
    changes: list[Change] = []
    for key in new:
        if key not in old and key not in moved.values():
            changes.append(Change(key, "added", {"label": new[key].label, "page": new[key].page}))
    for key, facts in old.items():
        if key in new:
            continue
        if key in moved:
            changes.append(Change(key, "renamed", {"to": moved[key], "label": facts.label}))
        else:
            changes.append(Change(key, "removed", {"label": facts.label, "page": facts.page}, REMOVED))
    for key, facts in new.items():
        before = old.get(key) or old.get(next((k for k, v in moved.items() if v == key), ""))
        if before is not None:
            changes.extend(_changes(key, before, facts))
    order = {"removed": 0, "renamed": 1, "type": 2, "options": 3, "added": 4, "rules": 5, "label": 6}
    changes.sort(key=lambda change: (order[change.kind], change.key))
    return FormDiff(changes)


def _changes(key: str, old: KeyFacts, new: KeyFacts) -> list[Change]:
    changes = []
    if (old.type, old.field) != (new.type, new.field):
        archives = NO_LONGER_FITS if old.type != new.type else ""
        changes.append(Change(key, "type", {"from": old.field or old.type, "to": new.field or new.type}, archives))
    elif old.max_length and new.max_length and new.max_length < old.max_length:
        detail = {"from": f"{old.field}, at most {old.max_length}", "to": f"{new.field}, at most {new.max_length}"}
        changes.append(Change(key, "type", detail, NO_LONGER_FITS))
    if old.choices is not None and new.choices is not None and old.choices != new.choices:
        removed = sorted(old.choices - new.choices)
        options = {"removed_options": removed, "added_options": sorted(new.choices - old.choices)}
        changes.append(Change(key, "options", options, OPTION_REMOVED if removed else ""))
    if old.rules != new.rules:
        changes.append(Change(key, "rules"))
    if old.label != new.label:
        changes.append(Change(key, "label", {"from": old.label, "to": new.label}))
    return changes


# --- facts read from the compiled form ---------------------------------------------------------


def field_layouts(data: dict):
    """Every field layout of every page (repeater entries, branches, tabs, block parts)."""

    def walk(fields):
        for layout in fields:
            yield layout
            yield from walk((layout.get("parts") or {}).values())

    for page in data["pages"]:
        for section in page["sections"]:
            yield from walk(section.get("fields") or [])
            for instance in section.get("instances") or []:
                yield from walk(instance["fields"])
            for branch in section.get("branches") or []:
                yield from walk(branch["fields"])
            for tab in (section.get("tabs") or {}).get("options") or []:
                yield from walk(tab["fields"])


def _labels(data: dict) -> dict[str, str]:
    labels: dict[str, str] = {}
    for layout in field_layouts(data):
        if "key" in layout and "label" in layout:
            labels.setdefault(layout["key"], layout["label"])
        for item in layout.get("items") or []:
            labels.setdefault(item["key"], item["label"])
    for page in data["pages"]:
        for section in page["sections"]:
            if "confirm" in section:
                labels.setdefault(section["confirm"]["key"], section["confirm"]["label"])
    return labels


def _constraints(rule: dict):
    """(key, constraint) pairs of one page-schema rule, unwrapping if/then."""
    target = rule
    while "then" in target:
        target = target["then"]
    for key, constraint in (target.get("properties") or {}).items():
        yield key, constraint
    for key in target.get("required") or []:
        yield key, {"required": True, "x-messages": target.get("x-messages")}
    if "fe_other" in target:  # a comparison with another answer is its `key`'s rule
        yield target["fe_other"]["key"], {"fe_other": target["fe_other"], "x-messages": target.get("x-messages")}


def _choices(data: dict) -> dict[str, frozenset]:
    choices: dict[str, set] = {}
    years: set[str] = set()
    for page in data["pages"]:
        for rule in page["schema"].get("allOf") or []:
            for key, constraint in _constraints(rule):
                if "enum" in constraint:
                    choices.setdefault(key, set()).update(str(v) for v in constraint["enum"])
                elif "fe_years" in constraint:
                    years.add(key)  # the years offered move with today: never judged here
    return {key: frozenset(values) for key, values in choices.items() if key not in years}


def _rules(data: dict) -> dict[str, list[str]]:
    rules: dict[str, list[str]] = {}
    for page in data["pages"]:
        schema = page["schema"]
        for key, prop in (schema.get("properties") or {}).items():
            rules.setdefault(key, []).append(_canonical(prop))
        for rule in schema.get("allOf") or []:
            for key, constraint in _constraints(rule):
                if "enum" in constraint or "fe_years" in constraint:
                    continue  # options are compared on their own
                rules.setdefault(key, []).append(_canonical(rule))
    return {key: sorted(values) for key, values in rules.items()}


def _canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
