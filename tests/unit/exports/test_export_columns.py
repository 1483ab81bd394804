"""Export columns: one per answer key in definition order, labelled; the union across versions."""

import copy

import pytest

from engine.definition import load_and_compile
from engine.exports.columns import Column, columns_of, union
from tests.conftest import TENANTS


@pytest.fixture(scope="module")
def form():
    return load_and_compile(TENANTS / "intl_undergrad").data


def test_every_answer_key_but_the_label_companions_in_definition_order(form):
    keys = [column.key for column in columns_of(form)]
    expected = [key for key, spec in form["data_model"].items() if spec.get("field") != "desc"]
    assert keys == expected and len(keys) == len(set(keys))


def test_labels_come_from_the_definition(form):
    labels = {column.key: column.label for column in columns_of(form)}
    assert labels["first_name"] == "First Name (Given Name)"
    assert labels["legacy_2_name"] == "Name (2)"  # an add-another entry, numbered
    assert labels["application_reviewed"].startswith("I have reviewed my answers")  # a confirm key


def test_values_as_staff_read_them():
    choice = Column("gender", "Gender", "select", {"W": "Woman", "M": "Man"})
    assert choice.value({"gender": "W", "gender_desc": "Woman (as shown)"}, {}) == "Woman (as shown)"
    assert choice.value({"gender": "M"}, {}) == "Man"  # no companion: the option list's label
    assert choice.value({"gender": "X"}, {}) == "X"  # an option no list has any more: as stored
    assert choice.value({}, {}) == ""
    assert Column("race_asian", "Asian", "checkbox").value({"race_asian": True}, {}) == "Yes"
    assert Column("race_asian", "Asian", "checkbox").value({"race_asian": False}, {}) == "No"
    essay = Column("essay_file", "Essay", "file")
    assert essay.value({"essay_file": "ANSWERED"}, {"essay_file": {"file_name": "essay.docx"}}) == "essay.docx"
    assert essay.value({}, {}) == ""


def test_the_union_of_two_versions_keeps_the_current_order_then_the_removed_keys(form):
    older = copy.deepcopy(form)
    older["data_model"] = {"old_question": {"type": "string", "field": "text"}, **older["data_model"]}
    current = copy.deepcopy(form)
    del current["data_model"]["middle_name"]
    merged = [column.key for column in union([current, older])]
    assert merged[: len(columns_of(current))] == [column.key for column in columns_of(current)]
    assert merged[len(columns_of(current)) :] == ["old_question", "middle_name"]
