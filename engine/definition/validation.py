"""Server-side answer validation: a pure function of (compiled form, answers, today[, tabs]).

The compiled page schemas are plain JSON Schema plus seven small keywords that the client's
ajv implements the same way (client/src/form/validation/keywords.js):
  fe_valid_date  the value is a real YYYY-MM-DD date
  fe_date        {op: gte|lte, years?, months?, days?} or {op, date}: the date compared with today
                 shifted (years, then months, then days; see dates.py) or with a fixed date
  fe_year        {op: gte|lte, years: N}: the date's year compared with today's year + N
  fe_compare     {op: lt|lte|gt|gte, target}: numbers as numbers, anything else as text
  fe_years       {start_year?, num_years, direction, extra}: one of the year list's values today
  fe_words       {op: gte|lte, count: N}: the number of words in a text (word_count)
  fe_other       {key, op, other, as: day|number|value} or {key, op, entries: {prefixes, keys}}:
                 on the answer map, one answer compared with another, or with the number of an
                 add-another's entries filled in (compile/comparisons.py); the error is `key`'s
  fe_step        {step, base}: a number is base plus a whole number of steps (step_ok)
Each failing keyword's message is the `x-messages[keyword]` of the schema that holds it.
"""

import datetime as dt
import re
from functools import lru_cache

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError

from engine.definition.compile.conditions import prepare_instance
from engine.definition.dates import bound_date

DATE_PATTERN = _DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_NUMBER = re.compile(r"^\s*-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)\s*$")
# What separates words, spelt out so that the browser (keywords.js WORD_GAP) splits the same way.
_WORD_GAP = re.compile("[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")


def word_count(value) -> int | None:
    """The words in a text (runs of characters between spaces and line breaks); None: not a text."""
    if not isinstance(value, str):
        return None
    return sum(1 for word in _WORD_GAP.split(value) if word)


def words_ok(value, op: str, count: int) -> bool:
    words = word_count(value)
    return words is None or (words >= count if op == "gte" else words <= count)


def is_number(value) -> bool:
    """A JSON number (true and false are not)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def step_ok(value, step, base) -> bool:
    """Whether a number is base plus a whole number of steps, to within a billionth of a step (0.3
    is 0.1 * 3), computed as the browser does (keywords.js stepOk); anything else is not its to refuse."""
    if not is_number(value):
        return True
    steps = (value - base) / step
    return abs(steps - round(steps)) <= 1e-9


def parse_date(value) -> dt.date | None:
    if not isinstance(value, str) or not _DATE.match(value):
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        return None


def as_number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str) and _NUMBER.match(value):
        return float(value)
    return None


def compare(value, op: str, target) -> bool:
    left, right = as_number(value), as_number(target)
    if left is None or right is None:
        left, right = str(value), str(target)
    return {"lt": left < right, "lte": left <= right, "gt": left > right, "gte": left >= right}[op]


def other_ok(value, other, op: str, kind: str) -> bool:
    """One answer compared with another. As a rule (kind day or number), both read as dates or as
    numbers, and an empty or unreadable side (another rule's to refuse) means the comparison does
    not apply. In a condition (kind value), as `compare` does: numbers as numbers, else as text."""
    if kind == "value":
        return compare(value, op, other)
    read = parse_date if kind == "day" else as_number
    left, right = read(value), read(other)
    if left is None or right is None:
        return True
    return {"lt": left < right, "lte": left <= right, "gt": left > right, "gte": left >= right}[op]


def filled_entries(instance: dict, entries: dict) -> int:
    """The add-another entries holding any answer ({prefixes, keys}): the ones a submission keeps.
    Entries beyond the section's count are hidden, so absent from a validated instance."""
    keys = entries["keys"]
    return sum(
        1 for prefix in entries["prefixes"] if any(instance.get(prefix + key, False) is not False for key in keys)
    )


def answers_compare(spec: dict, instance) -> bool:
    """fe_other on a prepared instance (the answer map): the answer `key` against the answer
    `other`, or against the number of `entries` filled in."""
    if not isinstance(instance, dict):
        return True
    if "entries" in spec:
        return other_ok(instance.get(spec["key"]), filled_entries(instance, spec["entries"]), spec["op"], "number")
    return other_ok(instance.get(spec["key"]), instance.get(spec["other"]), spec["op"], spec["as"])


def year_options(today: dt.date, spec: dict) -> list[str]:
    """A year list as served on `today`: start_year (or this year) plus offset, num_years entries, past or future."""
    start = (spec.get("start_year") or today.year) + spec.get("offset", 0)
    step = -1 if spec["direction"] == "past" else 1
    return [str(start + step * i) for i in range(spec["num_years"])]


def in_year_options(value, today: dt.date, spec: dict) -> bool:
    return not isinstance(value, str) or value in spec.get("extra", ()) or value in year_options(today, spec)


def answer_year(value) -> int | None:
    """The year an answer names (fe_year): a date's, or a string of digits'; None for anything else."""
    day = parse_date(value)
    return day.year if day else (int(value) if isinstance(value, str) and value.isdigit() else None)


def within(value, bound, op: str) -> bool:
    """fe_date's and fe_year's test: value >= bound for op gte, else value <= bound."""
    return value >= bound if op == "gte" else value <= bound


def limit_year(today: dt.date, spec: dict) -> int:
    return today.year + spec["years"]


@lru_cache(maxsize=4)
def validator_class(today: dt.date):
    def fe_valid_date(_validator, enabled, instance, _schema):
        if enabled and isinstance(instance, str) and _DATE.match(instance) and parse_date(instance) is None:
            yield ValidationError(f"{instance!r} is not a real date")

    def fe_date(_validator, spec, instance, _schema):
        day = parse_date(instance)
        if day is not None and not within(day, bound_date(today, spec), spec["op"]):
            yield ValidationError(f"{instance} is not {spec['op']} {bound_date(today, spec)}")

    def fe_year(_validator, spec, instance, _schema):
        year = answer_year(instance)
        if year is not None and not within(year, limit_year(today, spec), spec["op"]):
            yield ValidationError(f"{year} is not {spec['op']} {limit_year(today, spec)}")

    def fe_years(_validator, spec, instance, _schema):
        if not in_year_options(instance, today, spec):
            yield ValidationError(f"{instance!r} is not in the year list")

    def fe_words(_validator, spec, instance, _schema):
        if not words_ok(instance, spec["op"], spec["count"]):
            yield ValidationError(f"{word_count(instance)} words is not {spec['op']} {spec['count']}")

    def fe_other(_validator, spec, instance, _schema):
        if not answers_compare(spec, instance):
            message = f"{instance.get(spec['key'])!r} is not {spec['op']} {spec.get('other', 'the entries')}"
            yield ValidationError(message, path=[spec["key"]])

    def fe_step(_validator, spec, instance, _schema):
        if not step_ok(instance, spec["step"], spec["base"]):
            yield ValidationError(f"{instance!r} is not {spec['base']} plus steps of {spec['step']}")

    def fe_compare(_validator, spec, instance, _schema):
        if not compare(instance, spec["op"], spec["target"]):
            yield ValidationError(f"{instance!r} is not {spec['op']} {spec['target']!r}")

    return validators.extend(
        Draft202012Validator,
        {
            "fe_valid_date": fe_valid_date,
            "fe_date": fe_date,
            "fe_year": fe_year,
            "fe_compare": fe_compare,
            "fe_years": fe_years,
            "fe_words": fe_words,
            "fe_other": fe_other,
            "fe_step": fe_step,
        },
    )


def _message(error: ValidationError, today: dt.date) -> str:
    messages = error.schema.get("x-messages", {}) if isinstance(error.schema, dict) else {}
    message = messages.get(error.validator, error.message)
    if "{year}" in message and error.validator == "fe_year":
        message = message.replace("{year}", str(limit_year(today, error.validator_value)))
    return message


def _error_key(error: ValidationError) -> str | None:
    if error.validator == "required":
        return error.validator_value[0]
    path = list(error.absolute_path)
    return str(path[0]) if path else None


def validate_instance(schema: dict, instance: dict, today: dt.date) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for error in validator_class(today)(schema).iter_errors(instance):
        key = _error_key(error)
        if key is None:
            continue
        message = _message(error, today)
        bucket = errors.setdefault(key, [])
        if message not in bucket:
            bucket.append(message)
    return errors


def validate_answers(
    compiled,
    answers: dict,
    today: dt.date | None = None,
    tabs: dict | None = None,
    routes: list[str] | None = None,
    reference: bool = False,
    counts: dict | None = None,
) -> dict[str, list[str]]:
    """{key: [messages]} for the whole application (or the given page routes); {} when valid.
    Hidden means absent: answers the hiding rules hide (given the add-another counts and the
    chosen tabs) are left out first, so they never produce an error.
    reference=True uses the jsonschema library instead of the compiled fast paths."""
    today = today or dt.date.today()
    visibility = compiled.reference_visibility if reference else compiled.visibility
    instance = prepare_instance(visibility.visible_answers(answers, counts, tabs), tabs, compiled.tab_defaults)
    errors: dict[str, list[str]] = {}
    for page in compiled.data["pages"]:
        if routes is None or page["route"] in routes:
            if reference:
                page_errors = validate_instance(page["schema"], instance, today)
            else:
                page_errors = compiled.page_validator(page["route"], today)(instance)
            for key, messages in page_errors.items():
                bucket = errors.setdefault(key, [])
                bucket.extend(m for m in messages if m not in bucket)
    return errors
