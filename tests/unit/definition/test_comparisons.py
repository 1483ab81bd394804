"""Rules comparing an answer with another answer: one small compiled rule each, messages naming the
other question in the applicant's language, seen by the version diff. What they decide is pinned by
the golden cases (tests/golden/comparisons), what they refuse by the author corpus."""

import json
import shutil
from pathlib import Path

from engine.definition import load_and_compile
from engine.definition.diff.diff import diff
from tests.unit.definition.versions_tenant import V1, compiled

ROOT = Path(__file__).resolve().parents[3]


def _comparisons(data: dict) -> list[dict]:
    found = []
    for page in data["pages"]:
        for rule in page["schema"].get("allOf", []):
            then = rule.get("then", rule)
            if "fe_other" in then:
                found.append(rule)
    return found


def test_each_comparison_compiles_to_one_small_rule_whatever_the_dates():
    data = load_and_compile(ROOT / "tests" / "golden" / "comparisons" / "tenant").data
    rules = _comparisons(data)
    by_key: dict[str, list] = {}
    for rule in rules:
        by_key.setdefault(rule.get("then", rule)["fe_other"]["key"], []).append(rule)
    assert len(by_key["project_end"]) == 1  # not one rule per possible start date
    assert len(json.dumps(by_key["project_end"][0])) < 250
    # a count of entries names the section's prefixes and keys once, not a rule per count
    (team,) = by_key["team_size"]
    assert team["fe_other"]["entries"] == {
        "prefixes": ["member_", "member_2_", "member_3_"],
        "keys": ["name", "joined", "left"],
    }


def test_the_message_names_the_other_question_in_the_applicants_language():
    form = load_and_compile(ROOT / "tenants" / "example_scholarship")
    answers = {"course_start": "2025-09-01", "course_end": "2025-08-31"}
    english = form.validate(answers, routes=["/applicant"])["course_end"]
    french = form.in_language("fr").validate(answers, routes=["/applicant"])["course_end"]
    assert english == ["Your expected completion date must be on or after the Course Start Date."]
    assert french == ["La date de fin prévue doit être égale ou postérieure à la « Date de début des études »."]


def test_a_new_comparison_is_a_rule_change_of_its_question(tmp_path):
    before = compiled(tmp_path / "a", V1).data
    compared = V1.replace(
        "{key: gpa, type: text, label: GPA}", "{key: gpa, type: text, label: GPA, rules: [{max: {answer: nickname}}]}"
    )
    after = compiled(tmp_path / "b", compared).data
    result = diff(before, after)
    assert [(c.key, c.kind) for c in result.changes] == [("gpa", "rules")]
    assert result.archiving == []


def test_a_number_answer_compares_with_another_number_answer(tmp_path):
    tenant = tmp_path / "scholarship"
    shutil.copytree(ROOT / "tenants" / "example_scholarship", tenant)
    page = tenant / "pages" / "statement.yaml"
    page.write_text(
        page.read_text().replace(
            "        step: 50\n        required: true\n",
            "        step: 50\n        required: true\n        rules: [{max: {answer: budget_total}}]\n"
            "      - {key: budget_total, type: number, label: Total Budget, currency: USD}\n",
        )
    )
    form = load_and_compile(tenant)
    route = form.data["pages"][-1]["route"]
    over = form.validate({"amount_requested": 3000, "budget_total": 2000}, routes=[route])
    assert "Total Budget" in over["amount_requested"][0]
    assert "amount_requested" not in form.validate({"amount_requested": 2000, "budget_total": 3000}, routes=[route])
