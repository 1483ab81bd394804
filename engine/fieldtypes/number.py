"""number: an amount, a count or a measure, stored as a JSON number. `integer: true` takes whole
numbers only; `min`, `max` and `step` bound it (a step counts from `min`, else from 0); `currency`
(an ISO 4217 code such as EUR) shows it as money. The browser reads what the applicant types in
the form's language (client/src/widgets/numbers.js); text that reads as no number is kept as typed
and refused by validation in the tenant's words, like an impossible date.

How a number reads (review, print view, PDF, messages) comes from CLDR for the form's language:
Babel here, `Intl.NumberFormat` in the browser; tests/golden/numbers.json keeps the two in step.
"""

from __future__ import annotations

import functools
import math
from decimal import Decimal

from babel import Locale, UnknownLocaleError
from babel.numbers import get_currency_precision, parse_pattern

from engine.fieldtypes.base import FieldType

# The largest magnitude an answer may have: every whole number up to it is exact in a double, so the
# browser, the server and an export read the same number.
LARGEST = 2**53 - 1
MOST_DECIMALS = 10  # a plain decimal shows at most this many fraction digits (0.1 + 0.2 reads 0.3)
_SPACES = str.maketrans({"\u202f": "\u00a0"})  # CLDR's narrow no-break space, as browsers differ


def decimals(number) -> int:
    """The fraction digits a number is written with (0.05 -> 2, 50 -> 0)."""
    exponent = Decimal(repr(number)).normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def fraction_digits(spec: dict) -> tuple[int, int]:
    """(least, most) fraction digits the answer is shown with: none for whole numbers, the
    currency's own for money (none when it goes in whole steps: "$1,500"; more if the step has
    more), else as many as the value has. numbers.js fractionDigits is the same."""
    step = spec.get("step")
    step_digits = decimals(step) if step is not None else 0
    if spec.get("integer"):
        return 0, 0
    if spec.get("currency"):
        digits = get_currency_precision(str(spec["currency"]))
        return (0 if step is not None and step_digits == 0 else digits), max(digits, step_digits)
    return 0, MOST_DECIMALS


@functools.cache
def _locale(language: str) -> Locale:
    try:
        return Locale.parse(language or "en", sep="-")
    except (ValueError, UnknownLocaleError):
        return Locale.parse("en")


def number_text(value, spec: dict, language: str) -> str:
    """A stored number as the form's language writes it (a currency with its symbol); anything
    else (text kept as typed) as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return "" if value is None else str(value)
    locale = _locale(language)
    currency = spec.get("currency")
    formats = locale.currency_formats if currency else locale.decimal_formats
    pattern = parse_pattern(formats["standard" if currency else None].pattern)
    pattern.frac_prec = fraction_digits(spec)
    text = pattern.apply(Decimal(repr(value)), locale, currency=currency, currency_digits=False)
    return text.translate(_SPACES)


def number_settings(spec: dict) -> dict:
    """What the widget and the readers need of the field: integer, min, max, step, currency."""
    return {name: spec[name] for name in ("integer", "min", "max", "step", "currency") if name in spec}


class Number(FieldType):
    name = "number"
    value = "number"
    compares_numbers = True  # min/max against another answer apply
    widget = "number_input"  # not "number": the browser's code says that of every typeof check
    default_max_length = 45  # what a draft keeps of text that reads as no number (refused at submit)

    def default_messages(self) -> dict[str, str]:
        return {
            "number_format": "Please enter a number.",
            "number_whole": "Please enter a whole number.",
            "number_min": "Please enter {min} or more.",
            "number_max": "Please enter {max} or less.",
            "number_step": "Please enter a number in steps of {step}.",
        }

    def properties(self) -> dict:
        bound = {"type": "number", "minimum": -LARGEST, "maximum": LARGEST}
        return {
            "integer": {"type": "boolean", "description": "whole numbers only"},
            "min": {**bound, "description": "the least answer allowed"},
            "max": {**bound, "description": "the largest answer allowed"},
            "step": {"type": "number", "description": "answers go in steps of this much, from min (else 0)"},
            "currency": {
                "type": "string",
                "pattern": "^[A-Z]{3}$",
                "description": "an ISO 4217 code (EUR, USD): the answer reads as money",
            },
        }

    def problems(self, spec: dict) -> list[tuple[str, str, str, str]]:
        """(attribute, code, message, hint) for bounds that no answer can meet."""
        found = []
        least, most, step = spec.get("min"), spec.get("max"), spec.get("step")
        if least is not None and most is not None and least > most:
            found.append(
                (
                    "max",
                    "IMPOSSIBLE_BOUND",
                    f"min {least} is more than max {most}: no answer can pass",
                    "swap them or fix one of them",
                )
            )
        if step is not None and step <= 0:
            found.append(("step", "IMPOSSIBLE_BOUND", f"step {step} is not positive", "use a step above 0, or none"))
        elif step is not None and spec.get("integer") and step != int(step):
            found.append(
                (
                    "step",
                    "IMPOSSIBLE_BOUND",
                    f"step {step} is not whole, but the field takes whole numbers",
                    "use a whole step, or remove integer",
                )
            )
        currency = spec.get("currency")
        if isinstance(currency, str) and currency not in _currencies():
            found.append(
                (
                    "currency",
                    "UNKNOWN_CURRENCY",
                    f"{currency} is not an ISO 4217 currency code",
                    "use a code such as EUR, USD or GBP",
                )
            )
        return found

    def property_schema(self, spec: dict, messages: dict, language: str = "en") -> dict:
        whole = bool(spec.get("integer"))
        schema: dict = {"type": "integer" if whole else "number"}
        schema_messages = {"type": messages["number_whole" if whole else "number_format"]}

        def shown(number) -> str:
            return number_text(number, spec, language)

        if spec.get("min") is not None:
            schema["minimum"] = spec["min"]
            schema_messages["minimum"] = messages["number_min"].replace("{min}", shown(spec["min"]))
        if spec.get("max") is not None:
            schema["maximum"] = spec["max"]
            schema_messages["maximum"] = messages["number_max"].replace("{max}", shown(spec["max"]))
        if spec.get("step") is not None and spec["step"] > 0:
            schema["fe_step"] = {"step": spec["step"], "base": spec.get("min") or 0}
            schema_messages["fe_step"] = messages["number_step"].replace("{step}", shown(spec["step"]))
        schema["x-messages"] = schema_messages
        return schema

    def add_layout(self, compiler, spec, use, layout: dict) -> None:
        layout["number"] = number_settings(spec)
        layout.setdefault("inputmode", "numeric" if spec.get("integer") else "decimal")

    def pdf(self, renderer, field: dict) -> None:
        """The number as the form's language writes it; stored as a number."""
        value = renderer.answers.get(field["key"])
        language = str((renderer.form.get("settings") or {}).get("language") or "en")
        shown = number_text(value, field.get("number") or {}, language) if value not in (None, "") else ""
        renderer.add(renderer.question(field), shown)


@functools.cache
def _currencies() -> frozenset[str]:
    from babel.numbers import list_currencies

    return frozenset(list_currencies())


TYPE = Number()
