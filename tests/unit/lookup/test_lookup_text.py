from engine.lookup.text import fold, fts_query, name_key, tidy_case, words


def test_fold_removes_diacritics_and_case():
    assert fold("Lycée Núñez ÅRHUS") == "lycee nunez arhus"
    assert fold("Lindenstraße") == "lindenstrasse"


def test_words_treat_operators_and_quotes_as_separators():
    assert words('"St. Mary\'s" AND (north*) -x NEAR/3') == ["st", "mary", "s", "and", "north", "x", "near", "3"]
    assert words("  -- ** ") == []


def test_fts_query_quotes_every_word_as_a_prefix():
    assert fts_query(["near", "or"]) == '"near"* "or"*'


def test_name_key_is_the_folded_words():
    assert name_key("St. Brigid's Académie") == "st brigid s academie"


def test_tidy_case_only_touches_all_capitals_or_all_lower_case():
    assert tidy_case("TALLADEGA") == "Talladega"
    assert tidy_case("san diego academy") == "San Diego Academy"
    assert tidy_case("LINCOLN LUTHERAN MS/HS") == "Lincoln Lutheran Ms/HS"
    assert tidy_case("o'neill prep") == "O'neill Prep"
    assert tidy_case("McAllen High School") == "McAllen High School"
    assert tidy_case("APO") == "APO"
