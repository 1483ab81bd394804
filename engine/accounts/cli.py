"""`formengine accounts ...`: housekeeping, a confirmed account for testers, and the login benchmark."""

import json
import statistics
import tempfile
import time
from pathlib import Path

import click


def _app(**overrides):
    from engine.app import create_app

    return create_app(overrides or None)


@click.group("accounts")
def accounts() -> None:
    """Accounts: purge, create, bench."""


@accounts.command("purge")
def purge() -> None:
    """Delete ended sessions, used or expired codes and reset links, and old rate-limit counters."""
    from sqlalchemy import delete

    from engine import db
    from engine.accounts import limits, sessions
    from engine.accounts.models import ConfirmationCode, PasswordReset, utcnow

    with _app().app_context():
        session = db.session()
        ended = sessions.purge(session)
        now = utcnow()
        codes = session.execute(
            delete(ConfirmationCode).where((ConfirmationCode.expires_at <= now) | ConfirmationCode.used_at.is_not(None))
        ).rowcount
        resets = session.execute(delete(PasswordReset).where(PasswordReset.expires_at <= now)).rowcount
        session.commit()
        counters = limits.purge(session)
    click.echo(f"purged {ended} sessions, {codes} codes, {resets} reset links, {counters} rate-limit counters")


@accounts.command("create")
@click.argument("username")
@click.password_option()
def create(username: str, password: str) -> None:
    """Create a confirmed account (for testers and demos); the password rules apply."""
    from engine import db
    from engine.accounts.models import Account, utcnow
    from engine.accounts.passwords import hash_password, password_problems
    from engine.accounts.usernames import normalise_username

    normalised = normalise_username(username)
    problems = ([] if normalised else ["Your email address must be valid."]) + password_problems(password)
    if problems:
        raise click.ClickException(" ".join(problems))
    with _app().app_context(), db.transaction() as tx:
        tx.add(Account(username=normalised, password_hash=hash_password(password), confirmed_at=utcnow()))
    click.echo(f"created {normalised}")


@accounts.command("bench")
@click.option("--logins", default=40, show_default=True, help="Logins to time over HTTP.")
@click.option("--json", "as_json", is_flag=True)
def bench(logins: int, as_json: bool) -> None:
    """Measure login cost: argon2id time per check, full HTTP logins per second on one core,
    and forgot-password time for a known and an unknown address (must match)."""
    results = run_bench(logins)
    if as_json:
        click.echo(json.dumps(results, indent=2))
        return
    for name, value in results.items():
        click.echo(f"{name}: {value}")


def run_bench(logins: int = 40, resets: int = 60) -> dict:
    from sqlalchemy import text

    from engine import db, mail
    from engine.accounts.models import Account, utcnow
    from engine.accounts.passwords import HASHER, hash_password, verify_password
    from engine.migrate import upgrade

    stored = hash_password("Correct-Horse-9")
    verify_ms = _median_ms(lambda: verify_password(stored, "Correct-Horse-9"), 30)
    hash_ms = _median_ms(lambda: hash_password("Correct-Horse-9"), 30)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        upgrade(url)
        app = _app(
            DATABASE_URL=url,
            MAIL_OUTBOX=str(Path(folder) / "outbox"),
            TESTING=True,
            LOGIN_IP_MAX_FAILURES=10**6,
            MAIL_IP_MAX_PER_HOUR=10**6,
        )
        with app.app_context(), db.transaction() as tx:
            tx.add(Account(username="bench@example.com", password_hash=stored, confirmed_at=utcnow()))
        client = app.test_client()
        body = {"username": "bench@example.com", "password": "Correct-Horse-9"}
        login_ms = _median_ms(lambda: _ok(client.post("/public/login", json=body)), logins)
        start = time.perf_counter()
        for _ in range(logins):
            _ok(client.post("/public/login", json=body))
        per_second = logins / (time.perf_counter() - start)
        known, unknown = [], []
        for number in range(resets):  # interleaved, so load changes hit both sides alike
            known.append(
                _time_ms(lambda: _ok(client.post("/public/forgot-password", json={"username": "bench@example.com"})))
            )
            mail.wait_for_deliveries()  # outside the timing: the mail thread must not slow the next request
            unknown.append(
                _time_ms(
                    lambda number=number: _ok(
                        client.post("/public/forgot-password", json={"username": f"nobody{number}@example.com"})
                    )
                )
            )
            with app.app_context():
                db.session().execute(text("DELETE FROM rate_limits WHERE key LIKE 'forgot:%'"))
                db.session().commit()
        app.extensions["db_engine"].dispose()
    return {
        "argon2id_parameters": f"m={HASHER.memory_cost} KiB, t={HASHER.time_cost}, p={HASHER.parallelism}",
        "argon2id_verify_ms_median": round(verify_ms, 1),
        "argon2id_hash_ms_median": round(hash_ms, 1),
        "http_login_ms_median_sqlite": round(login_ms, 1),
        "http_logins_per_second_one_core": round(per_second, 1),
        "forgot_password_ms_median_known": round(statistics.median(known), 2),
        "forgot_password_ms_median_unknown": round(statistics.median(unknown), 2),
    }


def _ok(response):
    if response.status_code >= 400:
        raise click.ClickException(f"bench request failed: {response.status_code} {response.get_json()}")
    return response


def _time_ms(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def _median_ms(action, runs: int) -> float:
    return statistics.median(_time_ms(action) for _ in range(runs))


commands = [accounts]
