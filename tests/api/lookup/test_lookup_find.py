"""GET /lookup/find over the bundled sample (built at first use) and the 21k-school list."""

import pytest


def _find(client, **params):
    return client.get("/lookup/find", query_string=params)


def test_the_index_is_built_from_the_sample_at_first_use(client, app, tmp_path):
    assert not (tmp_path / "lookup.sqlite").exists()
    response = _find(client, text="maple", category="hs_ceeb", max_results=5)
    assert response.status_code == 200
    assert response.get_json() == [
        {"text": "Maple Ridge Christian Academy", "id": "149902", "sub_text": "Springfield, IL 62711 · Ceeb: 149902"},
        {"text": "Maple Ridge High School", "id": "149901", "sub_text": "Springfield, IL 62704 · Ceeb: 149901"},
    ]
    assert (tmp_path / "lookup.sqlite").exists()


@pytest.mark.parametrize(
    "category, text, first",
    [
        ("hs_ceeb", "lyc", "Lycée Français International de Bellerive"),
        ("hs_ceeb", "colegio san jose", "Colegio San José de las Flores"),
        ("hs_ceeb", "9770", "Lycée Français International de Bellerive"),
        ("college_ceeb", "stan", "Stanford University"),
        ("college_ceeb", "universite", "Université de Bellerive"),
        ("college_ceeb", "4833", "University of California-Berkeley"),
        ("address", "1200 orch", "1200 Orchard Lane"),
        ("address", "Lindenstrasse", "Lindenstraße 8"),
    ],
)
def test_suggestions_by_name_prefix_and_ceeb_code(client, category, text, first):
    results = _find(client, text=text, category=category).get_json()
    assert results[0]["text"] == first


@pytest.mark.parametrize(
    "category, record_id, expected",
    [
        (
            "hs_ceeb",
            "977003",
            {
                "id": "977003",
                "name": "Gymnasium Am Lindenhof",
                "ceeb": "977003",
                "nces_id": "",
                "address_line_1": "Lindenstraße 8",
                "city": "Neustadt am See",
                "state": "",
                "zip": "10115",
                "country": "DEU",
            },
        ),
        (
            "college_ceeb",
            "3514",
            {
                "id": "3514",
                "name": "Massachusetts Institute of Technology",
                "ceeb": "3514",
                "nces_id": "",
                "address_line_1": "77 Massachusetts Avenue",
                "city": "Cambridge",
                "state": "MA",
                "zip": "02139",
                "country": "USA",
            },
        ),
        (
            "address",
            "a009",
            {
                "id": "a009",
                "address_line_1": "250 King Street West",
                "city": "Port Alder",
                "state": "ON",
                "zip": "M5V 1J2",
                "country": "CAN",
            },
        ),
    ],
)
def test_detail_by_id_for_each_category(client, category, record_id, expected):
    response = _find(client, id=record_id, category=category)
    assert response.status_code == 200
    assert response.get_json() == expected


def test_every_suggestion_id_has_a_detail(client):
    for category, text in (("hs_ceeb", "high"), ("college_ceeb", "univ"), ("address", "street")):
        for result in _find(client, text=text, category=category, max_results=20).get_json():
            detail = _find(client, id=result["id"], category=category).get_json()
            assert detail.get("name", detail["address_line_1"]) == result["text"]


def test_unknown_id_is_404_and_unknown_category_400(client):
    missing = _find(client, id="000000", category="hs_ceeb")
    assert missing.status_code == 404
    assert missing.get_json() == {"message": "No hs_ceeb record has the id '000000'."}
    unknown = _find(client, text="maple", category="university")
    assert unknown.status_code == 400
    assert unknown.get_json() == {
        "message": "Invalid request. category: Must be one of: college_ceeb, hs_ceeb, address."
    }
    assert _find(client, text="maple").status_code == 400  # no category


def test_text_under_two_characters_gives_no_suggestions(client):
    for text in ("", "m", "  m  "):
        response = _find(client, text=text, category="hs_ceeb")
        assert (response.status_code, response.get_json()) == (200, [])


def test_max_results_is_clamped_to_1_through_20(client):
    assert len(_find(client, text="high", category="hs_ceeb", max_results=0).get_json()) == 1
    assert len(_find(client, text="high", category="hs_ceeb", max_results=-7).get_json()) == 1
    assert len(_find(client, text="high", category="hs_ceeb", max_results=3).get_json()) == 3
    assert len(_find(client, text="high", category="hs_ceeb").get_json()) == 5  # the spec's default
    assert len(_find(client, text="high", category="hs_ceeb", max_results=500).get_json()) == 8  # all there are
    bad = _find(client, text="high", category="hs_ceeb", max_results="many")
    assert (bad.status_code, bad.get_json()) == (400, {"message": "Invalid request. max_results: Not a valid integer."})


def test_search_operators_and_quotes_are_plain_text(client):
    assert [r["text"] for r in _find(client, text='"Near', category="hs_ceeb").get_json()] == ["Near North High School"]
    assert [r["text"] for r in _find(client, text="oregon OR zzz", category="hs_ceeb").get_json()] == []
    for text in ('"', '""', "* *", "AND OR NOT", "NEAR(x y, 2)", "name: x", "x^y", "(((", "'; --", "🙂🙂"):
        response = _find(client, text=text, category="hs_ceeb")
        assert (response.status_code, response.get_json()) == (200, []), text


def test_very_long_text_is_refused(client):
    response = _find(client, text="a" * 201, category="hs_ceeb")
    assert response.status_code == 400
    assert response.get_json() == {"message": "Invalid request. text: Longer than maximum length 200."}
    assert _find(client, text="a" * 200, category="hs_ceeb").status_code == 200


def test_text_and_id_together_or_neither_are_refused(client):
    for params in ({}, {"text": "maple", "id": "149901"}):
        response = _find(client, category="hs_ceeb", **params)
        assert response.status_code == 400
        assert response.get_json() == {
            "message": "Invalid request. text: Give either text (suggestions) or id (a detail record)."
        }


def test_openapi_documents_both_shapes_of_the_answer(client):
    operation = client.get("/api/openapi.json").get_json()["paths"]["/lookup/find"]["get"]
    assert {p["name"] for p in operation["parameters"]} == {"text", "id", "category", "max_results"}
    shapes = operation["responses"]["200"]["content"]["application/json"]["schema"]["oneOf"]
    assert shapes[0]["items"] == {"$ref": "#/components/schemas/LookupResult"}
    assert shapes[1:] == [{"$ref": "#/components/schemas/SchoolDetail"}, {"$ref": "#/components/schemas/AddressDetail"}]
    assert {"400", "404", "503"} <= operation["responses"].keys()
