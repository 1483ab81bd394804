"""`formengine accounts create` and `purge`, against the database DATABASE_URL names."""

import datetime as dt

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, text

from engine.cli import main


@pytest.fixture
def env(app, monkeypatch, database_url, tmp_path):
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("FORMENGINE_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("SECRET_KEY", app.config["SECRET_KEY"])
    return create_engine(database_url)


def test_create_a_confirmed_account_and_purge_old_rows(env):
    runner = CliRunner()
    result = runner.invoke(main, ["accounts", "create", "Tester@Example.com", "--password", "Correct-Horse-9"])
    assert result.exit_code == 0, result.output
    assert "created tester@example.com" in result.output
    refused = runner.invoke(main, ["accounts", "create", "bad", "--password", "short"])
    assert refused.exit_code != 0 and "Your email address must be valid." in refused.output
    old = dt.datetime(2000, 1, 1)
    with env.begin() as conn:
        ((account_id,),) = conn.execute(text("SELECT id FROM accounts")).fetchall()
        conn.execute(
            text(
                "INSERT INTO account_sessions (token_hash, account_id, created_at, last_seen_at, expires_at)"
                " VALUES ('h', :a, :t, :t, :t)"
            ),
            {"a": account_id, "t": old},
        )
        conn.execute(text("INSERT INTO rate_limits (key, window_start, count) VALUES ('x', :t, 3)"), {"t": old})
    result = runner.invoke(main, ["accounts", "purge"])
    assert result.exit_code == 0, result.output
    assert "purged 1 sessions" in result.output and "1 rate-limit counters" in result.output
    env.dispose()


def test_bench_measures_login_cost():
    from engine.accounts.cli import run_bench

    results = run_bench(logins=3, resets=3)
    assert results["argon2id_parameters"] == "m=19456 KiB, t=2, p=1"
    assert results["argon2id_verify_ms_median"] > 0
    assert results["http_logins_per_second_one_core"] > 0
    assert results["forgot_password_ms_median_known"] > 0 and results["forgot_password_ms_median_unknown"] > 0
