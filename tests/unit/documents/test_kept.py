"""Files kept as they are: a kept kind comes back byte for byte with its kind; a workbook with
macros is refused by its content whatever its name; text that is not text, and a kept kind the
question does not keep, get the wrong-type message."""

import pytest

import corpus
import kept_corpus
from engine.documents.convert import ConversionRefused, check_and_convert
from engine.documents.kept import content_type, stored_name
from engine.fieldtypes.file import file_rules

RULES = kept_corpus.RULES
MACROS = RULES["messages"]["macros"]
WRONG = RULES["messages"]["wrong_type"]


@pytest.mark.parametrize(
    ("factory", "name", "kind"),
    [
        (kept_corpus.xlsx, "Budget 2027.xlsx", "xlsx"),
        (kept_corpus.ods, "budget.ods", "ods"),
        (kept_corpus.csv_text, "budget.csv", "csv"),
    ],
)
def test_a_kept_kind_comes_back_as_it_came(factory, name, kind):
    data = factory()
    assert check_and_convert(data, name, RULES) == (data, kind)


@pytest.mark.parametrize(
    ("factory", "name"),
    [
        (lambda: kept_corpus.xlsx(vba=True), "budget.xlsx"),  # an .xlsm renamed: its VBA project
        (lambda: kept_corpus.xlsx(vba=True, macro_content_type=True), "budget.xlsx"),
        (lambda: kept_corpus.xlsx(macro_content_type=True), "budget.xlsx"),  # declared macro-enabled
        (lambda: kept_corpus.ods(basic_macros=True), "budget.ods"),
    ],
)
def test_a_package_with_macros_is_refused_by_its_content(factory, name):
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(factory(), name, RULES)
    assert refused.value.message == MACROS


def test_an_xlsm_is_refused_by_its_name_before_its_content_is_read():
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(kept_corpus.xlsx(vba=True, macro_content_type=True), "budget.xlsm", RULES)
    assert refused.value.message == WRONG


def test_binary_bytes_named_csv_are_not_kept():
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(kept_corpus.binary_named_csv(), "budget.csv", RULES)
    assert refused.value.message == WRONG


def test_a_question_that_keeps_nothing_takes_no_workbook():
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(kept_corpus.xlsx(), "budget.docx", corpus.RULES)
    assert refused.value.message == corpus.RULES["messages"]["wrong_type"]


def test_a_kept_kind_the_question_does_not_keep_is_the_wrong_type():
    rules = {**RULES, "keep": ["csv"], "types": ["csv", "xlsx"]}
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(kept_corpus.xlsx(), "budget.xlsx", rules)
    assert refused.value.message == WRONG


def test_converted_kinds_still_convert_beside_kept_ones():
    result, kind = check_and_convert(corpus.pdf(), "transcript.pdf", RULES)
    assert kind == "pdf" and result.startswith(b"%PDF-")


def test_the_compiled_rules_take_the_kept_kinds_and_keep_alone_takes_only_those():
    messages = {
        "file_too_large": "{max_size}",
        "file_wrong_type": "Only {types}",
        "file_empty": "e",
        "file_name_too_long": "{limit}",
        "file_macros": "No macros.",
    }
    alone = file_rules({"keep": ["xlsx", "csv"]}, messages)
    assert alone["types"] == ["xlsx", "csv"] and alone["keep"] == ["xlsx", "csv"]
    assert alone["messages"]["wrong_type"] == "Only .xlsx, .csv" and alone["messages"]["macros"] == "No macros."
    both = file_rules({"types": ["pdf"], "keep": ["ods"]}, messages)
    assert both["types"] == ["pdf", "ods"]
    assert "keep" not in file_rules({}, messages)


def test_downloads_are_named_and_typed_by_their_kind():
    assert stored_name('My "Budget".xlsx', "xlsx") == "My Budget.xlsx"
    assert stored_name("essay.docx", "docx") == "essay.pdf"
    assert content_type("xlsx") == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert content_type("docx") == content_type(None) == "application/pdf"
