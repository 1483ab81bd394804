import csv
import logging
import os
import sqlite3

import pytest

from engine.lookup import index, service
from engine.lookup.index import IndexProvider
from engine.lookup.providers import LookupUnavailable


def _texts(results):
    return [result.text for result in results]


@pytest.fixture
def sample(sample_index):
    return IndexProvider(sample_index)


def test_name_prefix_folded_for_diacritics(sample):
    assert _texts(sample.search("hs_ceeb", "map", 5)) == ["Maple Ridge Christian Academy", "Maple Ridge High School"]
    assert _texts(sample.search("hs_ceeb", "LYCEE FRANC", 5)) == ["Lycée Français International de Bellerive"]
    assert _texts(sample.search("hs_ceeb", "jose marti nunez", 5)) == ["Escuela Superior José Martí Núñez"]
    assert _texts(sample.search("address", "lindenstraße", 5)) == ["Lindenstraße 8"]


def test_names_starting_with_the_query_come_before_other_matches(sample):
    assert _texts(sample.search("hs_ceeb", "lincoln", 5)) == [
        "Lincoln Heights High School",
        "Abraham Lincoln Preparatory School",
    ]


def test_every_word_is_a_prefix_in_any_order(sample):
    assert _texts(sample.search("hs_ceeb", "ridge ma hi", 5)) == ["Maple Ridge High School"]


def test_other_names_and_places_are_searched(sample):
    assert _texts(sample.search("college_ceeb", "MIT", 5)) == ["Massachusetts Institute of Technology"]
    assert "Maple Ridge High School" in _texts(sample.search("hs_ceeb", "springfield", 5))


def test_digits_match_ceeb_codes_first(sample):
    results = sample.search("college_ceeb", "35", 5)
    assert [r.id for r in results] == ["3514"]
    assert results[0].sub_text == "Cambridge, MA 02139 · Ceeb: 3514"
    assert [r.id for r in sample.search("hs_ceeb", "1499", 3)] == ["149901", "149902", "149908"]


def test_search_syntax_in_the_text_is_plain_text(sample):
    assert _texts(sample.search("hs_ceeb", "near", 5)) == ["Near North High School"]
    assert _texts(sample.search("hs_ceeb", 'near OR "north', 5)) == []  # OR is a word here, not an operator
    assert _texts(sample.search("hs_ceeb", '"the foundry"', 5)) == ['Arts and Sciences Academy "The Foundry"']
    for text in ('"', "*", "AND", "NOT x", "a:b", "(", "^x", "NEAR(a b)", "{name}: x", "'; DROP TABLE entry;--"):
        assert isinstance(sample.search("hs_ceeb", text, 5), list)


def test_detail_by_id(sample):
    assert sample.detail("hs_ceeb", "149901") == {
        "id": "149901",
        "name": "Maple Ridge High School",
        "ceeb": "149901",
        "nces_id": "",
        "address_line_1": "1200 Orchard Lane",
        "city": "Springfield",
        "state": "IL",
        "zip": "62704",
        "country": "USA",
    }
    assert sample.detail("address", "a011") == {
        "id": "a011",
        "address_line_1": "Lindenstraße 8",
        "city": "Neustadt am See",
        "state": "",
        "zip": "10115",
        "country": "DEU",
    }
    assert sample.detail("hs_ceeb", "3514") is None  # a college's code is not a high school's


def test_a_missing_index_is_built_from_the_sample_at_first_use(tmp_path, caplog):
    path = tmp_path / "deep" / "lookup.sqlite"
    provider = IndexProvider(path, build_missing=service.build_sample)
    with caplog.at_level(logging.INFO):
        assert _texts(provider.search("college_ceeb", "stanford", 5)) == ["Stanford University"]
    assert path.exists()
    assert "built lookup index" in caplog.text


def test_without_a_builder_a_missing_index_is_unavailable(tmp_path):
    with pytest.raises(LookupUnavailable, match="lookup load"):
        IndexProvider(tmp_path / "none.sqlite").search("hs_ceeb", "maple", 5)


def test_a_broken_index_is_unavailable(tmp_path):
    path = tmp_path / "broken.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(LookupUnavailable):
        IndexProvider(path).search("hs_ceeb", "maple", 5)


def test_a_reloaded_index_is_seen_by_a_running_provider(tmp_path, sample_index, sample):
    assert sample.search("hs_ceeb", "elm", 5) == []
    extra = tmp_path / "hs_ceeb.csv"
    extra.write_text("ceeb,name,city,state\n123456,Elm Grove High School,Elmwood,KS\n", encoding="utf-8")
    service.load(sample_index, [extra])
    assert _texts(sample.search("hs_ceeb", "elm", 5)) == ["Elm Grove High School"]
    assert _texts(sample.search("college_ceeb", "stanford", 5)) == ["Stanford University"]  # other categories kept
    assert index.counts(sample_index)["hs_ceeb"] == 1


def test_loading_leaves_no_temporary_files(tmp_path, sample_index):
    assert sorted(os.listdir(sample_index.parent)) == ["sample.sqlite"]


# The same behaviour over the 21k real high schools when ../shared/data is present.


def _source_rows(hs_source):
    with open(hs_source, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    name, ceeb, city, state = (
        ("HS_NAME", "HS_CEEB", "HS_CITY", "HS_STATE") if "HS_NAME" in rows[0] else ("name", "ceeb", "city", "state")
    )
    return [(row[name], row[ceeb], f"{row[city]} {row[state]}") for row in rows if row[name].strip()]


def test_every_twentieth_school_is_found_by_its_name_prefix_and_its_ceeb(hs_index, hs_source):
    provider = IndexProvider(hs_index)
    for name, ceeb, place in _source_rows(hs_source)[::20]:
        prefix = " ".join(name.split()[:2])[:12]
        by_name = provider.search("hs_ceeb", f"{name} {place}", 20)  # how an applicant tells namesakes apart
        assert ceeb in {r.sub_text.rsplit("Ceeb: ", 1)[1] for r in by_name}, name
        assert provider.search("hs_ceeb", prefix, 5), prefix
        by_code = provider.search("hs_ceeb", ceeb, 5)
        assert by_code[0].sub_text.endswith(f"Ceeb: {ceeb.zfill(6)}"), ceeb


def test_detail_of_every_result_over_the_full_list(hs_index):
    provider = IndexProvider(hs_index)
    for prefix in ("lin", "high sch", "st ", "san an", "0", "44", "munoz"):
        for result in provider.search("hs_ceeb", prefix, 20):
            record = provider.detail("hs_ceeb", result.id)
            assert record["name"] == result.text and record["ceeb"] in result.sub_text


def test_an_index_of_another_format_asks_for_a_reload(sample_index):
    connection = sqlite3.connect(sample_index)
    with connection:
        connection.execute("UPDATE meta SET value = '0' WHERE key = 'format'")
    connection.close()
    with pytest.raises(LookupUnavailable, match="index format '0'.*run `formengine lookup load` again"):
        IndexProvider(sample_index).search("hs_ceeb", "maple", 5)


def test_the_index_file_is_readable_by_other_users(sample_index):
    assert sample_index.stat().st_mode & 0o777 == 0o644


def test_an_index_that_cannot_be_built_is_unavailable(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    provider = IndexProvider(tmp_path / "a-file" / "lookup.sqlite", build_missing=service.build_sample)
    with pytest.raises(LookupUnavailable, match="a-file"):
        provider.search("hs_ceeb", "maple", 5)


def test_the_service_answers_no_suggestions_whatever_the_provider_raises(caplog):
    class Broken(IndexProvider):
        def search(self, category, text, limit):
            raise RuntimeError("a bug")

    lookups = service.LookupService({"hs_ceeb": Broken("unused")})
    with caplog.at_level(logging.ERROR):
        assert lookups.find("hs_ceeb", "maple") == []
    assert "failed unexpectedly" in caplog.text and "RuntimeError: a bug" in caplog.text


def test_with_a_one_letter_word_names_holding_every_word_come_first(sample):
    # "Christian Academy" sorts first but only its city (Springfield) has an s-word.
    assert _texts(sample.search("hs_ceeb", "maple s", 5)) == [
        "Maple Ridge High School",
        "Maple Ridge Christian Academy",
    ]
