"""Checking an answer map against the tenant's data model. Pure: no Flask, no database.

Keys must exist in the data model (prefixed repeater keys and `_desc` companions are in it);
text answers are strings within the field's maximum length, on one line unless the field is a
textarea, checkbox answers true/false, number answers a finite number within the number type's
LARGEST (or, in a draft, text the browser could not read as a number, kept as typed for
validation to refuse); an empty string is always allowed (it clears the answer).
"""

import math
import re

from engine.applications import messages
from engine.definition.visibility import merge
from engine.fieldtypes.base import LINE_BREAK
from engine.fieldtypes.number import LARGEST
from engine.fieldtypes.registry import holds_number, multi_line
from engine.jsonio import encodes

__all__ = ["answer_problems", "merge", "shown_key", "storable", "usable_answers"]

DEFAULT_MAX_LENGTH = 45
SHOWN_KEY_LENGTH = 80  # a hostile key is echoed back shortened
MAX_REPORTED = 50  # problems named in one answer
_LINE_BREAK = re.compile(LINE_BREAK)


def answer_problems(data_model: dict, answers: dict) -> dict[str, list[str]]:
    """{key: [message]} for every answer that cannot be stored; {} when all can."""
    problems: dict[str, list[str]] = {}
    limits = _text_limits(data_model)
    for key, value in answers.items():
        limit = limits.get(key)
        if limit is not None and value.__class__ is str and len(value) <= limit and _plain(value):
            continue  # the common case, decided without the full check
        message = _problem(data_model.get(key), value)
        if message:
            problems[shown_key(key)] = [message]
            if len(problems) >= MAX_REPORTED:
                break
    return problems


def _plain(value: str) -> bool:
    """ASCII on one line without NUL (a printable ASCII string is, without the regular expression)."""
    return value.isascii() and (value.isprintable() or ("\x00" not in value and _LINE_BREAK.search(value) is None))


_LIMITS: dict[int, tuple[dict, dict[str, int]]] = {}  # id(data model): (it, {key: text limit})


def _text_limits(data_model: dict) -> dict[str, int]:
    """{key: maximum length} of the data model's keys whose answer may be text (not a checkbox's),
    built once per data model (a compiled form's lives as long as the form)."""
    cached = _LIMITS.get(id(data_model))
    if cached is not None and cached[0] is data_model:
        return cached[1]
    limits = {
        key: spec.get("max_length") or DEFAULT_MAX_LENGTH
        for key, spec in data_model.items()
        if spec.get("type") != "boolean"
    }
    if len(_LIMITS) >= 8:  # a few versions at once at most; older ones are rebuilt if asked again
        _LIMITS.clear()
    _LIMITS[id(data_model)] = (data_model, limits)
    return limits


def _problem(spec: dict | None, value) -> str | None:
    if spec is None:
        return messages.UNKNOWN_KEY
    if value == "":
        return None
    if spec.get("type") == "boolean":
        return None if isinstance(value, bool) else messages.NOT_BOOLEAN
    if holds_number(spec.get("field")) and not isinstance(value, str):
        number = isinstance(value, int | float) and not isinstance(value, bool)
        return None if number and math.isfinite(value) and abs(value) <= LARGEST else messages.NOT_NUMBER
    if not isinstance(value, str):
        return messages.NOT_TEXT
    limit = spec.get("max_length") or DEFAULT_MAX_LENGTH
    if len(value) > limit:
        return messages.TOO_LONG.format(limit=limit)
    if not storable(value):
        return messages.BAD_CHARACTERS
    if _LINE_BREAK.search(value) and not multi_line(spec.get("field")):
        return messages.ONE_LINE  # a name with a line break could pose as a line of the staff e-mail
    return None


def storable(text: str) -> bool:
    """PostgreSQL refuses NUL in text and JSON; lone surrogates are not UTF-8."""
    return "\x00" not in text and encodes(text)


def shown_key(key) -> str:
    text = str(key).encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= SHOWN_KEY_LENGTH else text[:SHOWN_KEY_LENGTH] + "..."


def usable_answers(data_model: dict, answers: dict) -> dict:
    """The answers that could be stored (a visitor's answers carried over at sign-up): numbers
    become text (but stay numbers for a number question), anything else that does not fit is dropped."""
    usable = {}
    for key, value in answers.items():
        number_answer = holds_number((data_model.get(key) or {}).get("field"))
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not number_answer:
            value = str(value)
        if value != "" and _problem(data_model.get(key), value) is None:
            usable[key] = value
    return usable
