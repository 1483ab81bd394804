"""The impact report `formengine diff` prints: each change that would archive answers, with how many
draft and submitted applications hold one (counted by running the migration itself)."""

import pytest

from engine.applications.impact import format_report, impact
from tests.unit.definition.versions_tenant import V1, V2, compiled


@pytest.fixture(scope="module")
def forms(tmp_path_factory):
    return (
        compiled(tmp_path_factory.mktemp("v1"), V1),
        compiled(tmp_path_factory.mktemp("v2"), V2),
    )


APPLICATIONS = [
    (False, {"first_name": "Ada", "nickname": "Ace", "plan": "ED", "gpa": "3.9"}, {}),
    (False, {"first_name": "Bo", "plan": "EA"}, {"portfolio": {"file_name": "art.pdf"}}),
    (True, {"nickname": "Cy", "plan": "ED"}, {}),
]


def test_counts_name_the_drafts_and_submitted_applications_holding_an_archived_answer(forms):
    v1, v2 = forms
    report = impact(v1.data, v2.data, APPLICATIONS)
    held = {key: (h.drafts, h.submitted) for key, h in report.held.items()}
    assert held["nickname"] == (1, 1)
    assert held["plan"] == (1, 1)
    assert held["portfolio"] == (1, 0)
    assert "gpa" not in held  # renamed: carried over, never archived
    by_key = {(c["key"], c["kind"]): c for c in report.to_dict()["changes"]}
    assert by_key[("nickname", "removed")] | {"drafts": 1, "submitted": 1} == by_key[("nickname", "removed")]
    assert by_key[("essay_link", "removed")]["drafts"] == 0
    assert "drafts" not in by_key[("gpa", "renamed")]


def test_the_text_report_names_each_change_and_its_applications(forms):
    v1, v2 = forms
    text = format_report("tenants/versions", "a" * 32, v2.etag, impact(v1.data, v2.data, APPLICATIONS))
    assert 'removed          nickname "Nickname" (page /about)' in text
    assert "would archive answers: held by 1 draft and 1 submitted application" in text
    assert "renamed          gpa -> grade_average" in text
    assert "changed options  plan: removed ED" in text
    assert 'changed label    first_name: "First Name" -> "Given Name"' in text
    assert text.splitlines()[-1].endswith("would archive answers")


def test_no_changes_archive_nothing(forms):
    v1, _ = forms
    report = impact(v1.data, v1.data, APPLICATIONS)
    assert report.archiving() == []
    assert "no changes" in format_report("t", v1.etag, v1.etag, report)


def test_a_database_serving_no_version_yet_archives_nothing(forms):
    assert "serves no version yet" in format_report("t", None, forms[1].etag, None)
