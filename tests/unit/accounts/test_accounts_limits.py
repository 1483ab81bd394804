"""The database rate limits, against SQLite and PostgreSQL."""

import concurrent.futures
import datetime as dt
import threading

import pytest
from sqlalchemy import update

from engine import db
from engine.accounts import limits
from engine.accounts.models import RateLimit


@pytest.fixture
def session(app):
    with app.app_context():
        yield db.session()


def test_hit_allows_up_to_the_limit_in_a_window(session):
    window = dt.timedelta(minutes=1)
    decisions = [limits.hit(session, "k", 3, window) for _ in range(5)]
    assert [d.allowed for d in decisions] == [True, True, True, False, False]
    assert [d.count for d in decisions] == [1, 2, 3, 4, 5]
    assert 55 <= decisions[-1].retry_after <= 60


def test_a_new_window_starts_when_the_old_one_ends(session):
    window = dt.timedelta(minutes=1)
    for _ in range(4):
        limits.hit(session, "k", 3, window)
    session.execute(update(RateLimit).values(window_start=dt.datetime(2000, 1, 1)))
    session.commit()
    assert limits.hit(session, "k", 3, window) == limits.Decision(True, 1, 0)


def test_keys_are_independent_and_refund_and_clear(session):
    window = dt.timedelta(hours=1)
    limits.hit(session, "a", 1, window)
    assert limits.hit(session, "b", 1, window).allowed
    assert not limits.hit(session, "a", 1, window).allowed
    limits.refund(session, "a")
    assert limits.hit(session, "a", 2, window).count == 2
    limits.clear(session, "a")
    assert limits.hit(session, "a", 1, window).count == 1


@pytest.mark.parametrize(
    "failures, seconds",
    [(1, 0), (4, 0), (5, 1), (6, 2), (7, 4), (10, 32), (14, 512), (15, 900), (40, 900), (10_000, 900)],
)
def test_login_delay(failures, seconds):
    assert limits.login_delay(failures) == dt.timedelta(seconds=seconds)


def test_claim_login_blocks_after_five_and_clear_resets(session):
    key = "login:ada@example.com"
    assert all(limits.claim_login(session, key).allowed for _ in range(5))
    blocked = limits.claim_login(session, key)
    assert not blocked.allowed and blocked.retry_after == 1
    limits.clear(session, key)
    assert limits.claim_login(session, key) == limits.Decision(True, 1, 0)


def test_a_failure_streak_is_forgotten_after_a_day(session):
    key = "login:ada@example.com"
    for _ in range(5):
        limits.claim_login(session, key)
    session.execute(update(RateLimit).values(window_start=dt.datetime(2000, 1, 1), blocked_until=None))
    session.commit()
    assert limits.claim_login(session, key).count == 1


def test_purge_removes_only_old_counters(session):
    limits.hit(session, "old", 1, dt.timedelta(hours=1))
    limits.hit(session, "new", 1, dt.timedelta(hours=1))
    session.execute(update(RateLimit).where(RateLimit.key == "old").values(window_start=dt.datetime(2000, 1, 1)))
    session.commit()
    assert limits.purge(session) == 1
    assert [row.key for row in session.query(RateLimit)] == ["new"]


def _parallel(app, count, action):
    barrier = threading.Barrier(count)
    sessionmaker = app.extensions["db_sessionmaker"]

    def one(_):
        session = sessionmaker()
        barrier.wait()
        try:
            return action(session)
        finally:
            session.close()

    with concurrent.futures.ThreadPoolExecutor(count) as pool:
        return list(pool.map(one, range(count)))


def test_parallel_login_claims_are_each_counted_once(app):
    """12 claims at once on a fresh key: exactly 5 get through (the 5th starts the back-off)."""
    for trial in range(3):
        decisions = _parallel(app, 12, lambda s, trial=trial: limits.claim_login(s, f"login:parallel{trial}"))
        assert sorted(d.count for d in decisions if d.allowed) == [1, 2, 3, 4, 5]


def test_parallel_hits_never_overshoot(app):
    decisions = _parallel(app, 16, lambda s: limits.hit(s, "parallel", 4, dt.timedelta(minutes=5)))
    assert sorted(d.count for d in decisions) == list(range(1, 17))
    assert sum(d.allowed for d in decisions) == 4
