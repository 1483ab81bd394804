"""E-mails of a form in a right-to-left language (the ar-XB pseudo-language): in the body each value
filled into the tenant's sentences (a code, an address, a date, a reference) stands between FSI and
PDI, so it keeps its own order; the subject, a header, carries no mark."""

import datetime as dt
import re
from pathlib import Path

import pytest

from engine.definition.pseudo import pseudo_tenant
from tests.api.accounts.conftest import signup

ROOT = Path(__file__).resolve().parents[3]
FSI, PDI = "\u2068", "\u2069"
MONTHS = re.compile(r"\b(January|February|March|April|May|June|July|August|September|October|November|December)\b")


@pytest.fixture
def app_overrides(tmp_path):
    pseudo_tenant(ROOT / "tenants" / "example_scholarship", tmp_path / "rtl", rtl=True)
    return {"TENANT_PATH": str(tmp_path / "rtl")}


def test_a_confirmation_mail_isolates_its_code_and_addresses_in_the_body_and_not_in_the_subject(client, outbox):
    assert signup(client).status_code in (200, 201)
    message = outbox.last("ada@example.com")
    assert FSI not in message["Subject"] and PDI not in message["Subject"]
    body = message.get_content()
    assert re.search(f"{FSI}\\d{{6}}{PDI}", body), body  # the code
    assert re.search(f"{FSI}https?://[^\\s{PDI}]+/confirm{PDI}", body), body  # an address and its path, whole
    assert re.search(f"{FSI}[^@\\s{PDI}]+@[^\\s{PDI}]+{PDI}", body), body  # the support address


def test_a_receipt_in_ar_xb_dates_in_arabic_month_names_each_moment_isolated(app):
    from engine import mail
    from engine.applications.service import receipt_time

    with app.test_request_context():
        form = app.extensions["tenant"].current().data
        form = {**form, "settings": {**form["settings"], "date_style": "long"}}  # the month in words
        when = receipt_time(dt.datetime(2026, 3, 1, 14, 5), form)
        assert "مارس" in when and not MONTHS.search(when), when
        assert when.count(FSI) == 2 and when.count(PDI) == 2  # the tenant's time, then UTC
        subject, body = mail.compose(
            "submission_receipt", {**mail.tenant_identity(), "submitted_at": when, "reference": "SCH-ABCD1234"}
        )
    assert FSI not in subject and PDI not in subject
    assert f"{FSI}SCH-ABCD1234{PDI}" in body and f"{FSI}{when}{PDI}" in body


def test_the_apis_messages_carry_no_isolate(client):
    # What a program reads is filled as written: the browser isolates what it shows itself.
    rules = client.get("/public/password-rules").json["rules"]
    assert rules and all(FSI not in rule["message"] and PDI not in rule["message"] for rule in rules)
    assert any(re.search(r"\d", rule["message"]) for rule in rules)  # a number was filled in
