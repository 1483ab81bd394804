"""A lookup that fails is silent for the applicant (an empty list) and logged for operators."""

import logging

import pytest


@pytest.fixture
def app_overrides(tmp_path):
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"not an index" * 500)
    return {"LOOKUP_INDEX": str(broken)}


def test_a_failed_search_is_an_empty_list_and_a_log_line(client, caplog):
    with caplog.at_level(logging.ERROR, logger="engine.lookup.service"):
        response = client.get("/lookup/find", query_string={"text": "maple", "category": "hs_ceeb"})
    assert (response.status_code, response.get_json()) == (200, [])
    assert "lookup hs_ceeb failed, the applicant saw no suggestions" in caplog.text


def test_a_failed_detail_is_503_with_a_message(client, caplog):
    with caplog.at_level(logging.ERROR, logger="engine.lookup.service"):
        response = client.get("/lookup/find", query_string={"id": "149901", "category": "hs_ceeb"})
    assert response.status_code == 503
    assert response.get_json() == {"message": "Lookups are unavailable at the moment. Please type your entry."}
    assert "lookup hs_ceeb detail '149901' failed" in caplog.text
