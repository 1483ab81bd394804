import logging
import secrets
import time

import pytest

from engine import signing
from engine.lookup.index import IndexProvider
from engine.lookup.photon import PhotonProvider
from engine.lookup.providers import FallbackProvider, LookupUnavailable

KEYRING = signing.Keyring(secrets.token_urlsafe(48))


def _photon(url, **kwargs):
    return PhotonProvider(url, KEYRING, **{"timeout": 0.5, **kwargs})


def test_recorded_us_response_becomes_address_lines(photon):
    results = _photon(photon.url).search("address", "120 Main", 5)
    assert [(r.text, r.sub_text) for r in results] == [
        ("120 Main Street", "Springfield, IL 62701, USA"),
        ("124 Main Street", "Springfield, IL 62701, USA"),
        ("Main Street", "Riverside Bay, CA 92501, USA"),
        ("120 Main Street East", "Port Alder, ON L0R 1A0, CAN"),
    ]  # the city itself is no address line and is left out
    assert photon.requests[-1] == {"path": "/api", "q": "120 Main", "limit": "10", "lang": "en"}


def test_house_number_follows_the_street_where_the_country_writes_it_so(photon):
    results = _photon(photon.url).search("address", "lindenstr", 5)
    assert [(r.text, r.sub_text) for r in results] == [("Lindenstraße 8", "Neustadt am See, Berlin 10115, DEU")]


def test_an_id_carries_its_address_and_cannot_be_made_up(photon):
    provider = _photon(photon.url)
    first = provider.search("address", "120 main", 1)[0]
    assert provider.detail("address", first.id) == {
        "id": first.id,
        "address_line_1": "120 Main Street",
        "city": "Springfield",
        "state": "IL",
        "zip": "62701",
        "country": "USA",
    }
    assert provider.detail("address", first.id[:-2] + "xx") is None
    assert _photon(photon.url, timeout=0.5).detail("address", "a001") is None
    other_secret = PhotonProvider(photon.url, signing.Keyring(secrets.token_urlsafe(48)))
    assert other_secret.detail("address", first.id) is None


@pytest.mark.parametrize("mode", ["slow", "error", "garbage"])
def test_failures_raise_unavailable(photon, mode):
    photon.mode = mode
    photon.delay = 1.0
    started = time.perf_counter()
    with pytest.raises(LookupUnavailable):
        _photon(photon.url, timeout=0.2).search("address", "120 main", 5)
    assert time.perf_counter() - started < 0.9  # the time-out, not the server, decides


def test_after_a_failure_photon_is_left_alone_for_a_while(photon):
    provider = _photon(photon.url, retry_after=60)
    photon.mode = "error"
    with pytest.raises(LookupUnavailable):
        provider.search("address", "120 main", 5)
    photon.mode = "ok"
    asked = len(photon.requests)
    with pytest.raises(LookupUnavailable, match="failed less than 60 s ago"):
        provider.search("address", "120 main", 5)
    assert len(photon.requests) == asked
    provider._down_until = 0  # the pause is over
    assert provider.search("address", "120 main", 5)


def test_fallback_to_the_embedded_index_when_the_engine_is_down(sample_index, photon_down_url, caplog):
    down = _photon(photon_down_url)
    provider = FallbackProvider(down, IndexProvider(sample_index))
    with caplog.at_level(logging.WARNING):
        results = provider.search("address", "1200 orch", 5)
    assert [(r.text, r.id) for r in results] == [("1200 Orchard Lane", "a001")]
    assert "photon failed" in caplog.text and "using index" in caplog.text
    assert provider.detail("address", "a001")["address_line_1"] == "1200 Orchard Lane"


def test_fallback_keeps_photon_ids_working(photon, sample_index):
    provider = FallbackProvider(_photon(photon.url), IndexProvider(sample_index))
    first = provider.search("address", "120 main", 5)[0]
    photon.mode = "error"  # details need no request: the id carries the address
    assert provider.detail("address", first.id)["address_line_1"] == "120 Main Street"
