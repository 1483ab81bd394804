"""The application window (settings.window) with the server's clock moved, never slept: before it
opens, open, one second after it closes, inside the grace, and with one applicant's deadline
extended by `formengine extend`."""

import datetime as dt

import pytest
from click.testing import CliRunner

from engine.applications import current
from engine.cli import main
from tests.applicants import make_applicant
from tests.tenant_edits import copy_tenant, edit

# Central time (America/Chicago, the tenant's zone) is UTC-6 in March until the 8th, UTC-5 after.
OPENS_UTC = dt.datetime(2027, 3, 1, 15, 0)  # 09:00 local
CLOSES_UTC = dt.datetime(2027, 3, 31, 22, 0)  # 17:00 local
GRACE = dt.timedelta(minutes=15)
CLOSED = "Applications are closed. You can still read and download your answers, but not change or submit them."
NOT_OPEN = "Applications are not open yet. You can read the form, but not save or submit answers until it opens."


@pytest.fixture
def app_overrides(tmp_path):
    tenant = copy_tenant(tmp_path)
    edit(
        tenant,
        "  time_zone: America/Chicago",
        "  window: {opens: 2027-03-01T09:00, closes: 2027-03-31T17:00, grace_minutes: 15}\n"
        "  time_zone: America/Chicago",
        file="tenant.yaml",
    )
    return {"TENANT_PATH": str(tenant)}


@pytest.fixture
def clock(monkeypatch, golden):
    """The server's clock, moved by the test: `clock.at = moment` (naive UTC)."""

    class Clock:
        at = OPENS_UTC + dt.timedelta(days=1)

    monkeypatch.setattr(current, "now", lambda: Clock.at)
    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    return Clock


@pytest.fixture
def extend(app, monkeypatch):
    """`formengine extend ...` run against the test app."""
    from engine.applications import cli

    monkeypatch.setattr(cli, "_app", lambda: app)
    return lambda *args: CliRunner().invoke(main, ["extend", *args])


@pytest.fixture
def ada(app, clock):
    return make_applicant(app, "ada@example.com")


def _submit(client, answers):
    assert client.put("/api/answer", json=answers).status_code == 200
    return client.post("/api/submit", json={})


def test_the_compiled_form_carries_the_window_in_utc_with_the_grace(app):
    window = app.extensions["tenant"].current().data["window"]
    assert window == {"opens": "2027-03-01T15:00:00Z", "closes": "2027-03-31T22:15:00Z"}


def test_before_opening_nothing_is_saved_or_submitted(ada, clock, golden, sql):
    clock.at = OPENS_UTC - dt.timedelta(seconds=1)
    assert ada.get("/api/profile").json["window"] == "not_open"
    response = ada.put("/api/answer", json={"first_name": "Ada"})
    assert response.status_code == 409 and response.json["message"] == NOT_OPEN
    assert ada.post("/api/submit", json={}).json["message"] == NOT_OPEN
    assert sql("SELECT answers FROM applications")[0][0] in ({}, "{}")


def test_while_open_an_applicant_submits(ada, clock, golden):
    clock.at = OPENS_UTC
    assert ada.get("/api/profile").json["window"] == "open"
    assert _submit(ada, golden["answers"]).status_code == 200


def test_one_second_after_closing_and_the_grace_the_draft_is_read_only(ada, clock, golden, sql):
    assert ada.put("/api/answer", json=golden["answers"]).status_code == 200
    clock.at = CLOSES_UTC + GRACE + dt.timedelta(seconds=1)
    assert ada.get("/api/profile").json["window"] == "closed"
    saved = ada.put("/api/answer", json={"first_name": "Changed"})
    assert saved.status_code == 409 and saved.json["message"] == CLOSED
    submitted = ada.post("/api/submit", json={})
    assert submitted.status_code == 409 and submitted.json["message"] == CLOSED
    row = sql("SELECT submitted_at, reference FROM applications")[0]
    assert tuple(row) == (None, None)
    assert ada.get("/api/profile").json["answer"]["first_name"] == golden["answers"]["first_name"]


def test_inside_the_grace_a_submit_still_counts(ada, clock, golden):
    assert ada.put("/api/answer", json=golden["answers"]).status_code == 200
    clock.at = CLOSES_UTC + GRACE - dt.timedelta(seconds=1)
    assert ada.get("/api/profile").json["window"] == "open"
    assert ada.post("/api/submit", json={}).status_code == 200


def test_an_extended_applicant_saves_and_submits_until_the_extension(app, ada, clock, golden, extend, sql):
    grace = make_applicant(app, "grace@example.com")
    assert ada.put("/api/answer", json=golden["answers"]).status_code == 200
    result = extend("--email", "ADA@example.com", "--until", "2027-04-07T17:00")
    assert result.exit_code == 0, result.output
    assert "until 2027-04-07T22:00:00Z" in result.output  # Central daylight time: UTC-5
    audited = sql("SELECT action, detail FROM audit_events WHERE action = 'deadline_extended'")
    assert len(audited) == 1 and "2027-04-07T22:00:00Z" in str(audited[0][1])
    clock.at = dt.datetime(2027, 4, 7, 21, 59)
    assert ada.get("/api/profile").json["window"] == "open"
    assert grace.put("/api/answer", json={"first_name": "Grace"}).status_code == 409
    assert ada.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    assert ada.post("/api/submit", json={}).status_code == 200


def test_an_extension_after_it_ends_is_closed(ada, clock, golden, sql):
    assert ada.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    sql("UPDATE applications SET extended_until = :until", until=dt.datetime(2027, 4, 7, 22, 0))
    clock.at = dt.datetime(2027, 4, 7, 22, 0, 1)
    response = ada.put("/api/answer", json={"first_name": "Late"})
    assert response.status_code == 409 and response.json["message"] == CLOSED


def test_extend_names_an_unknown_address_and_an_unreadable_time(extend):
    unknown = extend("--email", "nobody@example.com", "--until", "2027-04-07T17:00")
    assert unknown.exit_code == 1 and "no account has the e-mail address" in unknown.output
    bad = extend("--email", "nobody@example.com", "--until", "next friday")
    assert bad.exit_code == 2 and "2027-04-07T17:00" in bad.output


def test_a_date_rule_that_time_made_impossible_is_reported_at_start_not_fatal(tmp_path, database_url, caplog):
    from engine.app import create_app

    tenant = copy_tenant(tmp_path)
    edit(
        tenant,
        "          - {latest: {years_ago: 13}, message: You must be 13 years or older to apply.}",
        "          - {latest: {years_ago: 13}, message: You must be 13 years or older to apply.}\n"
        "          - {not_after: 1900-03-31, message: Applications closed on 31 March.}",
    )
    started = create_app({"TESTING": True, "DATABASE_URL": database_url, "TENANT_PATH": str(tenant)})
    assert started.extensions["tenant"].current().warnings
    reported = [r.getMessage() for r in caplog.records if "IMPOSSIBLE_BOUND" in r.getMessage()]
    assert reported and "already so today" in reported[0]
    started.extensions["db_engine"].dispose()
    started.extensions["versions_engine"].dispose()
