"""The connection pool: a connection lost while idle (a database restart, a killed backend) is
replaced before use; connections in steady use are not pinged before every request."""

import pytest
from sqlalchemy import text

from engine import db
from tests.applicants import make_applicant


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


def _pooled_backend_pids(app) -> list[int]:
    """The backends of every connection the pool holds, each checked out once."""
    engine = app.extensions["db_engine"]
    held = [engine.connect() for _ in range(engine.pool.checkedin())]
    try:
        return [connection.exec_driver_sql("SELECT pg_backend_pid()").scalar() for connection in held]
    finally:
        for connection in held:
            connection.close()


@pytest.mark.parametrize(
    "answers",
    [{"first_name": "Grace"}, {"mailing_addr_same_as_perm_addr": "Y"}],
    ids=["one statement", "read then write"],
)
def test_a_save_on_a_connection_lost_in_use_answers_503_and_the_next_save_works(
    app, database_url, monkeypatch, answers
):
    """The autosave runs its statements on the driver's cursor: a connection the database dropped
    while it sat in the pool (not pinged: in steady use) fails that save with the outage's 503, and
    is replaced, not handed to the next save."""
    if not database_url.startswith("postgresql"):
        pytest.skip("needs a database server whose backends can be killed")
    applicant = make_applicant(app, "lost@example.com")
    assert applicant.put("/api/answer", json={"last_name": "Hopper"}).status_code == 200
    pids = _pooled_backend_pids(app)
    monkeypatch.setattr(db, "PING_AFTER_IDLE_S", 1e9)  # every pooled connection counts as in steady use
    for pid in pids:
        _terminate(database_url, pid)

    lost = [applicant.put("/api/answer", json=answers) for _ in pids]
    assert [response.status_code for response in lost] == [503] * len(pids), lost[0].json
    assert "message" in lost[0].json
    assert applicant.put("/api/answer", json=answers).status_code == 200
    saved = applicant.get("/api/profile").json["answer"]
    assert saved["last_name"] == "Hopper" and all(saved.get(key) == value for key, value in answers.items())


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
