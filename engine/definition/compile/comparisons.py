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
message is the other question's label, or the add-another's entry name. The author checks are in
check/comparisons.py.
"""

from dataclasses import dataclass

from engine.definition.entries import entry_name
from engine.definition.load.loader import LocDict
from engine.definition.load.model import FieldUse, FormModel
from engine.fieldtypes.base import as_loc

# rule name -> (how the answer compares with the other, what both are read as, default message)
RULES = {
    "not_before": ("gte", "day", "other_not_before"),
    "not_after": ("lte", "day", "other_not_after"),
    "min": ("gte", "number", "other_min"),
    "max": ("lte", "number", "other_max"),
}
ENTRIES_MESSAGES = {"min": "entries_min", "max": "entries_max"}


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
