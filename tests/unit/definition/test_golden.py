"""Golden cases: answers + today -> the exact error map; condition + answers -> truth.

The same files are run by the client's vitest suite (client/src/form/validation/golden.test.js), so the
server and the browser can never drift apart. Format: tests/golden/README.md.
"""

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from engine.definition import evaluate_condition, load_and_compile
from engine.definition.compile.conditions import to_schema
from engine.fieldtypes.phone import mask_pattern

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "tests" / "golden"


def merged_answers(base: dict, overrides: dict) -> dict:
    answers = dict(base)
    for key, value in overrides.items():
        if value is None:
            answers.pop(key, None)
        else:
            answers[key] = value
    return answers


def _validation_cases():
    for tenant_dir in sorted(p for p in GOLDEN.iterdir() if p.is_dir()):
        base_file = tenant_dir / "base.json"
        if not base_file.exists():
            continue
        for case_file in sorted((tenant_dir / "validation").glob("*.json")):
            for case in json.loads(case_file.read_text()):
                yield pytest.param(tenant_dir.name, case, id=f"{tenant_dir.name}/{case_file.stem}/{case['name']}")


def _condition_cases():
    path = GOLDEN / "conditions.json"
    if path.exists():
        for case in json.loads(path.read_text()):
            yield pytest.param(case, id=case["name"])


_compiled_cache: dict = {}


def tenant_folder(tenant_id: str) -> Path:
    """A golden folder's own tenant (tests/golden/<id>/tenant) or the product tenant tenants/<id>."""
    own = GOLDEN / tenant_id / "tenant"
    return own if own.is_dir() else ROOT / "tenants" / tenant_id


def compiled_for(tenant_id: str):
    if tenant_id not in _compiled_cache:
        _compiled_cache[tenant_id] = load_and_compile(tenant_folder(tenant_id))
    return _compiled_cache[tenant_id]


def case_setting(base: dict, case: dict, name: str) -> dict:
    """add_another / tabs of a case: the case's entries over the base's."""
    return {**(base.get(name) or {}), **(case.get(name) or {})}


def _sorted_map(errors: dict) -> dict:
    return {key: sorted(messages) for key, messages in errors.items()}


@pytest.mark.parametrize("reference", [False, True], ids=["compiled", "jsonschema"])
@pytest.mark.parametrize("tenant_id,case", list(_validation_cases()))
def test_validation_golden_case(tenant_id, case, reference):
    """Both server paths: the generated Python validator and the jsonschema reference."""
    base = json.loads((GOLDEN / tenant_id / "base.json").read_text())
    today = dt.date.fromisoformat(case.get("today", base["today"]))
    answers = merged_answers(base["answers"], case.get("answers", {}))
    errors = compiled_for(tenant_id).validate(
        answers,
        today=today,
        tabs=case_setting(base, case, "tabs"),
        counts=case_setting(base, case, "add_another"),
        reference=reference,
    )
    assert _sorted_map(errors) == _sorted_map(case["expect"])


def _visibility_cases():
    for tenant_dir in sorted(p for p in GOLDEN.iterdir() if p.is_dir()):
        for case_file in sorted((tenant_dir / "visibility").glob("*.json")):
            for case in json.loads(case_file.read_text()):
                yield pytest.param(tenant_dir.name, case, id=f"{tenant_dir.name}/{case_file.stem}/{case['name']}")


@pytest.mark.parametrize("reference", [False, True], ids=["compiled", "jsonschema"])
@pytest.mark.parametrize("tenant_id,case", list(_visibility_cases()))
def test_visibility_golden_case(tenant_id, case, reference):
    """What is hidden (no `save`) or what a save clears (`save`), on both server paths."""
    base = json.loads((GOLDEN / tenant_id / "base.json").read_text())
    compiled = compiled_for(tenant_id)
    visibility = compiled.reference_visibility if reference else compiled.visibility
    answers = merged_answers(base["answers"], case.get("answers", {}))
    counts, tabs = case_setting(base, case, "add_another"), case_setting(base, case, "tabs")
    if "save" in case:
        today = dt.date.fromisoformat(case.get("today", base["today"]))
        settled = visibility.settle(answers, case["save"], counts, tabs, today)
        assert sorted(settled.cleared) == sorted(case["expect"])
        assert not set(settled.cleared) & set(settled.answers)
        assert all(settled.changes[key] == "" for key in settled.cleared)
    else:
        assert sorted(visibility.hidden_keys(answers, counts, tabs)) == sorted(case["expect"])
        # every hidden key, answered or not (documents and validation errors of hidden questions)
        everything = visibility.all_hidden(answers, counts, tabs)
        assert set(case["expect"]) <= everything
        other = compiled.visibility if reference else compiled.reference_visibility
        assert other.all_hidden(answers, counts, tabs) == everything


@pytest.mark.parametrize("tenant_dir", [p for p in sorted(GOLDEN.iterdir()) if p.is_dir()], ids=lambda p: p.name)
def test_every_tenant_with_golden_cases_has_a_valid_base(tenant_dir):
    base = json.loads((tenant_dir / "base.json").read_text())
    today = dt.date.fromisoformat(base["today"])
    compiled = compiled_for(tenant_dir.name)
    counts = base.get("add_another")
    assert compiled.validate(base["answers"], today=today, tabs=base.get("tabs"), counts=counts) == {}
    assert compiled.visibility.hidden_keys(base["answers"], counts, base.get("tabs")) == []


@pytest.mark.parametrize("case", list(_condition_cases()))
def test_condition_golden_case(case):
    """The server's one condition evaluator, both forms: the generated Python (what every save,
    print view and PDF runs) and the jsonschema library interpreting the same schema agree."""
    schema = to_schema(case["condition"])
    compiled = evaluate_condition(schema, case["answers"])
    interpreted = evaluate_condition(schema, case["answers"], reference=True)
    assert compiled is interpreted
    assert compiled is case["expect"]


def test_every_required_message_of_the_spec_has_a_golden_case():
    """Each message listed in spec_messages.json must be exercised by at least one case."""
    expected_messages = set()
    for tenant_dir in GOLDEN.iterdir():
        for case_file in (tenant_dir / "validation").glob("*.json") if tenant_dir.is_dir() else []:
            for case in json.loads(case_file.read_text()):
                for messages in case["expect"].values():
                    expected_messages.update(messages)
    spec_messages = json.loads((GOLDEN / "spec_messages.json").read_text())
    missing = [m for m in spec_messages if not any(m in e for e in expected_messages)]
    assert missing == []


def _file_cases():
    for case in json.loads((GOLDEN / "files.json").read_text()):
        yield pytest.param(case, id=case["name"])


@pytest.mark.parametrize("case", list(_file_cases()))
def test_file_golden_case(case):
    """Every file-upload field of the international tenant uses the spec's file rules."""
    from engine.definition.files import file_problems

    compiled = compiled_for("intl_undergrad")
    file_fields = [
        f for page in compiled.data["pages"] for f in _walk_fields(page["sections"]) if f.get("widget") == "file_upload"
    ]
    assert file_fields, "the tenant has file uploads"
    for field in file_fields:
        assert file_problems(field["file"], case["file_name"], case["size"]) == case["expect"]


def _walk_fields(sections):
    for section in sections:
        groups = [section.get("fields", [])]
        groups += [i["fields"] for i in section.get("instances", [])]
        groups += [b["fields"] for b in section.get("branches", [])]
        groups += [t["fields"] for t in (section.get("tabs") or {}).get("options", [])]
        for fields in groups:
            for field in fields:
                yield field
                yield from (field.get("parts") or {}).values()


def _mask_cases():
    for case in json.loads((GOLDEN / "masks.json").read_text()):
        yield pytest.param(case, id=case["name"])


@pytest.mark.parametrize("case", list(_mask_cases()))
def test_mask_golden_case(case):
    """The value the widget keeps for what was typed is valid exactly when it fills the mask."""
    assert (re.fullmatch(mask_pattern(case["mask"]), case["value"]) is not None) is case["valid"]
