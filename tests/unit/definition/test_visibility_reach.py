"""Which answers can decide whether a file question is hidden (`Visibility.may_change_files`): a save
of other keys skips working out the hidden file questions before and after it."""

import datetime as dt
import json

import pytest

from engine.definition.visibility import Visibility
from tests.unit.definition.test_golden import GOLDEN, case_setting, compiled_for, merged_answers


def _equals(key: str, value: str) -> dict:
    return {"required": [key], "properties": {key: {"const": value}}}


def _visibility() -> Visibility:
    """A cascade: `has_doc` shows only for country US, the file question only when has_doc is Y."""
    text = {"type": "string", "max_length": 45}
    return Visibility(
        {
            "visibility": {
                "rules": [
                    {"id": "doc", "when": _equals("country", "US"), "keys": ["has_doc"]},
                    {"id": "file", "when": _equals("has_doc", "Y"), "keys": ["doc_file"]},
                    {"id": "other", "when": _equals("pet", "cat"), "keys": ["pet_name"]},
                ],
                "dropdowns": [],
            },
            "tabs": {},
            "add_another": {},
            "data_model": {
                "country": text,
                "has_doc": text,
                "doc_file": {**text, "field": "file"},
                "pet": text,
                "pet_name": text,
            },
        }
    )


def test_the_keys_that_decide_a_file_question_follow_the_cascade():
    visibility = _visibility()
    assert visibility.file_inputs == {"doc_file", "has_doc", "country"}
    assert visibility.may_change_files({"country": "CA"})
    assert visibility.may_change_files({"pet": "", "doc_file": ""})
    assert not visibility.may_change_files({"pet": "dog", "pet_name": ""})


def test_a_change_two_rules_away_does_hide_the_file_question():
    visibility = _visibility()
    stored = {"country": "US", "has_doc": "Y", "doc_file": "ANSWERED"}
    settled = visibility.settle(stored, {"country": "CA"})
    assert settled.cleared == ["has_doc", "doc_file"]
    assert visibility.hidden_files(stored) == set()
    assert visibility.hidden_files(settled.answers) == {"doc_file"}
    assert visibility.may_change_files(settled.changes)


def _saves():
    for tenant_dir in sorted(p for p in GOLDEN.iterdir() if p.is_dir()):
        for case_file in sorted((tenant_dir / "visibility").glob("*.json")):
            for case in json.loads(case_file.read_text()):
                if "save" in case:
                    yield pytest.param(tenant_dir.name, case, id=f"{tenant_dir.name}/{case_file.stem}/{case['name']}")


def _settle(tenant_id, case):
    """A golden save's visibility, answers before it, counts, tabs and what the save settled."""
    base = json.loads((GOLDEN / tenant_id / "base.json").read_text())
    visibility = compiled_for(tenant_id).visibility
    answers = merged_answers(base["answers"], case.get("answers", {}))
    counts, tabs = case_setting(base, case, "add_another"), case_setting(base, case, "tabs")
    today = dt.date.fromisoformat(case.get("today", base["today"]))
    return visibility, answers, counts, tabs, visibility.settle(answers, case["save"], counts, tabs, today)


@pytest.mark.parametrize("tenant_id,case", list(_saves()))
def test_a_save_that_cannot_change_the_hidden_files_does_not(tenant_id, case):
    """Every golden save: when `may_change_files` says no, the hidden file questions are the same."""
    visibility, answers, counts, tabs, settled = _settle(tenant_id, case)
    before, after = (
        visibility.hidden_files(answers, counts, tabs),
        visibility.hidden_files(settled.answers, counts, tabs),
    )
    if not visibility.may_change_files(settled.changes):
        assert before == after
    assert visibility.file_keys <= visibility.file_inputs


def test_the_golden_saves_take_both_branches():
    """The check above compares the hidden files only where `may_change_files` says no: some golden
    save must say no (else it compared nothing), and some must say yes."""
    said = set()
    for param in _saves():
        visibility, *_, settled = _settle(*param.values)
        said.add(visibility.may_change_files(settled.changes))
    assert said == {True, False}
