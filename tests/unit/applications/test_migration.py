"""A draft moving from version 1 of the form to version 2 (tests/unit/definition/versions_tenant.py):
what is kept, what moves by renamed_from, what is archived, and that nothing is lost."""

import pytest

from engine.applications.migration import migrate
from tests.unit.definition.versions_tenant import V1, V2, compiled

AT = "2026-11-25T21:00:00Z"


@pytest.fixture(scope="module")
def forms(tmp_path_factory):
    return (
        compiled(tmp_path_factory.mktemp("v1"), V1).data,
        compiled(tmp_path_factory.mktemp("v2"), V2).data,
    )


def move(forms, answers, **kw):
    v1, v2 = forms
    return migrate(v1, v2, answers, version="v1", at=AT, **kw)


def test_answers_to_unchanged_questions_stay(forms):
    result = move(forms, {"first_name": "Ada", "essay": "Why I apply", "likes_art": True})
    assert result.answers == {"first_name": "Ada", "essay": "Why I apply", "likes_art": True}
    assert result.archive == {} and not result.changed


def test_renamed_from_carries_answers_over(forms):
    result = move(
        forms,
        {
            "gpa": "3.9",
            "citizen": "Y",
            "citizen_desc": "Yes",
            "likes_music": True,
            "hs_school": "Lycée",
            "hs_2_school": "Eton",
        },
    )
    assert result.answers == {
        "grade_average": "3.9",
        "citizenship": "Y",
        "citizenship_desc": "Yes",
        "likes_dance": True,
        "hs_school_name": "Lycée",
        "hs_2_school_name": "Eton",
    }
    assert result.moved["gpa"] == "grade_average"
    assert result.archive == {}


def test_removed_questions_are_archived_with_their_label_and_nothing_is_lost(forms):
    answers = {"first_name": "Ada", "nickname": "Ace", "hs_3_school": "Third", "essay_link": "https://x.example"}
    result = move(forms, answers)
    assert result.answers == {"first_name": "Ada"}
    assert set(result.archive) == {"nickname", "hs_3_school", "essay_link"}
    assert result.archive["nickname"] == {
        "value": "Ace",
        "label": "Nickname",
        "page": "/about",
        "version": "v1",
        "reason": "removed",
        "archived_at": AT,
    }
    kept = {**result.answers, **{key: entry["value"] for key, entry in result.archive.items()}}
    assert kept == answers


def test_an_answer_whose_option_was_removed_is_archived_and_the_question_left_empty(forms):
    result = move(forms, {"plan": "ED", "plan_desc": "Early Decision"})
    assert result.answers == {}
    assert result.archive["plan"]["value"] == "ED"
    assert result.archive["plan"]["reason"] == "option_removed"
    assert result.archive["plan_desc"]["value"] == "Early Decision"


def test_an_answer_whose_option_is_still_offered_stays(forms):
    assert move(forms, {"plan": "EA", "plan_desc": "Early Action"}).answers == {
        "plan": "EA",
        "plan_desc": "Early Action",
    }


def test_a_value_the_old_form_never_offered_is_left_to_validation(forms):
    # Storage never checked it against the list; the migration does not archive what it did not change.
    assert move(forms, {"plan": "ZZ"}).answers == {"plan": "ZZ"}


def test_an_answer_too_long_for_the_new_limit_is_archived(forms):
    result = move(forms, {"motto": "Fortune favours the bold"})
    assert result.answers == {}
    assert result.archive["motto"]["reason"] == "no_longer_fits"
    assert move(forms, {"motto": "Carpe diem"}).answers == {"motto": "Carpe diem"}


def test_a_rename_onto_an_answered_question_archives_instead_of_overwriting(tmp_path):
    both = V1.replace(
        "{key: gpa, type: text, label: GPA}",
        "{key: gpa, type: text, label: GPA}\n      - {key: mark, type: text, label: Mark}",
    )
    renamed = V1.replace(
        "{key: gpa, type: text, label: GPA}", "{key: mark, type: text, label: Mark, renamed_from: gpa}"
    )
    old, new = compiled(tmp_path / "a", both).data, compiled(tmp_path / "b", renamed).data
    result = migrate(old, new, {"gpa": "3.9", "mark": "A"})
    assert result.answers == {"mark": "A"}
    assert result.archive["gpa"]["value"] == "3.9" and result.archive["gpa"]["reason"] == "replaced"


def test_documents_follow_the_same_rules(forms):
    documents = {"cv": {"file_name": "cv.pdf", "file_size": 10}, "portfolio": {"file_name": "art.pdf", "file_size": 20}}
    result = move(forms, {"portfolio": "ANSWERED"}, documents=documents)
    assert result.moved_documents == {"cv": "resume"}
    assert result.archived_documents == ["portfolio"]
    assert result.archive["portfolio"]["document"] == {"file_name": "art.pdf", "file_size": 20}
    assert result.archive["portfolio"]["value"] == "ANSWERED"
    assert result.archive["portfolio"]["label"] == "Portfolio"


def test_add_another_counts_and_tab_choices_follow_the_new_form(forms):
    result = move(forms, {}, add_another={"schools": 3, "gone": 2}, tabs={"essay_mode": "spoken"})
    assert result.add_another == {"schools": 2}
    assert result.tabs == {}
    assert move(forms, {}, tabs={"essay_mode": "typed"}).tabs == {"essay_mode": "typed"}


def test_a_key_archived_again_keeps_its_earlier_entry(forms):
    earlier = {
        "nickname": {"value": "Old", "label": "Nickname", "version": "v0", "reason": "removed", "archived_at": "x"}
    }
    result = move(forms, {"nickname": "Ace"}, archive=earlier)
    assert result.archive["nickname"]["value"] == "Ace"
    assert result.archive["nickname"]["earlier"] == [earlier["nickname"]]


def test_empty_answers_are_not_archived(forms):
    result = move(forms, {"nickname": ""})
    assert result.answers == {} and result.archive == {}


# --- a save from a page still showing an earlier version -----------------------------------------


@pytest.fixture(scope="module")
def compiled_forms(tmp_path_factory):
    return (
        compiled(tmp_path_factory.mktemp("s1"), V1),
        compiled(tmp_path_factory.mktemp("s2"), V2),
    )


def test_a_stale_save_moves_renamed_keys_archives_earlier_ones_and_names_unknown_ones(compiled_forms):
    from engine.applications.drafts import archive_stale, stale_keys

    v1, v2 = compiled_forms
    kept, stale, unknown = stale_keys(
        {"first_name": "Ada", "gpa": "3.9", "nickname": "Ace", "colour": "red"}, v2, [v2, v1]
    )
    assert kept == {"first_name": "Ada", "grade_average": "3.9"}
    assert stale == {"nickname": ("Ace", v1)}
    assert unknown == ["colour"]
    archive = archive_stale({}, stale)
    assert archive["nickname"] | {"value": "Ace", "label": "Nickname", "version": v1.etag} == archive["nickname"]


def test_in_a_stale_save_the_new_key_wins_over_its_old_name(compiled_forms):
    from engine.applications.drafts import stale_keys

    v1, v2 = compiled_forms
    for answers in ({"gpa": "old", "grade_average": "new"}, {"grade_average": "new", "gpa": "old"}):
        assert stale_keys(answers, v2, [v1])[0] == {"grade_average": "new"}


def test_a_save_of_current_keys_only_is_passed_through_untouched(compiled_forms):
    from engine.applications.drafts import stale_keys

    _, v2 = compiled_forms
    answers = {"first_name": "Ada"}
    assert stale_keys(answers, v2, [])[0] is answers
