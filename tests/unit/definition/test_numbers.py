"""The number field type: how a number reads (Babel, against the golden cases the browser's Intl
runs too), its compiled schema in each of the form's languages, and the same verdicts from the
generated validator and the jsonschema reference (whole numbers, bounds, steps)."""

import datetime as dt
import json
from pathlib import Path

import pytest

from engine.applications.migration import migrate
from engine.definition.compile.codegen import compile_validator
from engine.definition.fields import DEFAULT_MESSAGES
from engine.definition.pipeline import load_and_compile
from engine.definition.validation import validate_instance
from engine.fieldtypes.number import TYPE, number_text

ROOT = Path(__file__).resolve().parents[3]
CASES = json.loads((ROOT / "tests" / "golden" / "numbers.json").read_text())


@pytest.mark.parametrize("case", CASES["display"], ids=[case["name"] for case in CASES["display"]])
def test_golden_numbers_read_as_the_language_writes_them(case):
    assert number_text(case["value"], case["field"], case["language"]) == case["expect"]


def test_a_message_names_its_bound_as_the_form_s_language_writes_it():
    form = load_and_compile(ROOT / "tenants" / "example_scholarship", dt.date(2026, 3, 1))

    def amount_messages(served):
        page = next(page for page in served.data["pages"] if page["route"] == "/statement")
        return page["schema"]["properties"]["amount_requested"]["x-messages"]

    english, french = amount_messages(form), amount_messages(form.in_language("fr"))
    assert english["minimum"] == "Please enter $500 or more."
    assert english["maximum"] == "Please enter $10,000 or less."
    assert french["minimum"] == "Veuillez saisir au moins 500\u00a0$US."
    assert french["maximum"] == "Veuillez saisir au plus 10\u00a0000\u00a0$US."
    assert french["fe_step"] == "Veuillez saisir un nombre par tranches de 50\u00a0$US."
    assert french["type"] == "Veuillez saisir un nombre."


WHOLE = {
    "type": "object",
    "properties": {"n": TYPE.property_schema({"integer": True, "min": 0, "max": 12, "step": 3}, DEFAULT_MESSAGES)},
}
DECIMAL = {"type": "object", "properties": {"n": TYPE.property_schema({"min": 0.5, "step": 0.1}, DEFAULT_MESSAGES)}}


@pytest.mark.parametrize(
    "schema, value, expect",
    [
        (WHOLE, 6, []),
        (WHOLE, 6.0, []),  # JSON Schema's integer: no fraction, however written
        (WHOLE, 6.5, ["Please enter a whole number.", "Please enter a number in steps of 3."]),
        (WHOLE, "6", ["Please enter a whole number."]),
        (WHOLE, False, ["Please enter a whole number."]),
        (WHOLE, 15, ["Please enter 12 or less."]),
        (WHOLE, -3, ["Please enter 0 or more."]),
        (WHOLE, 7, ["Please enter a number in steps of 3."]),
        (DECIMAL, 0.7, []),  # 0.5 + 2 * 0.1, though not exactly in binary
        (DECIMAL, 1.3, []),
        (DECIMAL, 0.75, ["Please enter a number in steps of 0.1."]),
        (DECIMAL, 0.4, ["Please enter 0.5 or more."]),  # one step below the least: on the steps
    ],
)
def test_the_generated_validator_and_the_reference_agree(schema, value, expect):
    today = dt.date(2026, 3, 1)
    reference = validate_instance(schema, {"n": value}, today).get("n", [])
    generated = compile_validator(schema, today)({"n": value}).get("n", [])
    assert sorted(reference) == sorted(generated) == sorted(expect)


def test_a_draft_moving_to_a_new_version_keeps_its_number():
    data = load_and_compile(ROOT / "tenants" / "example_scholarship", dt.date(2026, 3, 1)).data
    for amount in (2500, 0, "12abc"):
        moved = migrate(data, data, {"amount_requested": amount}, version="v1", at="2026-03-01T00:00:00Z")
        assert moved.answers == {"amount_requested": amount} and moved.archive == {}
