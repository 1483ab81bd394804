"""Walks the page trees into FieldUses: every answer key with its page, repeater instance,
tab and the conditions under which it is shown. References are checked against this model."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from engine.definition.conditions import map_keys
from engine.definition.fields import REGISTRY
from engine.definition.loader import LocDict
from engine.definition.problems import Problem


def _identity(key: str) -> str:
    return key


@dataclass
class FieldUse:
    spec: LocDict
    key: str
    type: str
    page: str
    section: str
    visible: list = field(default_factory=list)  # raw conditions (keys resolved) that must all hold
    prefix: str = ""
    instance: int = 1
    repeater: str | None = None
    tab: tuple[str, str] | None = None
    resolve: Callable[[str], str] = _identity  # valueKey -> resolved key, for this instance

    @property
    def label(self) -> str:
        return self.spec.get("label", self.key)


@dataclass
class Repeater:
    id: str
    spec: LocDict
    page: str
    base_keys: list[str]


@dataclass
class TabGroup:
    id: str
    spec: LocDict
    page: str
    tab_keys: dict[str, list[str]]  # tab id -> keys

    def clears(self, tab: dict) -> list[str]:
        """What choosing `tab` clears: its own list, else every key of the other tabs."""
        return list(
            tab.get("clears") or [k for other, keys in self.tab_keys.items() if other != tab["id"] for k in keys]
        )


@dataclass
class FormModel:
    uses: list[FieldUse] = field(default_factory=list)
    by_key: dict[str, FieldUse] = field(default_factory=dict)
    repeaters: dict[str, Repeater] = field(default_factory=dict)
    tabs: dict[str, TabGroup] = field(default_factory=dict)
    confirm_keys: dict[str, tuple[str, LocDict]] = field(default_factory=dict)  # key -> (page, section spec)
    # (condition, resolve, where) to check after the walk
    references: list[tuple[object, Callable[[str], str], LocDict, str]] = field(default_factory=list)


def field_parts(spec: LocDict) -> list[LocDict]:
    """The answer-bearing fields inside one field entry (blocks hold several)."""
    kind = spec.get("type")
    if kind in ("address", "school_search"):
        parts: list[LocDict] = []
        for role, part in (spec.get("parts") or {}).items():
            if isinstance(part, dict):
                part.setdefault("type", "text")
                part["_role"] = role
                parts.append(cast(LocDict, part))  # the loader makes every mapping a LocDict
        return parts
    if kind == "check_group":
        return [_item_as_checkbox(item) for item in spec.get("items") or []]
    if kind == "content":
        return []
    return [spec]


def _item_as_checkbox(item: LocDict) -> LocDict:
    checkbox = LocDict(type="checkbox", key=item["key"], label=item["label"])
    checkbox.loc, checkbox.key_locs, checkbox.value_locs = item.loc, item.key_locs, item.value_locs
    return checkbox


def written_keys(fields) -> list[str]:
    keys = []
    for spec in fields or []:
        for part in field_parts(spec):
            if isinstance(part.get("key"), str):
                keys.append(part["key"])
                if REGISTRY.get(part["type"]) and REGISTRY[part["type"]].has_options:
                    keys.append(part["key"] + "_desc")
    return keys


class ModelBuilder:
    def __init__(self, problems: list[Problem]):
        self.problems = problems
        self.model = FormModel()

    def add_page(self, page: LocDict) -> None:
        route = page["route"]
        for section in page["sections"]:
            self._section(route, section)

    def _section(self, route: str, section: LocDict) -> None:
        visible = [section["show_if"]] if "show_if" in section else []
        section_id = section["id"]
        if "show_if" in section:
            self.model.references.append((section["show_if"], _identity, section, "show_if"))
        if "confirm" in section:
            confirm = section["confirm"]
            self.model.confirm_keys[confirm["key"]] = (route, section)
            visible = visible + [{"valueKey": confirm["key"], "operator": "equals", "target": True}]
        if "add_another" in section:
            self._repeater(route, section, visible)
        elif "branches" in section:
            earlier: list[dict] = []
            for branch in section["branches"]:
                condition = branch.get("show_if")
                conditions = [{"not": c} for c in earlier] + ([condition] if condition else [])
                if condition:
                    self.model.references.append((condition, _identity, branch, "show_if"))
                    earlier.append(condition)
                self._fields(route, section_id, branch["fields"], visible + conditions)
        elif "tabs" in section:
            self._tabs(route, section, visible)
        else:
            self._fields(route, section_id, section["fields"], visible)

    def _repeater(self, route: str, section: LocDict, visible: list) -> None:
        spec = section["add_another"]
        base_keys = written_keys(section["fields"])
        repeater = Repeater(spec["id"], spec, route, base_keys)
        if spec["id"] in self.model.repeaters:
            self._problem(spec.where("id"), "DUPLICATE_ID", f"add-another id '{spec['id']}' is used twice")
        self.model.repeaters[spec["id"]] = repeater
        for index, prefix in enumerate(spec["prefixes"], start=1):
            local = set(base_keys)

            def resolve(key, prefix=prefix, local=local):
                return prefix + key if key in local else key

            self._fields(
                route,
                section["id"],
                section["fields"],
                visible,
                prefix=prefix,
                instance=index,
                repeater=spec["id"],
                resolve=resolve,
            )

    def _tabs(self, route: str, section: LocDict, visible: list) -> None:
        spec = section["tabs"]
        group = TabGroup(spec["id"], spec, route, {})
        if spec["id"] in self.model.tabs:
            self._problem(spec.where("id"), "DUPLICATE_ID", f"tab group '{spec['id']}' is used twice")
        self.model.tabs[spec["id"]] = group
        for tab in spec["options"]:
            start = len(self.model.uses)
            self._fields(route, section["id"], tab["fields"], visible, tab=(spec["id"], tab["id"]))
            group.tab_keys[tab["id"]] = [u.key for u in self.model.uses[start:]]

    def _fields(
        self, route, section_id, fields, visible, prefix="", instance=1, repeater=None, tab=None, resolve=_identity
    ) -> None:
        for spec in fields:
            field_visible = list(visible)
            if "show_if" in spec:
                self.model.references.append((spec["show_if"], resolve, spec, "show_if"))
                field_visible.append(map_keys(spec["show_if"], resolve))
            if spec.get("type") == "conditional_select" and "options_by" in spec:
                self.model.references.append(
                    (
                        {"valueKey": spec["options_by"]["controller"], "operator": "answered"},
                        resolve,
                        spec["options_by"],
                        "controller",
                    )
                )
            for part in field_parts(spec):
                part_visible = list(field_visible)
                if part is not spec and "show_if" in part:
                    self.model.references.append((part["show_if"], resolve, part, "show_if"))
                    part_visible.append(map_keys(part["show_if"], resolve))
                self._use(
                    FieldUse(
                        part,
                        prefix + part["key"],
                        part["type"],
                        route,
                        section_id,
                        part_visible,
                        prefix,
                        instance,
                        repeater,
                        tab,
                        resolve,
                    )
                )

    def _use(self, use: FieldUse) -> None:
        if use.key in self.model.by_key:
            first = self.model.by_key[use.key]
            self._problem(
                use.spec.where("key"),
                "DUPLICATE_KEY",
                f"answer key '{use.key}' is already used at {first.spec.where('key')}",
                "every answer key must be unique across all pages",
            )
            return
        self.model.by_key[use.key] = use
        self.model.uses.append(use)
        spec = use.spec
        for name in ("required_if",):
            if name in spec:
                condition = spec[name]["when"] if "when" in spec[name] else spec[name]
                self.model.references.append((condition, use.resolve, spec, name))
        for rule in spec.get("rules") or []:
            if "when" in rule:
                self.model.references.append((rule["when"], use.resolve, rule, "when"))
            for other in rule.get("one_of_required") or []:
                self.model.references.append(
                    ({"valueKey": other, "operator": "answered"}, use.resolve, rule, "one_of_required")
                )

    def _problem(self, where, code, message, hint="") -> None:
        self.problems.append(Problem(where, code, message, hint))
