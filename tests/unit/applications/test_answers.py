"""engine.applications.answers: checking and merging answer maps (pure)."""

import pytest

from engine.applications.answers import answer_problems, merge, shown_key, usable_answers

MODEL = {
    "first_name": {"type": "string", "max_length": 5},
    "gender": {"type": "string", "max_length": 100},
    "gender_desc": {"type": "string", "max_length": 300, "companion_of": "gender"},
    "race_asian": {"type": "boolean"},
    "legacy_2_name": {"type": "string", "repeater": "legacy"},
}


def test_valid_answers_have_no_problems():
    assert (
        answer_problems(
            MODEL,
            {"first_name": "Mei", "gender_desc": "Woman", "race_asian": False, "legacy_2_name": "x" * 45, "gender": ""},
        )
        == {}
    )


@pytest.mark.parametrize(
    "answers, expected",
    [
        ({"nope": "x"}, {"nope": ["This is not a question of this form."]}),
        ({"first_name": "abcdef"}, {"first_name": ["The answer is longer than 5 characters."]}),
        ({"legacy_2_name": "x" * 46}, {"legacy_2_name": ["The answer is longer than 45 characters."]}),
        ({"race_asian": "true"}, {"race_asian": ["The answer must be true or false."]}),
        ({"race_asian": 1}, {"race_asian": ["The answer must be true or false."]}),
        ({"first_name": False}, {"first_name": ["The answer must be text."]}),
        ({"first_name": 1.5}, {"first_name": ["The answer must be text."]}),
        ({"first_name": "\x00"}, {"first_name": ["The answer contains characters that cannot be stored."]}),
        ({"first_name": "\ud800"}, {"first_name": ["The answer contains characters that cannot be stored."]}),
    ],
)
def test_each_problem_is_named(answers, expected):
    assert answer_problems(MODEL, answers) == expected


@pytest.mark.parametrize("value", ["Mei\tLi", "Mei\x01", "Mei\x1f", "Mei\x7f", "Mei Li"])
def test_ascii_text_on_one_line_is_stored_printable_or_not(value):
    assert answer_problems(MODEL, {"first_name": value[:5]}) == {}


@pytest.mark.parametrize("value", ["a\nb", "a\rb", "a\x0bb", "a\x0cb", "a\x1cb", "a\x1eb"])
def test_an_ascii_line_break_is_refused_in_a_one_line_answer(value):
    assert answer_problems(MODEL, {"first_name": value}) == {"first_name": ["Please keep this answer on one line."]}


def test_an_empty_string_clears_even_a_checkbox():
    assert answer_problems(MODEL, {"race_asian": ""}) == {}


def test_problems_are_bounded_and_keys_shortened():
    problems = answer_problems(MODEL, {f"k{i}" + "x" * 200: "v" for i in range(200)})
    assert len(problems) == 50
    assert all(len(key) == 83 and key.endswith("...") for key in problems)
    assert shown_key("a\ud800b") == "a\\ud800b"


def test_merge_sets_and_clears_without_touching_the_rest():
    stored = {"first_name": "Mei", "gender": "W", "race_asian": True}
    assert merge(stored, {"gender": "", "race_asian": False, "missing": ""}) == {
        "first_name": "Mei",
        "race_asian": False,
    }
    assert stored == {"first_name": "Mei", "gender": "W", "race_asian": True}


def test_usable_answers_keep_what_fits():
    assert usable_answers(
        MODEL,
        {
            "first_name": 42,
            "gender": "W",
            "race_asian": True,
            "nope": "x",
            "gender_desc": ["a"],
            "legacy_2_name": "",
            "first_name_x": None,
        },
    ) == {"first_name": "42", "gender": "W", "race_asian": True}
