"""Checks of meaning: a definition can be well formed and still make a form that quietly
misbehaves. Each problem names its place by ids, says what is wrong and how to fix it. Here, the
conditions:
- an operator used with the wrong kind of target (in/notIn need a list, lt/gt numbers or dates);
- a target the controlling field can never hold (not among its options, longer than it allows,
  not matching its pattern, a checkbox compared with text), also for a dropdown's options_by;
- a condition that reads what it hides (once hidden, never shown again).
One field's own rules are checked in rule_checks.py; option lists and layout in layout_checks.py.
"""

import re

from engine.definition.check.comparisons import check_comparisons, condition_problem
from engine.definition.check.layout import check_layout
from engine.definition.check.rules import check_field, compiles
from engine.definition.compile.conditions import other_answer
from engine.definition.load.loader import LocDict
from engine.definition.load.model import FieldUse, FormModel, Reference
from engine.definition.problems import Problem, did_you_mean
from engine.definition.window import Window
from engine.fieldtypes.registry import REGISTRY, follows_controller

COMPARISONS = ("lt", "lte", "gt", "gte")
_NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def check_meaning(model: FormModel, source, problems: list[Problem]) -> None:
    domains = Domains(model, source)
    window = Window.of(source.tenant.get("settings"))
    days = window.days() if window else []
    for reference in model.references:
        if reference.instance == 1:
            _check_reference(reference, domains, problems)
    for use in model.uses:
        if use.instance == 1:
            if follows_controller(use.spec):
                _check_dropdown(use, domains, problems)
            check_field(use, problems, days)
    check_comparisons(model, problems)
    check_layout(model, source, problems)


# --- what a field can hold ----------------------------------------------------------------


class Domains:
    """The values each answer key can hold, read from its field's definition."""

    def __init__(self, model: FormModel, source):
        self.model = model
        self.source = source

    def use(self, key: str) -> FieldUse | None:
        return self.model.by_key.get(key)

    def is_boolean(self, key: str) -> bool:
        use = self.use(key)
        return key in self.model.confirm_keys or (use is not None and REGISTRY[use.type].value == "boolean")

    def _list_values(self, ref) -> list[str] | None:
        """A list's values, or None for a year list (they move with today) or an unknown list."""
        if isinstance(ref, list):
            return [str(option.get("value")) for option in ref if isinstance(option, dict)]
        if ref not in self.source.options:
            return None
        tree = self.source.options[ref][1]
        return [str(option["value"]) for option in tree["options"]] if "options" in tree else None

    def _list_labels(self, ref) -> dict[str, str]:
        items = ref if isinstance(ref, list) else (self.source.options.get(ref, (None, {}))[1].get("options") or [])
        return {str(o.get("label")): str(o.get("value")) for o in items if isinstance(o, dict)}

    def choices(self, key: str) -> tuple[list[str], dict[str, str]] | None:
        """(values, {label: value}) of a choice field with fixed lists; None otherwise."""
        use = self.use(key)
        if use is None or not REGISTRY[use.type].has_options:
            return None
        spec = use.spec
        refs = (
            [spec["options"]] if "options" in spec else list((spec.get("options_by") or {}).get("options", {}).values())
        )
        values: list[str] = []
        labels: dict[str, str] = {}
        for ref in refs:
            listed = self._list_values(ref)
            if listed is None:
                return None
            values.extend(listed)
            labels.update(self._list_labels(ref))
        values.extend(str(v) for v in spec.get("extra_values") or [])
        return list(dict.fromkeys(values)), labels


def _leaves(condition):
    if not isinstance(condition, dict):
        return
    for group in ("all", "any"):
        for sub in condition.get(group) or []:
            yield from _leaves(sub)
    if "not" in condition:
        yield from _leaves(condition["not"])
    if "valueKey" in condition:
        yield condition


def _is_number(value) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        or (isinstance(value, str) and bool(_NUMBER.match(value.strip())))
    )


# --- conditions -------------------------------------------------------------------------------


def _check_reference(reference: Reference, domains: Domains, problems: list[Problem]) -> None:
    where = reference.node.where(reference.attribute)
    for leaf in _leaves(reference.condition):
        key = reference.resolve(leaf["valueKey"])
        if key in reference.governs:
            problems.append(_self_reference(reference, key, where))
            continue
        if reference.attribute in ("controller", "one_of_required"):
            continue
        at = leaf.where("target") if "target" in leaf else where
        other = other_answer(leaf)
        if other is not None:  # compared with another answer
            if reference.resolve(other) in reference.governs:
                problems.append(_self_reference(reference, reference.resolve(other), where))
                continue
            compared = condition_problem(leaf["operator"], key, reference.resolve(other), domains.model)
            if compared is not None:
                problems.append(Problem(at, compared[0], compared[1], compared[2], reference.place))
            continue
        found = _operator_problem(leaf, domains.is_boolean(key))
        code = "OPERATOR_TARGET"
        if found is None:
            found, code = _target_problem(leaf, key, domains), "TARGET_IMPOSSIBLE"
        if found is not None:
            problems.append(Problem(at, code, found[0], found[1], reference.place))


def _self_reference(reference: Reference, key: str, where) -> Problem:
    if reference.attribute == "controller":
        return Problem(
            where,
            "CONDITION_SELF",
            f"the dropdown's controller is '{key}', the dropdown itself",
            "name the question whose answer chooses the list, e.g. the country for a state",
            reference.place,
        )
    if reference.attribute == "one_of_required":
        return Problem(
            where,
            "CONDITION_SELF",
            f"one_of_required names '{key}', the field itself",
            "name the other fields that may be answered instead",
            reference.place,
        )
    return Problem(
        where,
        "CONDITION_SELF",
        f"show_if reads '{key}', which it hides itself: once hidden, the applicant can never answer it to "
        "show it again",
        "ask the controlling question outside (before) what it shows or hides",
        reference.place,
    )


def _operator_problem(leaf: LocDict, boolean: bool) -> tuple[str, str] | None:
    operator, target = leaf["operator"], leaf.get("target")
    has_target = "target" in leaf
    if operator in ("answered", "notAnswered"):
        if has_target:
            return (
                f"operator {operator} takes no target, but target {target!r} is given",
                "remove target; to compare with a value use equals or in",
            )
        return None
    if not has_target:
        return f"operator {operator} needs a target to compare with", "add target: <value>"
    if operator in ("in", "notIn"):
        if not isinstance(target, list):
            return f"operator {operator} needs a list of values, not {target!r}", f"write target: [{target}]"
        if not target:
            never = "never true" if operator == "in" else "always true"
            return f"operator {operator} has an empty list, so the condition is {never}", "list the values"
        return None
    if isinstance(target, list):
        fix = "in" if operator in ("equals", "lt", "lte") else "notIn"
        return f"operator {operator} compares with one value, not a list", f"for a list of values use operator: {fix}"
    if operator in COMPARISONS:
        if boolean:
            return f"operator {operator} cannot compare a checkbox (true or false)", "use equals with true or false"
        if not (_is_number(target) or (isinstance(target, str) and _DATE.match(target))):
            return (
                f"operator {operator} compares numbers or dates, and {target!r} is neither",
                "write a number (18) or a date (2025-01-15), or use equals for text",
            )
    return None


def _targets(leaf: LocDict) -> list:
    target = leaf.get("target")
    return target if isinstance(target, list) else [target]


def _target_problem(leaf: LocDict, key: str, domains: Domains) -> tuple[str, str] | None:
    operator = leaf["operator"]
    if operator in ("answered", "notAnswered") or "target" not in leaf:
        return None
    if domains.is_boolean(key):
        wrong = [t for t in _targets(leaf) if not isinstance(t, bool)]
        if wrong:
            return (
                f"'{key}' is a checkbox, so it is true or false, never {wrong[0]!r}",
                "write target: true (or false) without quotes",
            )
        return None
    if operator in COMPARISONS:
        return None
    use = domains.use(key)
    if use is not None and REGISTRY[use.type].value == "number" and any(t not in ("", None) for t in _targets(leaf)):
        return (
            f"'{key}' is a number question, and {operator} compares text: it would never match",
            "compare a number with lt, lte, gt or gte (gte and lte together for one value)",
        )
    choices = domains.choices(key)
    if choices is not None:
        return _not_a_choice(key, [str(t) for t in _targets(leaf) if t not in ("", None)], choices)
    if use is None or REGISTRY[use.type].value != "string":
        return None
    limit = use.spec.get("max_length", REGISTRY[use.type].default_max_length)
    for target in _targets(leaf):
        text = str(target)
        if limit and len(text) > limit:
            return f"'{key}' holds at most {limit} characters, so it can never be {text!r}", "shorten the target"
        for rule in use.spec.get("rules") or []:
            if "pattern" in rule and "when" not in rule and compiles(rule["pattern"]):
                if text and not re.search(rule["pattern"], text):
                    return (
                        f"'{key}' must match {rule['pattern']}, so it can never be {text!r}",
                        "compare with a value the field accepts",
                    )
    return None


def _not_a_choice(key: str, targets: list[str], choices) -> tuple[str, str] | None:
    target = next((t for t in targets if t not in choices[0]), None)
    if target is None:
        return None
    return f"'{key}' can never be '{target}': it is not one of its option values", _choice_hint(target, choices)


def _choice_hint(target: str, choices) -> str:
    values, labels = choices
    if target in labels:
        return f"'{target}' is the label; write its value '{labels[target]}'"
    shown = ", ".join(values[:8]) + (", ..." if len(values) > 8 else "")
    return did_you_mean(target, values) or f"use one of its values: {shown}"


def _check_dropdown(use: FieldUse, domains: Domains, problems: list[Problem]) -> None:
    by = use.spec["options_by"]
    controller = use.resolve(by["controller"])
    choices = domains.choices(controller)
    if choices is None:
        return
    for value in by["options"]:
        if str(value) not in choices[0]:
            problems.append(
                Problem(
                    by["options"].key_locs.get(value, by.where("options")),
                    "TARGET_IMPOSSIBLE",
                    f"options_by gives a list for '{value}', but the controller '{controller}' can never be '{value}'",
                    _choice_hint(str(value), choices),
                    use.place,
                )
            )
