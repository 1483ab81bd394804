"""Rules that compare an answer with another answer: a date on or after (or before) another date
question's answer, a number no less (or more) than another number's answer, or than the number
of entries an add-another section shows.

    rules:
      - not_before: {answer: project_start}
      - max: {answer: budget_total}
      - min: {entries: collaborators}

Each compiles to one `fe_other` keyword beside the page schema's other rules (validation.py; the
client's twin is client/src/form/validation/keywords.js): {key, op, other, as} holds when either
answer is empty or cannot be read as a date (as: day) or a number (as: number), so an unanswered
other question means the comparison does not apply; {key, op, entries: {prefixes, keys}} compares
with the number of entries holding an answer (the ones a submission keeps). `{other}` in the
message is the other question's label, or the add-another's entry name.
"""

from dataclasses import dataclass

from engine.definition.entries import entry_name
from engine.definition.loader import LocDict
from engine.definition.model import FieldUse, FormModel
from engine.definition.places import join
from engine.definition.problems import Problem, did_you_mean
from engine.fieldtypes.base import as_loc
from engine.fieldtypes.registry import REGISTRY

# rule name -> (how the answer compares with the other, what both are read as, default message)
RULES = {
    "not_before": ("gte", "day", "other_not_before"),
    "not_after": ("lte", "day", "other_not_after"),
    "min": ("gte", "number", "other_min"),
    "max": ("lte", "number", "other_max"),
}
ENTRIES_MESSAGES = {"min": "entries_min", "max": "entries_max"}
MISMATCH = "COMPARE_TYPE_MISMATCH"


@dataclass(frozen=True)
class Comparison:
    name: str  # the rule's name (not_before, not_after, min, max)
    op: str  # gte | lte
    kind: str  # date | number
    node: LocDict  # the {answer: ...} or {entries: ...} mapping
    answer: str | None = None  # the other question's key, as written
    entries: str | None = None  # the add-another id whose entries holding an answer are counted


def comparison(rule) -> Comparison | None:
    """The rule's comparison with another answer, or None when it compares with something fixed."""
    for name, (op, kind, _) in RULES.items():
        other = rule.get(name)
        if isinstance(other, dict):
            return Comparison(name, op, kind, as_loc(other), other.get("answer"), other.get("entries"))
    return None


def compiled_rule(use: FieldUse, model: FormModel, found: Comparison, rule, messages: dict, texts: dict) -> dict:
    """The compiled form of one comparison: {fe_other: {key, op, other, as}} with its message."""
    spec: dict = {"key": use.key, "op": found.op}
    if found.entries is not None:
        repeater = model.repeaters.get(str(found.entries))
        prefixes, keys = (list(repeater.spec["prefixes"]), list(repeater.base_keys)) if repeater else ([], [])
        spec["entries"] = {"prefixes": prefixes, "keys": keys}
        other_name = entry_name(repeater.spec, texts["entry_default_label"]) if repeater else found.entries
        default = messages[ENTRIES_MESSAGES[found.name]]
    else:
        spec["other"], spec["as"] = use.resolve(str(found.answer)), found.kind
        other_use = model.by_key.get(spec["other"])
        other_name = other_use.label if other_use else spec["other"]
        default = messages[RULES[found.name][2]]
    message = rule.get("message", default).replace("{other}", str(other_name))
    return {"fe_other": spec, "x-messages": {"fe_other": message}}


# --- author checks --------------------------------------------------------------------------


def check_comparisons(model: FormModel, problems: list[Problem]) -> None:
    """Every comparison names a question (or add-another) that exists and holds the same kind of
    answer: dates with dates, numbers with numbers."""
    for use in model.uses:
        if use.instance > 1:
            continue  # a repeater's entries share their definition: report it once
        for number, rule in enumerate(use.spec.get("rules") or [], start=1):
            found = comparison(rule)
            if found is not None:
                _check(use, found, model, join(use.place, f"rule {number}"), problems)


def _check(use: FieldUse, found: Comparison, model: FormModel, place: str, problems: list[Problem]) -> None:
    def report(attribute: str, code: str, message: str, hint: str) -> None:
        problems.append(Problem(found.node.where(attribute), code, message, hint, place))

    if found.entries is not None:
        if found.entries not in model.repeaters:
            hint = did_you_mean(found.entries, model.repeaters) or "name the id of an add_another section"
            message = f"{found.name} counts the entries of '{found.entries}', which is no add-another of this form"
            report("entries", "REF_UNKNOWN_ADD_ANOTHER", message, hint)
        return
    other = use.resolve(str(found.answer))
    other_use = model.by_key.get(other) or model.by_key.get(str(found.answer))
    if other_use is None:
        hint = did_you_mean(str(found.answer), model.by_key) or "name the key of a date or number question"
        message = f"{found.name} compares with '{found.answer}', which is no answer key of this form"
        report("answer", "REF_UNKNOWN_KEY", message, hint)
        return
    if other_use.key == use.key:
        report("answer", MISMATCH, f"{found.name} compares the answer with itself", "name another question")
        return
    other_type = REGISTRY[other_use.type]
    comparable = other_type.compares_dates if found.kind == "day" else other_type.compares_numbers
    if not comparable:
        kinds = "date" if found.kind == "day" else "number"
        message = (
            f"{found.name} compares a {kinds} with '{other_use.key}', a {other_use.type} question, "
            f"whose answers are not {kinds}s"
        )
        report("answer", MISMATCH, message, f"name a question whose answer is a {kinds}")


def condition_problem(operator: str, key: str, other: str, model: FormModel) -> tuple[str, str, str] | None:
    """(code, message, hint) for a condition comparing `key` with the answer `other`
    (`{valueKey: key, operator: gte, target: {answer: other}}`), or None when it can work. An
    unknown key is the reference checks' to report."""
    if operator not in ("lt", "lte", "gt", "gte"):
        return (
            "OPERATOR_TARGET",
            f"operator {operator} compares with a value; target {{answer: {other}}} works with lt, lte, gt and gte",
            "use lt, lte, gt or gte, or give a value as target",
        )
    uses = [model.by_key.get(key), model.by_key.get(other)]
    if None in uses:
        return None
    types = [REGISTRY[use.type] for use in uses if use is not None]
    if all(t.compares_dates for t in types) or all(t.compares_numbers for t in types):
        return None
    kinds = " and ".join(f"'{use.key}' (a {use.type})" for use in uses if use is not None)
    message = f"the condition compares {kinds}, whose answers are not both dates or both numbers"
    return MISMATCH, message, "compare a date with a date, or a number with a number"
