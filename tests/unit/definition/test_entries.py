"""Empty add-another entries are left out of a submission; later entries move up."""

from engine.definition.entries import without_empty_entries

SCHOOLS = {"schools": {"prefixes": ["hs_", "hs_2_", "hs_3_"], "keys": ["name", "city"], "default": 1}}


def test_an_empty_middle_entry_goes_and_the_later_one_moves_up():
    answers = {"hs_name": "Lincoln", "hs_2_name": "", "hs_3_name": "Riverside", "hs_3_city": "Bay", "other": 1}
    kept, counts = without_empty_entries(SCHOOLS, answers, {"schools": 3})
    assert kept == {"hs_name": "Lincoln", "hs_2_name": "Riverside", "hs_2_city": "Bay", "other": 1}
    assert counts == {"schools": 2}


def test_trailing_empty_entries_lower_the_count_and_one_entry_always_stays():
    _, counts = without_empty_entries(SCHOOLS, {"hs_name": "Lincoln", "hs_2_city": False}, {"schools": 3})
    assert counts == {"schools": 1}
    kept, counts = without_empty_entries(SCHOOLS, {}, {"schools": 2})
    assert kept == {} and counts == {"schools": 1}


def test_full_entries_and_answers_beyond_the_count_are_left_alone():
    answers = {"hs_name": "A", "hs_2_name": "B", "hs_3_name": "not counted"}
    assert without_empty_entries(SCHOOLS, answers, {"schools": 2}) == (answers, {"schools": 2})


def test_a_repeater_with_a_file_question_is_not_moved():
    answers = {"hs_name": "A", "hs_3_name": "C"}
    assert without_empty_entries(SCHOOLS, answers, {"schools": 3}, {"hs_2_city"}) == (answers, {"schools": 3})
