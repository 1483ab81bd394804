"""The connection pool: a connection lost while idle (a database restart, a killed backend) is
replaced before use; connections in steady use are not pinged before every request."""

import pytest
from sqlalchemy import text

from engine import db


def _pooled_backend_pid(app) -> int:
    with app.app_context():
        return db.session().execute(text("SELECT pg_backend_pid()")).scalar()


def _query(app) -> int:
    """One unit of work through the pool, as a request makes."""
    with app.app_context():
        return db.session().execute(text("SELECT 42")).scalar()


def _terminate(database_url: str, pid: int) -> None:
    admin = db.make_engine(database_url)
    with admin.connect() as conn:
        assert conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}).scalar() is True
    admin.dispose()


def test_a_connection_killed_while_idle_is_replaced_not_an_error(app, database_url, monkeypatch):
    if not database_url.startswith("postgresql"):
        pytest.skip("needs a database server whose backends can be killed")
    first = _pooled_backend_pid(app)
    _terminate(database_url, first)
    monkeypatch.setattr(db, "PING_AFTER_IDLE_S", 0.0)  # the pooled connection counts as idle
    assert _query(app) == 42
    assert _pooled_backend_pid(app) != first


def _count_pings(monkeypatch) -> list:
    pings = []
    real = db.ping

    def counting(dbapi_conn):
        pings.append(dbapi_conn)
        real(dbapi_conn)

    monkeypatch.setattr(db, "ping", counting)
    return pings


def test_connections_in_steady_use_are_not_pinged(app, monkeypatch):
    assert _query(app) == 42  # opens the pooled connection
    pings = _count_pings(monkeypatch)
    for _ in range(5):
        assert _query(app) == 42
    assert pings == []


def test_a_connection_idle_past_the_limit_is_pinged(app, monkeypatch):
    assert _query(app) == 42
    pings = _count_pings(monkeypatch)
    monkeypatch.setattr(db, "PING_AFTER_IDLE_S", 0.0)
    assert _query(app) == 42
    assert len(pings) == 1
