"""`formengine deliveries` and `deliveries retry`, the periodic queueing of due tries (and of jobs
that were lost), and the deliveries-by-state metric: on deliveries in every state."""

import datetime as dt

import pytest
from click.testing import CliRunner
from sqlalchemy import select, text

from engine import db
from engine.accounts.models import utcnow
from engine.cli import main
from engine.delivery import service
from engine.delivery.models import Delivery
from tests.applicants import write_application

SUBMITTED = dt.datetime(2026, 3, 1, 12, 0)


@pytest.fixture
def cli(app, monkeypatch):
    from engine.delivery import cli as delivery_cli

    monkeypatch.setattr(delivery_cli, "_app", lambda: app)
    runner = CliRunner()
    return lambda *args: runner.invoke(main, ["deliveries", *args])


@pytest.fixture
def made(app):
    """Two applications: A's webhook failed after 7 tries, its e-mail delivered; B's webhook retrying."""
    a = write_application(app, "a@example.com", reference="INTL-AAAAAAAA", submitted_at=SUBMITTED)
    b = write_application(app, "b@example.com", reference="INTL-BBBBBBBB", submitted_at=SUBMITTED)
    now = utcnow()
    rows = [
        (a, "webhook", "https://sis.example.edu/h", "failed", 7, "answered 503 Service Unavailable", None),
        (a, "email", "admissions@example.edu", "delivered", 1, None, None),
        (
            b,
            "webhook",
            "https://sis.example.edu/h",
            "retrying",
            2,
            "no answer within 10 s",
            now + dt.timedelta(hours=1),
        ),
    ]
    with app.app_context(), db.transaction() as tx:
        for application_id, kind, target, state, attempts, error, next_at in rows:
            tx.add(
                Delivery(
                    application_id=application_id,
                    kind=kind,
                    target=target,
                    config={},
                    state=state,
                    attempts=attempts,
                    round_attempts=attempts,
                    last_error=error,
                    next_attempt_at=next_at,
                    delivered_at=now if state == "delivered" else None,
                )
            )
    return {"a": a, "b": b}


def _state(app, target_like: str, reference: str):
    with app.extensions["db_engine"].begin() as connection:
        return connection.execute(
            text(
                "SELECT d.state, d.round_attempts, d.job_id FROM deliveries d JOIN applications a "
                "ON a.id = d.application_id WHERE a.reference = :r AND d.target LIKE :t"
            ),
            {"r": reference, "t": target_like},
        ).one()


def test_the_list_shows_reference_target_state_tries_and_last_error(cli, made):
    result = cli()
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == "reference\ttarget\tstate\ttries\tlast error"
    assert lines[1].startswith("INTL-BBBBBBBB\twebhook https://sis.example.edu/h\tretrying\t2\tno answer within 10 s")
    assert "(next try " in lines[1]
    assert lines[2].startswith("INTL-AAAAAAAA\temail admissions@example.edu\tdelivered\t1\tdelivered ")
    assert lines[3] == "INTL-AAAAAAAA\twebhook https://sis.example.edu/h\tfailed\t7\tanswered 503 Service Unavailable"
    failed = cli("--failed").output.strip().splitlines()
    assert failed[1:] == [lines[3]]


def test_retry_by_reference_sends_the_undelivered_ones_again(app, cli, made):
    result = cli("retry", "intl-aaaaaaaa")
    assert result.exit_code == 0 and "1 delivery(ies) queued again" in result.output
    state, tries, job_id = _state(app, "https://%", "INTL-AAAAAAAA")
    assert (state, tries) == ("pending", 0) and job_id  # a fresh round, its job recorded
    assert _state(app, "admissions%", "INTL-AAAAAAAA")[0] == "delivered"  # never sent twice by itself
    again = cli("retry", "INTL-AAAAAAAA", "--again")
    assert again.exit_code == 0 and "2 delivery(ies)" in again.output


def test_retry_says_why_it_did_nothing(cli, made):
    assert "no submitted application has the reference INTL-ZZZZZZZZ" in cli("retry", "INTL-ZZZZZZZZ").output
    cli("retry", "INTL-AAAAAAAA")
    nothing = cli("retry", "--failed")
    assert nothing.exit_code == 1 and "nothing to retry" in nothing.output
    assert cli("retry").exit_code == 2 and cli("retry", "INTL-AAAAAAAA", "--failed").exit_code == 2


def test_due_tries_and_lost_jobs_are_queued_and_nothing_else(app, made):
    with app.app_context():
        session = db.session()
        assert service.dispatch_due(session, app.config) == 0  # B's next try is in an hour
        b = session.scalars(select(Delivery).where(Delivery.application_id == made["b"])).one()
        b.next_attempt_at = utcnow() - dt.timedelta(seconds=1)
        session.commit()
        assert service.dispatch_due(session, app.config) == 1
        assert service.dispatch_due(session, app.config) == 0  # queued: not again while its job lives
        b = session.scalars(select(Delivery).where(Delivery.application_id == made["b"])).one()
        b.queued_at = utcnow() - dt.timedelta(hours=1)  # its job never reported back: lost
        session.commit()
        assert service.dispatch_due(session, app.config) == 1


def test_metrics_count_deliveries_by_state(client, made):
    body = client.get("/metrics").get_data(as_text=True)
    for state, count in (("pending", 0), ("delivered", 1), ("retrying", 1), ("failed", 1)):
        assert f'formengine_deliveries{{state="{state}"}} {count}.0' in body
