"""The tenant's retention applied (the shipped tenant: drafts 180 days with a reminder 14 days before,
submissions 3 years, unconfirmed accounts 30 days), with the clock moved forward: exactly the expired
ones go, each with a tombstone and an audit entry naming its reason; a second run changes nothing; an
erasure stopped half-way is finished; `formengine retention --dry-run` lists what would go and why."""

import datetime as dt
import json
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from job_workers import ROOT, worker_env
from sqlalchemy import text

from engine.accounts.models import utcnow
from engine.cli import main
from engine.retention import cli as retention_cli
from engine.retention import task
from tests.applicants import outbox_messages, write_application

pytestmark = [pytest.mark.redis]
NOW = utcnow()
DAY = dt.timedelta(days=1)


def _set(app, application_id: int, **times) -> None:
    """Move an application's (and its account's) times: updated, submitted, created, confirmed."""
    with app.extensions["db_engine"].begin() as connection:
        for column in ("updated_at", "submitted_at"):
            if column in times:
                connection.execute(
                    text(f"UPDATE applications SET {column} = :at WHERE id = :id"),
                    {"at": times[column], "id": application_id},
                )
        account = connection.execute(
            text("SELECT account_id FROM applications WHERE id = :id"), {"id": application_id}
        ).scalar_one()
        connection.execute(
            text("UPDATE accounts SET created_at = :created, confirmed_at = :confirmed WHERE id = :id"),
            {
                "created": times.get("created_at", NOW - 400 * DAY),
                "confirmed": times.get("confirmed_at", NOW - 400 * DAY),
                "id": account,
            },
        )


def _people(app) -> dict:
    with app.extensions["db_engine"].connect() as connection:
        return {
            row.username: row.application_id
            for row in connection.execute(
                text(
                    "SELECT username, applications.id AS application_id FROM accounts LEFT JOIN applications ON applications.account_id = accounts.id"
                )
            )
        }


@pytest.fixture
def applicants(app):
    ids = {}
    ids["stale"] = write_application(app, email="stale@example.com")
    _set(app, ids["stale"], updated_at=NOW - 200 * DAY)
    ids["near"] = write_application(app, email="near@example.com")
    _set(app, ids["near"], updated_at=NOW - 170 * DAY)
    ids["fresh"] = write_application(app, email="fresh@example.com")
    _set(app, ids["fresh"], updated_at=NOW - 10 * DAY)
    ids["old"] = write_application(app, email="old@example.com", reference="INTL-OLD00001", first_name="Mei")
    _set(app, ids["old"], updated_at=NOW - 1500 * DAY, submitted_at=NOW - 1500 * DAY)
    ids["recent"] = write_application(app, email="recent@example.com", reference="INTL-RECENT01")
    _set(app, ids["recent"], updated_at=NOW - 700 * DAY, submitted_at=NOW - 700 * DAY)
    ids["unconfirmed"] = write_application(app, email="ghost@example.com")
    _set(app, ids["unconfirmed"], updated_at=NOW - 40 * DAY, created_at=NOW - 40 * DAY, confirmed_at=None)
    return ids


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_exactly_the_expired_go_with_their_reasons_and_a_second_run_changes_nothing(app, applicants):
    result = task.apply(app, NOW)
    assert result.deleted == {"draft": 1, "submitted": 1, "unconfirmed": 1} and result.errors == 0
    assert result.reminded == 1
    assert sorted(_people(app)) == ["fresh@example.com", "near@example.com", "recent@example.com"]
    (reminder,) = outbox_messages(app, "near@example.com")
    delete_on = (NOW - 170 * DAY + 180 * DAY).date().isoformat()
    assert f"will be deleted on {delete_on}" in reminder["Subject"]

    with app.extensions["db_engine"].connect() as connection:
        audit = connection.execute(
            text(
                "SELECT application_id, reference, detail FROM audit_events WHERE action = 'retention_delete' ORDER BY id"
            )
        ).all()
        stones = connection.execute(text("SELECT application_id, reference, erased_by, pending FROM erasures")).all()
    reasons = {row.application_id: json.loads(row.detail)["reason"] for row in audit}
    assert reasons[applicants["stale"]].startswith("draft untouched since")
    assert reasons[applicants["old"]].startswith("submitted on") and "kept 3 years" in reasons[applicants["old"]]
    assert reasons[applicants["unconfirmed"]].startswith("account never confirmed")
    assert {row.reference for row in audit} == {None, "INTL-OLD00001"}
    assert all("@" not in row.detail and "Mei" not in row.detail for row in audit)
    assert {(s.erased_by, s.pending) for s in stones} == {("retention", "{}")}

    again = task.apply(app, NOW)
    assert (again.deleted, again.reminded, again.errors) == ({"draft": 0, "submitted": 0, "unconfirmed": 0}, 0, 0)
    assert len(outbox_messages(app, "near@example.com")) == 1  # reminded once, not at every run

    later = task.apply(app, NOW + 20 * DAY)  # the clock moves on: the reminded draft's day has come
    assert later.deleted["draft"] == 1
    assert sorted(_people(app)) == ["fresh@example.com", "recent@example.com"]


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_the_dry_run_lists_what_would_go_and_why_and_deletes_nothing(app, applicants, monkeypatch):
    monkeypatch.setattr(retention_cli, "_app", lambda: app)
    result = CliRunner().invoke(main, ["retention", "--dry-run"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("draft\t") and "untouched since" in line for line in lines)
    assert any(line.startswith("submitted\tINTL-OLD00001\tsubmitted on") for line in lines)
    assert any(line.startswith("unconfirmed\t") for line in lines)
    assert any(line.startswith("reminder\t") for line in lines)
    assert "@" not in result.output and "4 due; nothing was deleted" in result.output
    assert len(_people(app)) == 6


def test_an_erasure_stopped_half_way_is_finished_by_the_next_run(app, applicants):
    from engine.documents.storage import storage_from_config

    storage_from_config(app.config).write(f"uploads/{applicants['fresh']}/essay_file/left.pdf", b"%PDF-1.4")
    with app.extensions["db_engine"].begin() as connection:  # as a run killed between database and storage leaves it
        connection.execute(text("DELETE FROM applications WHERE id = :id"), {"id": applicants["fresh"]})
        connection.execute(
            text(
                "INSERT INTO erasures (application_id, erased_at, erased_by, ids, pending) "
                "VALUES (:id, :at, 'retention', '{}', :pending)"
            ),
            {"id": applicants["fresh"], "at": NOW, "pending": json.dumps({"stores": ["not swept yet"]})},
        )
    result = task.apply(app, NOW)
    assert result.finished == 1 and result.errors == 0
    assert list(storage_from_config(app.config).objects(f"uploads/{applicants['fresh']}/")) == []
    with app.extensions["db_engine"].connect() as connection:
        assert connection.execute(text("SELECT COUNT(*) FROM erasures WHERE pending != '{}'")).scalar_one() == 0


@pytest.mark.slow
@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_run_killed_half_way_is_finished_by_the_next(app, tmp_path):
    """`formengine retention` in a process of its own, SIGKILLed after its first deletions: every applicant
    is then whole or erased (one tombstone each), and the next run finishes the rest."""
    expired = [write_application(app, email=f"expired{n}@example.com") for n in range(300)]
    kept = write_application(app, email="kept@example.com")
    with app.extensions["db_engine"].begin() as connection:
        connection.execute(text("UPDATE applications SET updated_at = :at"), {"at": NOW - 365 * DAY})
        connection.execute(text("UPDATE applications SET updated_at = :at WHERE id = :id"), {"at": NOW, "id": kept})
        connection.execute(text("UPDATE accounts SET confirmed_at = :at"), {"at": NOW - 400 * DAY})
    env = {**worker_env(app), "REDIS_URL": app.config["REDIS_URL"]}
    with open(tmp_path / "retention.log", "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "engine.cli", "retention"], env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + 120
        while _erased(app) < 5:
            assert process.poll() is None and time.monotonic() < deadline, (tmp_path / "retention.log").read_text()
            time.sleep(0.05)
    finally:
        process.kill()
        process.wait(10)
    halfway = _erased(app)
    assert 5 <= halfway < len(expired)

    result = task.apply(app, NOW)
    assert result.errors == 0 and result.deleted["draft"] == len(expired) - halfway
    assert _erased(app) == len(expired) and list(_people(app)) == ["kept@example.com"]
    with app.extensions["db_engine"].connect() as connection:
        assert connection.execute(text("SELECT COUNT(*) FROM erasures WHERE pending != '{}'")).scalar_one() == 0
        assert connection.execute(text("SELECT COUNT(DISTINCT application_id) FROM erasures")).scalar_one() == 300
    assert task.apply(app, NOW).deleted == {"draft": 0, "submitted": 0, "unconfirmed": 0}


def _erased(app) -> int:
    with app.extensions["db_engine"].connect() as connection:
        return connection.execute(text("SELECT COUNT(*) FROM erasures")).scalar_one()


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_the_reminder_is_written_in_the_accounts_language_though_no_request_sends_it(app, applicants):
    with app.extensions["db_engine"].begin() as connection:
        connection.execute(
            text("UPDATE accounts SET language = 'es' WHERE id = (SELECT account_id FROM applications WHERE id = :id)"),
            {"id": applicants["near"]},
        )
    assert task.apply(app, NOW).reminded == 1
    (reminder,) = outbox_messages(app, "near@example.com")
    # The tenant's name in Spanish (intl_undergrad translates it; the reminder's own words fall back).
    assert "Solicitud de admisión de grado para estudiantes internacionales" in reminder["Subject"]
    assert "Example College International Undergraduate Application" not in reminder["Subject"]


def test_a_batch_scans_the_job_records_once_and_still_clears_each_applicants(app, applicants, monkeypatch):
    """Three applicants due in one batch: Redis's job records are scanned once for the batch (not once
    per applicant), and a queued job naming one of them is removed all the same."""
    from redis import Redis

    from engine import jobs

    queued = jobs.enqueue(
        "engine.pdf.jobs.render_application_pdf",
        applicants["stale"],
        queue=app.config["APPLICATION_PDF_QUEUE"],
        redis_url=app.config["REDIS_URL"],
    )
    scans = []
    real = Redis.scan_iter

    def counted(self, match=None, **options):
        scans.append(match)
        return real(self, match=match, **options)

    monkeypatch.setattr(Redis, "scan_iter", counted)
    result = task.apply(app, NOW)
    assert sum(result.deleted.values()) == 3 and result.errors == 0
    assert scans.count("rq:job:*") == 1
    assert not jobs.connection(app.config["REDIS_URL"]).exists(f"rq:job:{queued.id}")
