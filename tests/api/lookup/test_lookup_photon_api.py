"""address=photon: suggestions from the engine, and from the embedded index while it is down."""

import logging

import pytest

from engine.app import create_app


@pytest.fixture
def app_overrides(request):
    return {
        "LOOKUP_PROVIDERS": "address=photon",
        "LOOKUP_PHOTON_URL": request.getfixturevalue(request.param),
        "LOOKUP_PHOTON_TIMEOUT": 0.5,
    }


@pytest.fixture
def photon_up(photon):
    return photon.url


@pytest.mark.parametrize("app_overrides", ["photon_up"], indirect=True)
def test_addresses_come_from_photon_and_schools_from_the_index(client, photon):
    found = client.get("/lookup/find", query_string={"text": "120 Main", "category": "address", "max_results": 2})
    assert [(r["text"], r["sub_text"]) for r in found.get_json()] == [
        ("120 Main Street", "Springfield, IL 62701, USA"),
        ("124 Main Street", "Springfield, IL 62701, USA"),
    ]
    detail = client.get("/lookup/find", query_string={"id": found.get_json()[0]["id"], "category": "address"})
    assert detail.get_json() == {
        "id": found.get_json()[0]["id"],
        "address_line_1": "120 Main Street",
        "city": "Springfield",
        "state": "IL",
        "zip": "62701",
        "country": "USA",
    }
    school = client.get("/lookup/find", query_string={"text": "maple", "category": "hs_ceeb"})
    assert len(school.get_json()) == 2
    assert all(r["path"] == "/api" for r in photon.requests)


@pytest.mark.parametrize("app_overrides", ["photon_up"], indirect=True)
def test_a_made_up_photon_id_is_404(client):
    response = client.get("/lookup/find", query_string={"id": "p.eyJmYWtlIjoxfQ.bad", "category": "address"})
    assert response.status_code == 404


@pytest.mark.parametrize("app_overrides", ["photon_down_url"], indirect=True)
def test_with_the_engine_down_addresses_come_from_the_embedded_index(client, caplog):
    with caplog.at_level(logging.WARNING, logger="engine.lookup.providers"):
        found = client.get("/lookup/find", query_string={"text": "1200 orchard", "category": "address"})
    assert found.status_code == 200
    assert found.get_json() == [{"text": "1200 Orchard Lane", "id": "a001", "sub_text": "Springfield, IL 62704, USA"}]
    assert "photon failed" in caplog.text
    detail = client.get("/lookup/find", query_string={"id": "a001", "category": "address"})
    assert detail.get_json()["address_line_1"] == "1200 Orchard Lane"


def test_a_misconfigured_provider_stops_the_app_at_start_up(tmp_path):
    base = {
        "TESTING": True,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}",
        "INSTANCE_PATH": str(tmp_path),
        "LOOKUP_INDEX": str(tmp_path / "lookup.sqlite"),
    }
    for providers, url, problem in (
        ("address=photon", "", "LOOKUP_PHOTON_URL is empty"),
        ("hs_ceeb=photon", "http://127.0.0.1:9", "photon finds addresses"),
        ("schools=index", "", "should be category=provider"),
    ):
        with pytest.raises(ValueError, match=problem):
            create_app({**base, "LOOKUP_PROVIDERS": providers, "LOOKUP_PHOTON_URL": url})
