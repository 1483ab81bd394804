"""Author checks of the rules and conditions that compare an answer with another answer
(compile/comparisons.py): the other question (or add-another) exists and holds the same kind of
answer, dates with dates and numbers with numbers."""

from engine.definition.compile.comparisons import Comparison, comparison
from engine.definition.load.model import FieldUse, FormModel
from engine.definition.places import join
from engine.definition.problems import Problem, did_you_mean
from engine.fieldtypes.registry import REGISTRY

MISMATCH = "COMPARE_TYPE_MISMATCH"


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
