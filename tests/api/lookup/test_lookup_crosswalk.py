"""/lookup/find over the 21k real high schools of ../shared/data (the sample when it is absent)."""

import csv

import pytest


@pytest.fixture
def app_overrides(hs_index):
    return {"LOOKUP_INDEX": str(hs_index)}


@pytest.fixture(scope="module")
def source_schools(hs_source):
    with open(hs_source, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    key = "HS_CEEB" if "HS_CEEB" in rows[0] else "ceeb"
    name = "HS_NAME" if "HS_NAME" in rows[0] else "name"
    return [(row[key], row[name]) for row in rows if row[name]]


def test_a_school_typed_a_letter_at_a_time_then_chosen(client, source_schools):
    ceeb, name = source_schools[len(source_schools) // 2]
    typed = name.lower()
    seen = []
    for end in range(2, len(typed) + 1):
        response = client.get("/lookup/find", query_string={"text": typed[:end], "category": "hs_ceeb"})
        assert response.status_code == 200
        seen.append(response.get_json())
    chosen = next(r for r in seen[-1] if r["sub_text"].endswith(f"Ceeb: {ceeb}") or r["id"].startswith(ceeb))
    detail = client.get("/lookup/find", query_string={"id": chosen["id"], "category": "hs_ceeb"}).get_json()
    assert detail["ceeb"] == ceeb and detail["name"].lower() == name.lower()


def test_a_ceeb_code_typed_a_digit_at_a_time(client, source_schools):
    ceeb, _ = source_schools[-1]
    for end in range(2, 7):
        results = client.get("/lookup/find", query_string={"text": ceeb[:end], "category": "hs_ceeb"}).get_json()
        assert results and all(r["sub_text"].split("Ceeb: ")[1].startswith(ceeb[:end]) for r in results)


def test_max_results_stops_at_20(client, source_schools):
    results = client.get("/lookup/find", query_string={"text": "hi", "category": "hs_ceeb", "max_results": 99})
    high_schools = sum(1 for _, name in source_schools if " high " in f" {name.lower()} ")
    assert len(results.get_json()) == min(20, high_schools)
