"""Checks of meaning on one field: bounds that no answer can meet (min above max, a negative
age, a max length beyond what the type holds), rules that cannot apply to the field's type, and
patterns that do not work in Python or in the browser, explained in words."""

import datetime as dt
import re
from collections.abc import Sequence

from engine.definition.dates import WHEN_HELP, bound_date, describe, parse_when
from engine.definition.load.loader import LocDict
from engine.definition.load.model import FieldUse
from engine.definition.places import join
from engine.definition.problems import Problem
from engine.fieldtypes.registry import REGISTRY

BOUND = "IMPOSSIBLE_BOUND"
NOT_APPLICABLE = "RULE_NOT_APPLICABLE"


class _Report:
    """Adds problems for one place: report(node, attribute, code, message, hint)."""

    def __init__(self, problems: list[Problem], place: str):
        self.problems, self.place = problems, place

    def __call__(self, node: LocDict, attribute, code: str, message: str, hint: str) -> None:
        self.problems.append(Problem(node.where(attribute), code, message, hint, self.place))


def check_field(use: FieldUse, problems: list[Problem], days: Sequence[tuple[str, dt.date]] = ()) -> None:
    """Every problem of one field's own definition (its options are checked with the lists).
    `days`: named future days the date rules must still hold on (the window's opens and closes)."""
    spec, field_type = use.spec, REGISTRY[use.type]
    report = _Report(problems, use.place)
    if "max_length" in spec:
        limit = field_type.storage_limit
        if limit is None:
            report(
                spec, "max_length", NOT_APPLICABLE, f"max_length does not apply to a {use.type}", "remove max_length"
            )
        elif spec["max_length"] > limit:
            fix = field_type.long_answer_hint or f"use {limit} or less"
            message = f"max_length {spec['max_length']} is more than a {use.type} answer can hold ({limit})"
            report(spec, "max_length", BOUND, message, fix)
    if spec.get("must_be_true") and field_type.value != "boolean":
        message = f"must_be_true applies to checkboxes, but this is a {use.type}"
        report(spec, "must_be_true", NOT_APPLICABLE, message, "make it type: checkbox, or use required")
    if spec.get("extra_values") and not field_type.has_options:
        message = f"extra_values apply to choices, but this is a {use.type}"
        report(spec, "extra_values", NOT_APPLICABLE, message, "remove extra_values")
    for attribute, code, message, hint in field_type.problems(spec):
        report(spec, attribute, code, message, hint)
    bounds: dict[str, tuple] = {}
    _check_words(use, report)
    for number, rule in enumerate(spec.get("rules") or [], start=1):
        rule_report = _Report(problems, join(use.place, f"rule {number}"))
        _check_rule(use, rule, rule_report)
        if field_type.compares_dates:
            _date_bounds(rule, rule_report, bounds)
    if "lower" in bounds and "upper" in bounds:
        _crossed_bounds(bounds["lower"], bounds["upper"], days, report, problems)


def _check_rule(use: FieldUse, rule: LocDict, report: _Report) -> None:
    field_type = REGISTRY[use.type]
    number_rules = [name for name in ("min", "max") if name in rule]
    if number_rules and not field_type.compares_numbers:
        message = f"{number_rules[0]} compares numbers, but this is a {use.type}"
        report(rule, number_rules[0], NOT_APPLICABLE, message, "make the field one whose answer is a number")
    if field_type.value == "boolean":
        for name in ("pattern", "min_length", "email"):
            if name in rule:
                report(
                    rule, name, NOT_APPLICABLE, f"{name} cannot apply to a checkbox (true or false)", "remove the rule"
                )
        return
    if field_type.value == "number":
        for name in ("pattern", "min_length", "email"):
            if name in rule:
                message = f"{name} reads text, but a {use.type} answer is a number"
                report(rule, name, NOT_APPLICABLE, message, "use min, max, step or integer on the field")
        return
    if "pattern" in rule:
        problem = _pattern_problem(rule["pattern"])
        if problem:
            report(rule, "pattern", "BAD_PATTERN", problem[0], problem[1])
    max_length = use.spec.get("max_length", field_type.default_max_length)
    if "min_length" in rule and max_length and rule["min_length"] > max_length:
        message = (
            f"min_length {rule['min_length']} is more than the field's max_length {max_length}: no answer can pass"
        )
        report(rule, "min_length", BOUND, message, "lower min_length or raise max_length")
    date_rules = [name for name in ("earliest", "latest", "not_before", "not_after") if name in rule]
    if date_rules and not field_type.compares_dates:
        message = f"{date_rules[0]} compares dates, but this is a {use.type}"
        report(rule, date_rules[0], NOT_APPLICABLE, message, "make the field type: date")


def _check_words(use: FieldUse, report: _Report) -> None:
    """Word limits: on free text only, the least not above the most, and room for the least."""
    rules = use.spec.get("rules") or []
    field_type = REGISTRY[use.type]
    limits = {name: rule for rule in rules for name in ("min_words", "max_words") if name in rule}
    for name, rule in limits.items():
        if not field_type.counts_words:
            message = f"{name} counts the words of a text, but this is a {use.type}"
            report(rule, name, NOT_APPLICABLE, message, "make the field type: text or textarea, or remove the rule")
            return
    if "min_words" in limits and "max_words" in limits:
        least, most = limits["min_words"]["min_words"], limits["max_words"]["max_words"]
        if least > most:
            message = f"min_words {least} is more than max_words {most}: no answer can pass"
            report(limits["max_words"], "max_words", BOUND, message, "swap them or fix one of them")
    max_length = use.spec.get("max_length", field_type.default_max_length)
    if "min_words" in limits and max_length and 2 * limits["min_words"]["min_words"] - 1 > max_length:
        least = limits["min_words"]["min_words"]
        message = f"min_words {least} cannot fit in max_length {max_length} (each word a letter and a space at least)"
        report(limits["min_words"], "min_words", BOUND, message, "raise max_length or lower min_words")


def _date_bounds(rule: LocDict, report: _Report, bounds: dict) -> None:
    """Collects a date field's lower and upper bounds (as specs) and reports unreadable ones."""
    for name, side, future in (("earliest", "lower", "not_before"), ("latest", "upper", "not_after")):
        if name in rule:
            years = rule[name]["years_ago"]
            if years < 0:
                hint = f"write a positive number, or for future dates {future}: today + {-years}y"
                report(rule[name], "years_ago", BOUND, f"years_ago {years} is a date in the future", hint)
            spec = {"years": -years}
            bounds[side] = (spec, rule, describe(spec))
    for name, side in (("not_before", "lower"), ("not_after", "upper")):
        if name in rule and not isinstance(rule[name], dict):  # {answer: ...}: comparisons.py
            when = parse_when(rule[name])
            if when is None:
                report(rule, name, "BAD_DATE", f"{rule[name]!r} is not a date the engine can read", WHEN_HELP)
            else:
                bounds[side] = (when, rule, describe(when))
    if "min_year" in rule:
        bounds.setdefault("min_year", rule["min_year"]["years_from_now"])
    if "max_year" in rule and bounds.get("min_year", -(10**6)) > rule["max_year"]["years_from_now"]:
        report(rule, "max_year", BOUND, "max_year is before min_year: no year can pass", "swap them or fix one of them")


def _crossed_bounds(lower: tuple, upper: tuple, days, report: _Report, problems: list[Problem]) -> None:
    """No date can pass when the lower bound is after the upper one. Two fixed dates, or two bounds
    that both move with today, cross for ever: an error. A fixed date against one that moves with
    today crosses from some day on (the time bomb: `not_before: today` with `not_after: 2027-03-31`),
    or until some day: a warning naming the day, never an error, so that a process never refuses to
    start because time moved on."""
    (low, _, low_text), (high, node, high_text) = lower, upper
    today = dt.date.today()

    def crossed(day: dt.date) -> bool:
        return bound_date(day, low) > bound_date(day, high)

    message = f"no date can pass: it must be on or after {low_text} and on or before {high_text}"
    if ("date" in low) == ("date" in high):
        if crossed(today):
            report(node, None, BOUND, message, "swap the bounds or fix one of them")
        return
    hint = "compare with a fixed date on both sides, or close the form with settings.window instead"
    if crossed(today):
        warn = f"{message} (already so today, {today.isoformat()})"
    else:
        first = _first_crossed(crossed, today, [day for _, day in days])
        if first is None:
            return
        named = [name for name, day in days if day >= first]
        when = f" (before the window {named[0]})" if named else ""
        warn = f"from {first.isoformat()}{when} {message}"
    problems.append(Problem(node.where(None), BOUND, warn, hint, report.place, severity="warning"))


def _first_crossed(crossed, today: dt.date, days: list[dt.date]) -> dt.date | None:
    """The first day from today on which `crossed` holds: a fixed date against a moving one crosses
    at most once, so a search by halves over the next ten years finds it; the named days are checked
    as they are."""
    end = max([today, *days]) + dt.timedelta(days=3653)
    found = [day for day in days if day >= today and crossed(day)]
    if crossed(end):
        low, high = today, end
        while (high - low).days > 1:
            middle = low + dt.timedelta(days=(high - low).days // 2)
            low, high = (low, middle) if crossed(middle) else (middle, high)
        found.append(high)
    return min(found, default=None)


# --- patterns --------------------------------------------------------------------------------

_REGEX_WORDS = [
    ("unterminated character set", "a '[' opens a set of characters that is never closed with ']'"),
    ("missing ), unterminated subpattern", "a '(' opens a group that is never closed with ')'"),
    ("unbalanced parenthesis", "a ')' closes a group that was never opened with '('"),
    ("nothing to repeat", "a repeat sign (*, + or ?) has nothing before it to repeat"),
    ("multiple repeat", "two repeat signs follow each other (such as ++ or *+)"),
    ("bad character range", "a character range runs backwards (such as z-a); write the smaller character first"),
    ("min repeat greater than max repeat", "a count {m,n} has m above n"),
    ("bad escape", "a backslash escape the pattern language does not know"),
]
# Python accepts these but the browser (JavaScript, unicode mode) does not, or means something else.
_JS_ONLY_PYTHON = [
    (re.compile(r"\(\?P[<=]"), "named groups written (?P<name>...) work only in Python; use a plain group (...)"),
    (re.compile(r"\\[AZ]"), "\\A and \\Z work only in Python; use ^ and $"),
    (re.compile(r"\(\?[aiLmsux]+[):]"), "inline flags such as (?i) work only in Python; spell both cases, e.g. [Yy]"),
    (re.compile(r"\(\?>|[*+?}]\+"), "atomic groups and possessive repeats (?>...), *+, ++ work only in Python"),
]
_SAFE_ESCAPES = set("^$\\.*+?()[]{}|/dDwWsSbBnrtfv0123456789ux")


def compiles(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True


def _pattern_problem(pattern: str) -> tuple[str, str] | None:
    try:
        re.compile(pattern)
    except re.error as exc:
        words = next((text for needle, text in _REGEX_WORDS if needle in str(exc)), str(exc))
        at = f" (at character {exc.pos + 1})" if exc.pos is not None else ""
        return (
            f"the pattern {pattern!r} does not work: {words}{at}",
            "escape ( ) [ ] . + ? * with \\ to mean the character itself",
        )
    for check, words in _JS_ONLY_PYTHON:
        if check.search(pattern):
            return (
                f"the pattern {pattern!r} would not work in the browser: {words}",
                "patterns must work in Python and JavaScript",
            )
    outside = re.sub(r"\[(?:\\.|[^\]\\])*\]", "", pattern)  # escapes inside [...] follow other rules
    for escaped in re.findall(r"\\(.)", outside):
        if escaped not in _SAFE_ESCAPES:
            return (
                f"the pattern {pattern!r} would not work in the browser: '\\{escaped}' is not an escape JavaScript knows",
                f"write {escaped} without the backslash",
            )
    return None
