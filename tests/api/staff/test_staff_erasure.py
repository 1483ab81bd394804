"""Erasure from the /staff page: an administrator names an applicant and confirms by typing it again;
every store is reported, the audit trail names the administrator; a reader is refused, an unknown
reference or a confirmation that differs touches nothing."""

import datetime as dt

import pytest

from tests.applicants import write_application


@pytest.fixture
def admin(new_member, sign_in):
    return sign_in(new_member("administrator", email="dpo@example.edu"))


@pytest.fixture
def submitted(app):
    return write_application(
        app, email="mei@example.com", reference="INTL-ERASE001", first_name="Mei", submitted_at=dt.datetime(2026, 3, 1)
    )


def test_an_administrator_erases_by_reference_and_each_store_is_reported(admin, submitted, sql):
    response = admin.post("/staff/api/erasures", json={"whom": "INTL-ERASE001", "confirm": "intl-erase001"})
    assert response.status_code == 200, response.json
    body = response.json
    assert body["done"] is True and body["reference"] == "INTL-ERASE001"
    stores = {store["store"]: store for store in body["stores"]}
    assert set(stores) == {"database", "storage", "redis", "mail outbox"} and stores["database"]["removed"] >= 2
    assert sql("SELECT COUNT(*) FROM applications")[0][0] == 0
    assert sql("SELECT COUNT(*) FROM accounts")[0][0] == 0
    (stone,) = sql("SELECT application_id, reference, erased_by FROM erasures")
    assert (stone.application_id, stone.reference, stone.erased_by) == (submitted, "INTL-ERASE001", "dpo@example.edu")
    (entry,) = sql("SELECT actor_label, reference FROM audit_events WHERE action = 'erase'")
    assert (entry.actor_label, entry.reference) == ("dpo@example.edu", "INTL-ERASE001")


def test_a_draft_is_erased_by_its_address(admin, app, sql):
    write_application(app, email="draft@example.com", first_name="Ada")
    response = admin.post("/staff/api/erasures", json={"whom": "Draft@example.com", "confirm": "draft@example.com"})
    assert response.status_code == 200 and response.json["reference"] is None
    assert sql("SELECT COUNT(*) FROM accounts")[0][0] == 0


def test_bad_requests_touch_nothing(admin, submitted, new_member, sign_in, sql):
    unknown = admin.post("/staff/api/erasures", json={"whom": "INTL-NOSUCH00", "confirm": "INTL-NOSUCH00"})
    assert unknown.status_code == 404 and "no application has the reference INTL-NOSUCH00" in unknown.json["message"]
    mismatch = admin.post("/staff/api/erasures", json={"whom": "INTL-ERASE001", "confirm": "INTL-ERASE002"})
    assert mismatch.status_code == 400 and "exactly" in mismatch.json["message"]
    assert admin.post("/staff/api/erasures", json={"whom": "INTL-ERASE001"}).status_code == 400
    reader = sign_in(new_member("reader", email="rita@example.edu"))
    assert (
        reader.post("/staff/api/erasures", json={"whom": "INTL-ERASE001", "confirm": "INTL-ERASE001"}).status_code
        == 403
    )
    assert sql("SELECT COUNT(*) FROM applications")[0][0] == 1
    assert sql("SELECT COUNT(*) FROM erasures")[0][0] == 0
