"""Add-another entries: their names, and empty entries left out of a submission (later entries move up)."""

import shutil
from pathlib import Path

from engine.definition import load_and_compile
from engine.definition.entries import entry_name, entry_title, in_entry, is_empty_entry, without_empty_entries

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


def test_a_repeater_with_a_file_question_drops_only_its_trailing_empty_entries():
    answers = {"hs_name": "A", "hs_2_city": "ANSWERED"}
    assert without_empty_entries(SCHOOLS, answers, {"schools": 3}, {"hs_2_city"}) == (answers, {"schools": 2})


def test_an_entry_is_named_by_its_entry_label_else_by_what_its_button_adds():
    assert entry_name({"entry_label": "High school", "label": "Add another school"}) == "High school"
    assert entry_name({"label": "Add another school"}) == "School"
    assert entry_name({"label": "Add a referee"}) == "Referee"
    assert entry_name({"label": "Add one more employer."}) == "Employer"
    assert entry_name({"label": "Add college"}) == "College"
    for label in ("Add another", "Add more", "Ajouter une école", "", None):
        assert entry_name({"label": label}) == "Entry"
        assert entry_name({"label": label}, "Eintrag") == "Eintrag"


def test_titles_and_messages_follow_the_tenant_formats():
    texts = {"entry_title": "{label} no. {number}"}
    assert entry_title(texts, "School", 2) == "School no. 2"
    assert in_entry({"in_entry": "{message} ({entry})"}, "School 2", "City") == "City (School 2)"


def test_an_entry_with_a_document_is_not_empty():
    assert is_empty_entry({"hs_2_name": "", "hs_2_city": False}, "hs_2_", ["name", "city"])
    assert not is_empty_entry({}, "hs_2_", ["name", "city"], {"hs_2_city": {"file_name": "a.pdf"}})


def test_a_button_without_a_label_reads_the_tenants_default(tmp_path):
    def button_label(folder) -> str:
        sections = [s for page in load_and_compile(folder).data["pages"] for s in page["sections"]]
        return next(s["add_another"]["label"] for s in sections if "add_another" in s)

    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "minimal_tenant"
    assert button_label(fixture) == "Add another"
    folder = shutil.copytree(fixture, tmp_path / "tenant")
    with open(folder / "tenant.yaml", "a", encoding="utf-8") as tenant:
        tenant.write('\ntexts:\n  add_another_default_label: "Ajouter"\n')
    assert button_label(folder) == "Ajouter"
