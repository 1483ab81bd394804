"""The diff between two compiled forms: what an author sees before publishing a new version."""

import pytest

from engine.definition.diff.diff import diff
from tests.unit.definition.versions_tenant import V1, V2, compiled


@pytest.fixture(scope="module")
def forms(tmp_path_factory):
    return (
        compiled(tmp_path_factory.mktemp("v1"), V1).data,
        compiled(tmp_path_factory.mktemp("v2"), V2).data,
    )


def changes_of(result, kind):
    return {change.key: change for change in result.changes if change.kind == kind}


def test_a_form_compared_with_itself_has_no_changes(forms):
    v1, _ = forms
    assert diff(v1, v1).changes == []


def test_removed_keys_are_listed_with_their_label_and_would_archive(forms):
    removed = changes_of(diff(*forms), "removed")
    assert set(removed) == {"nickname", "portfolio", "hs_3_school", "essay_link"}
    assert removed["nickname"].detail["label"] == "Nickname"
    assert all(change.archives == "removed" for change in removed.values())


def test_renamed_keys_name_their_new_key_and_archive_nothing(forms):
    renamed = changes_of(diff(*forms), "renamed")
    assert {key: change.detail["to"] for key, change in renamed.items()} == {
        "gpa": "grade_average",
        "citizen": "citizenship",
        "citizen_desc": "citizenship_desc",
        "cv": "resume",
        "likes_music": "likes_dance",
        "hs_school": "hs_school_name",
        "hs_2_school": "hs_2_school_name",
    }
    assert not any(change.archives for change in renamed.values())


def test_added_keys_leave_out_the_targets_of_renames(forms):
    added = changes_of(diff(*forms), "added")
    assert set(added) == {"phone", "essay_sketch"}


def test_label_changes_name_both_labels(forms):
    labels = changes_of(diff(*forms), "label")
    assert labels["first_name"].detail == {"from": "First Name", "to": "Given Name"}
    assert labels["plan"].detail == {"from": "Application plan", "to": "Plan"}
    assert labels["likes_dance"].detail == {"from": "Music", "to": "Dance"}
    assert not any(change.archives for change in labels.values())


def test_a_removed_option_would_archive_and_an_added_one_would_not(forms):
    options = changes_of(diff(*forms), "options")
    assert options["plan"].detail == {"removed_options": ["ED"], "added_options": []}
    assert options["plan"].archives == "option_removed"


def test_a_shorter_limit_is_a_type_change_that_would_archive(forms):
    types = changes_of(diff(*forms), "type")
    assert set(types) == {"motto"}
    assert types["motto"].detail == {"from": "text, at most 40", "to": "text, at most 10"}
    assert types["motto"].archives == "no_longer_fits"


def test_a_text_question_becoming_a_checkbox_would_archive(tmp_path):
    before = compiled(tmp_path / "a", V1).data
    after = compiled(tmp_path / "b", V1.replace("{key: nickname, type: text,", "{key: nickname, type: checkbox,")).data
    types = changes_of(diff(before, after), "type")
    assert types["nickname"].detail == {"from": "text", "to": "checkbox"}
    assert types["nickname"].archives == "no_longer_fits"


def test_a_new_rule_is_reported_and_archives_nothing(tmp_path):
    before = compiled(tmp_path / "a", V1).data
    required = V1.replace("label: Nickname}", "label: Nickname, required: true}")
    after = compiled(tmp_path / "b", required).data
    result = diff(before, after)
    assert [(c.key, c.kind) for c in result.changes] == [("nickname", "rules")]
    assert result.archiving == []


def test_the_tabs_dropped_tab_key_is_removed(forms):
    result = diff(*forms)
    assert "essay_link" in changes_of(result, "removed")
    assert "essay_sketch" in changes_of(result, "added")


def test_to_dict_is_plain_json(forms):
    import json

    data = diff(*forms).to_dict()
    assert json.loads(json.dumps(data)) == data
    first = data["changes"][0]
    assert first["kind"] == "removed" and first["archives"] is True
