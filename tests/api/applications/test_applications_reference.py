"""The application reference: given at submission, unique, in the profile, the submit answer
and the receipt; an application submitted before references existed gets one when read."""

import datetime as dt
import logging
import re
import shutil
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from engine.applications.reference import is_reference
from tests.api.applications.conftest import outbox_messages

REFERENCE = re.compile(r"^INTL-[2-9A-HJKMNP-TV-Z]{8}$")


@pytest.fixture
def on_golden_day(monkeypatch, golden):
    from engine.applications import current

    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    return golden["answers"]


def submit(client, answers) -> dict:
    assert client.put("/api/answer", json=answers).status_code == 200
    response = client.post("/api/submit", json={})
    assert response.status_code == 200, response.json
    return response.json


def test_a_draft_has_no_reference(applicant):
    profile = applicant.get("/api/profile").json
    assert profile["reference"] is None and profile["submitted_at"] is None


def test_submit_gives_a_reference_shown_in_the_profile_and_the_receipt(app, applicant, on_golden_day):
    answer = submit(applicant, on_golden_day)
    assert REFERENCE.match(answer["reference"])
    profile = applicant.get("/api/profile").json
    assert profile["reference"] == answer["reference"]
    assert profile["submitted_at"] == answer["submitted_at"]
    receipt = next(m for m in outbox_messages(app, "ada@example.com") if "received your application" in m["Subject"])
    assert f"Your reference is {answer['reference']}." in receipt.get_content()


def test_a_receipt_that_cannot_be_sent_is_logged_by_reference_not_address(app, applicant, on_golden_day, caplog):
    outbox = Path(app.config["MAIL_OUTBOX"])
    shutil.rmtree(outbox)
    outbox.write_text("a file where the outbox folder should be")  # writing the receipt fails
    with caplog.at_level(logging.ERROR, logger="engine.applications.submit"):
        answer = submit(applicant, on_golden_day)  # the submission stands
    assert "submission receipt for application" in caplog.text and answer["reference"] in caplog.text
    assert "ada@example.com" not in caplog.text


def test_the_reference_never_changes_and_each_application_has_its_own(applicant, other, on_golden_day, sql):
    first = submit(applicant, on_golden_day)["reference"]
    assert applicant.post("/api/submit", json={}).json["reference"] == first
    assert applicant.get("/api/profile").json["reference"] == first
    second = submit(other, on_golden_day)["reference"]
    assert second != first
    assert sorted(row[0] for row in sql("SELECT reference FROM applications")) == sorted([first, second])


def test_a_drawn_reference_already_taken_is_drawn_again(app, applicant, other, on_golden_day, monkeypatch):
    from engine.applications import submit as submitting

    taken = submit(applicant, on_golden_day)["reference"]
    draws = iter([taken, taken, "INTL-ABCDEFGH"])
    monkeypatch.setattr(submitting, "new_reference", lambda prefix: next(draws))
    assert submit(other, on_golden_day)["reference"] == "INTL-ABCDEFGH"


def test_an_application_submitted_before_references_gets_one_when_read(applicant, on_golden_day, sql):
    submit(applicant, on_golden_day)
    sql("UPDATE applications SET reference = NULL")
    reference = applicant.get("/api/profile").json["reference"]
    assert is_reference(reference) and reference.startswith("INTL-")
    assert sql("SELECT reference FROM applications")[0][0] == reference
    assert applicant.get("/api/profile").json["reference"] == reference


def test_the_migration_upgrades_a_database_with_submitted_applications(tmp_path):
    """An existing database at the revision before: the column arrives empty and unique."""
    from engine.migrate import upgrade

    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0004")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO accounts (id, username, password_hash, created_at, confirmed_at, num_logins) "
                "VALUES (1, 'ada@example.com', 'x', '2026-01-01', '2026-01-01', 0)"
            )
        )
        conn.execute(
            text(
                "INSERT INTO applications (id, account_id, answers, add_another, tabs, validation_errors, version, "
                "created_at, updated_at, submitted_at) VALUES (1, 1, '{}', '{}', '{}', '{}', 1, '2026-01-01', "
                "'2026-01-01', '2026-01-02')"
            )
        )
    upgrade(url)
    with engine.begin() as conn:
        assert conn.execute(text("SELECT reference FROM applications")).scalar() is None
        conn.execute(text("UPDATE applications SET reference = 'INTL-ABCDEFGH'"))
        conn.execute(
            text(
                "INSERT INTO accounts (id, username, password_hash, created_at, confirmed_at, num_logins) "
                "VALUES (2, 'grace@example.com', 'x', '2026-01-01', '2026-01-01', 0)"
            )
        )
        with pytest.raises(Exception, match="UNIQUE"):
            with conn.begin_nested():
                conn.execute(
                    text(
                        "INSERT INTO applications (id, account_id, answers, add_another, tabs, validation_errors, "
                        "version, created_at, updated_at, reference) VALUES (2, 2, '{}', '{}', '{}', '{}', 1, "
                        "'2026-01-01', '2026-01-01', 'INTL-ABCDEFGH')"
                    )
                )
    engine.dispose()
