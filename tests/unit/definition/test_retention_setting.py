"""`retention:` in tenant.yaml: checked like the rest of the definition (file:line:col, a code, a hint),
compiled for the retention job, and a warning from `formengine validate` when a tenant sets none."""

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.cli import main
from engine.definition import DefinitionInvalid, load_and_compile

ROOT = Path(__file__).resolve().parents[3]
FIXTURE = ROOT / "tests" / "fixtures" / "minimal_tenant"


def _tenant(tmp_path, retention: str | None) -> Path:
    folder = tmp_path / "tenant"
    shutil.copytree(FIXTURE, folder)
    tenant = folder / "tenant.yaml"
    kept = [line for line in tenant.read_text().splitlines(keepends=True) if not line.startswith("retention:")]
    tenant.write_text("".join(kept) + ("retention:\n" + retention if retention is not None else ""))
    return folder


def _problems(folder) -> list:
    with pytest.raises(DefinitionInvalid) as caught:
        load_and_compile(folder)
    return caught.value.problems


GOOD = "  drafts_days: 90\n  reminder_days_before: 7\n  submitted_years: 2\n  unconfirmed_accounts_days: 14\n"


def test_retention_compiles_and_stays_out_of_the_published_form(tmp_path):
    compiled = load_and_compile(_tenant(tmp_path, GOOD))
    retention = compiled.retention
    assert (retention.drafts_days, retention.reminder_days_before, retention.submitted_years) == (90, 7, 2)
    assert retention.reminder.days == 83 and retention.submitted.days == 730
    assert "retention" not in compiled.data and compiled.etag == load_and_compile(_tenant(tmp_path / "bare", None)).etag
    assert not [w for w in compiled.warnings if w.code == "NO_RETENTION"]


def test_a_negative_period_is_a_problem_where_it_is_written(tmp_path):
    (problem,) = _problems(_tenant(tmp_path, GOOD.replace("drafts_days: 90", "drafts_days: -5")))
    assert problem.code == "NEGATIVE_PERIOD" and "drafts_days is -5" in problem.message
    assert str(problem.location).endswith("tenant.yaml:" + str(problem.location.line) + ":16")
    assert problem.hint


def test_submitted_applications_kept_shorter_than_drafts_is_a_problem(tmp_path):
    problems = _problems(_tenant(tmp_path, GOOD.replace("drafts_days: 90", "drafts_days: 800")))
    assert [p.code for p in problems] == ["SUBMITTED_KEPT_SHORTER"]
    assert "raise submitted_years" in problems[0].hint


def test_a_reminder_after_the_deletion_is_a_problem(tmp_path):
    problems = _problems(_tenant(tmp_path, GOOD.replace("reminder_days_before: 7", "reminder_days_before: 90")))
    assert [p.code for p in problems] == ["REMINDER_TOO_EARLY"]


def test_an_unknown_or_missing_period_is_refused_by_the_schema(tmp_path):
    assert _problems(_tenant(tmp_path, "  drafts_days: 90\n  keep_forever: true\n"))


def test_validate_warns_when_no_retention_is_set_and_the_shipped_tenants_set_one(tmp_path):
    runner = CliRunner()
    bare = runner.invoke(main, ["validate", str(_tenant(tmp_path, None))])
    assert "NO_RETENTION" in bare.output and "kept forever" in bare.output
    strict = runner.invoke(main, ["validate", "--strict", str(_tenant(tmp_path / "again", None))])
    assert strict.exit_code != 0
    for tenant in ("intl_undergrad", "example_scholarship"):
        compiled = load_and_compile(ROOT / "tenants" / tenant)
        assert compiled.retention is not None and compiled.retention.submitted_years >= 1
