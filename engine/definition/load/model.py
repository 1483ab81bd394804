"""Walks the page trees into FieldUses: every answer key with its page, repeater instance,
tab and the conditions under which it is shown. References are checked against this model."""

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from engine.definition.compile.conditions import map_keys
from engine.definition.load.loader import LocDict
from engine.definition.places import join, page_id
from engine.definition.problems import Problem
from engine.fieldtypes.registry import follows_controller, type_of


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
    place: str = ""  # "page education > section testing > field sat_total"

    @property
    def label(self) -> str:
        return self.spec.get("label", self.key)


@dataclass
class Reference:
    """A condition (or a key named like one) to check once every key is known."""

    condition: dict
    resolve: Callable[[str], str]
    node: LocDict  # where it is written
    attribute: str  # which property of node holds it
    place: str  # the place that holds it, by its ids
    governs: tuple[str, ...] = ()  # keys it shows or hides (a condition reading them hides itself)
    instance: int = 1  # a repeater entry's number: entries share their definition
    repeater: str | None = None  # the add-another it is written inside


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
    references: list[Reference] = field(default_factory=list)


def field_parts(spec: LocDict) -> list[LocDict]:
    """The answer-bearing fields inside one field entry (blocks hold several)."""
    field_type = type_of(spec)
    return field_type.parts(spec) if field_type else [spec]


def written_keys(fields) -> list[str]:
    keys = []
    for spec in fields or []:
        for part in field_parts(spec):
            if isinstance(part.get("key"), str):
                keys.append(part["key"])
                field_type = type_of(part)
                if field_type and field_type.has_options:
                    keys.append(part["key"] + "_desc")
    return keys


@dataclass(frozen=True)
class Scope:
    """Where a list of fields sits: its page and section, the conditions that show it, and for a
    repeater entry its prefix and how its conditions read keys."""

    route: str
    section: str
    place: str
    visible: tuple = ()
    prefix: str = ""
    instance: int = 1
    repeater: str | None = None
    tab: tuple[str, str] | None = None
    resolve: Callable[[str], str] = _identity

    def inside(self, place: str, *conditions) -> "Scope":
        return replace(self, place=join(self.place, place), visible=self.visible + tuple(conditions))


class ModelBuilder:
    def __init__(self, problems: list[Problem]):
        self.problems = problems
        self.model = FormModel()

    def add_page(self, page: LocDict) -> None:
        route = page["route"]
        for section in page["sections"]:
            self._section(route, section)

    def _reference(self, condition, scope: Scope, node, attribute, place="", governs=()) -> None:
        self.model.references.append(
            Reference(
                condition,
                scope.resolve,
                node,
                attribute,
                place or scope.place,
                tuple(governs),
                scope.instance,
                scope.repeater,
            )
        )

    def _section(self, route: str, section: LocDict) -> None:
        section_id = section["id"]
        scope = Scope(route, section_id, join(f"page {page_id(route)}", f"section {section_id}"))
        if "show_if" in section:
            self._reference(section["show_if"], scope, section, "show_if", governs=section_keys(section))
            scope = replace(scope, visible=(section["show_if"],))
        if "confirm" in section:
            confirm = section["confirm"]
            self.model.confirm_keys[confirm["key"]] = (route, section)
            scope = replace(
                scope, visible=scope.visible + ({"valueKey": confirm["key"], "operator": "equals", "target": True},)
            )
        if "add_another" in section:
            self._repeater(section, scope)
        elif "branches" in section:
            earlier: list[dict] = []
            for branch in section["branches"]:
                condition = branch.get("show_if")
                conditions = [{"not": c} for c in earlier] + ([condition] if condition else [])
                branch_scope = scope.inside(f"branch {branch['id']}", *conditions)
                if condition:
                    self._reference(condition, branch_scope, branch, "show_if", governs=written_keys(branch["fields"]))
                    earlier.append(condition)
                self._fields(branch["fields"], branch_scope)
        elif "tabs" in section:
            self._tabs(section, scope)
        else:
            self._fields(section["fields"], scope)

    def _repeater(self, section: LocDict, scope: Scope) -> None:
        spec = section["add_another"]
        base_keys = written_keys(section["fields"])
        repeater = Repeater(spec["id"], spec, scope.route, base_keys)
        if spec["id"] in self.model.repeaters:
            self._problem(
                spec.where("id"),
                "DUPLICATE_ID",
                f"add-another id '{spec['id']}' is already used by another section",
                "give each add-another its own id (it is the button id saved with PUT /api/add-another)",
                scope.place,
            )
        self.model.repeaters[spec["id"]] = repeater
        for index, prefix in enumerate(spec["prefixes"], start=1):
            local = set(base_keys)

            def resolve(key, prefix=prefix, local=local):
                return prefix + key if key in local else key

            entry = replace(scope, prefix=prefix, instance=index, repeater=spec["id"], resolve=resolve)
            self._fields(section["fields"], entry)

    def _tabs(self, section: LocDict, scope: Scope) -> None:
        spec = section["tabs"]
        group = TabGroup(spec["id"], spec, scope.route, {})
        if spec["id"] in self.model.tabs:
            self._problem(
                spec.where("id"),
                "DUPLICATE_ID",
                f"tab group '{spec['id']}' is already used by another section",
                "give each tab group its own id (it is the tab_id saved with PUT /api/tabs)",
                scope.place,
            )
        self.model.tabs[spec["id"]] = group
        for tab in spec["options"]:
            start = len(self.model.uses)
            self._fields(tab["fields"], replace(scope.inside(f"tab {tab['id']}"), tab=(spec["id"], tab["id"])))
            group.tab_keys[tab["id"]] = [u.key for u in self.model.uses[start:]]

    def _fields(self, fields, scope: Scope) -> None:
        for spec in fields:
            name = spec.get("key") or spec.get("id")
            field_scope = scope.inside(f"field {scope.prefix}{name}" if name else "")
            if "show_if" in spec:
                owned = [scope.prefix + k for k in written_keys([spec])]
                self._reference(spec["show_if"], field_scope, spec, "show_if", governs=owned)
                field_scope = replace(
                    field_scope, visible=field_scope.visible + (map_keys(spec["show_if"], scope.resolve),)
                )
            for part in field_parts(spec):
                part_scope = field_scope
                if part is not spec:
                    part_scope = replace(
                        scope.inside(f"field {scope.prefix}{part['key']}"), visible=field_scope.visible
                    )
                    if "show_if" in part:
                        owned = [scope.prefix + k for k in written_keys([part])]
                        self._reference(part["show_if"], part_scope, part, "show_if", governs=owned)
                        part_scope = replace(
                            part_scope, visible=part_scope.visible + (map_keys(part["show_if"], scope.resolve),)
                        )
                if follows_controller(part):
                    controller = {"valueKey": part["options_by"]["controller"], "operator": "answered"}
                    owned = [scope.prefix + k for k in written_keys([part])]
                    self._reference(controller, part_scope, part["options_by"], "controller", governs=owned)
                self._use(
                    FieldUse(
                        part,
                        scope.prefix + part["key"],
                        part["type"],
                        scope.route,
                        scope.section,
                        list(part_scope.visible),
                        scope.prefix,
                        scope.instance,
                        scope.repeater,
                        scope.tab,
                        scope.resolve,
                        part_scope.place,
                    ),
                    part_scope,
                )

    def _use(self, use: FieldUse, scope: Scope) -> None:
        if use.key in self.model.by_key:
            first = self.model.by_key[use.key]
            self._problem(
                use.spec.where("key"),
                "DUPLICATE_KEY",
                f"answer key '{use.key}' is already used by {first.place} ({first.spec.where('key')})",
                "every answer key must be unique across all pages: rename one of them",
                use.place,
            )
            return
        self.model.by_key[use.key] = use
        self.model.uses.append(use)
        spec = use.spec
        if "required_if" in spec:
            condition = spec["required_if"]["when"] if "when" in spec["required_if"] else spec["required_if"]
            self._reference(condition, scope, spec, "required_if")
        for number, rule in enumerate(spec.get("rules") or [], start=1):
            rule_place = join(use.place, f"rule {number}")
            if "when" in rule:
                self._reference(rule["when"], scope, rule, "when", rule_place)
            for other in rule.get("one_of_required") or []:
                answered = {"valueKey": other, "operator": "answered"}
                self._reference(answered, scope, rule, "one_of_required", rule_place, governs=[use.key])

    def _problem(self, where, code, message, hint="", place="") -> None:
        self.problems.append(Problem(where, code, message, hint, place))


def section_keys(section: dict) -> list[str]:
    """Every answer key written inside a section (all entries, branches and tabs; `_desc` too)."""
    if "add_another" in section:
        fields = section["fields"]
        return [prefix + k for prefix in section["add_another"]["prefixes"] for k in written_keys(fields)]
    if "branches" in section:
        return [k for branch in section["branches"] for k in written_keys(branch["fields"])]
    if "tabs" in section:
        return [k for tab in section["tabs"]["options"] for k in written_keys(tab["fields"])]
    return written_keys(section["fields"])
