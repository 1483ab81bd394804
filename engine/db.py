"""SQLAlchemy 2 engine and a session per request (or per CLI/job call)."""

import datetime as dt
import time
from contextlib import contextmanager

from flask import current_app, g
from sqlalchemy import MetaData, String, create_engine, event, exc
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from engine.accounts.tokens import new_token, token_hash

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def utcnow() -> dt.datetime:
    """Times are naive UTC, the same on SQLite and PostgreSQL."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class HashedToken:
    """The columns of a secret that a browser or a link holds (a session id, a reset or print-view
    token): the database keeps only its keyed hash, when it was made and when it ends."""

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[dt.datetime]

    @classmethod
    def issue(cls, lifetime: dt.timedelta, prefix: str = "", **columns):
        """A new row, made now and ending after `lifetime`, for a new random token (after `prefix`):
        (the token, shown once and never stored; the row, for the caller to add)."""
        token = prefix + new_token()
        now = utcnow()
        times = {"last_seen_at": now} if issubclass(cls, ServerSession) else {}
        row = cls(token_hash=token_hash(token), created_at=now, expires_at=now + lifetime, **times, **columns)
        return token, row


class ServerSession(HashedToken):
    """A server-side session: the browser holds only the random id; `expires_at` is the absolute
    lifetime, `last_seen_at` what the idle timeout counts from."""

    last_seen_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


# A pooled connection idle for longer than this is tested before use (a lost connection, as after
# a database restart, is then replaced instead of failing the request). Connections in steady use
# are not: pinging before every request would cost a round trip per request.
PING_AFTER_IDLE_S = 1.0


def make_engine(url: str, **options):
    """The engine for `url` (SQLite: WAL, foreign keys, a busy timeout); `options` go to create_engine."""
    # An error's message leaves out the statement's values (answers, addresses): it is logged.
    kwargs = {"future": True, "hide_parameters": True, **options}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    engine = create_engine(url, **kwargs)
    _ping_idle_connections(engine)
    if url.startswith("sqlite"):

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn, _record):
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

    return engine


def _ping_idle_connections(engine) -> None:
    """SQLAlchemy's pool_pre_ping, but only for connections that sat idle: raising
    DisconnectionError from `checkout` makes the pool discard the connection and take another."""

    @event.listens_for(engine, "checkin")
    def _checked_in(_dbapi_conn, record):
        if record is not None:
            record.info["checked_in"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(dbapi_conn, record, _proxy):
        if time.monotonic() - record.info.get("checked_in", 0.0) >= PING_AFTER_IDLE_S:
            ping(dbapi_conn)


def ping(dbapi_conn) -> None:
    """One round trip on a DBAPI connection; DisconnectionError if it is dead."""
    try:
        cursor = dbapi_conn.cursor()
        try:
            cursor.execute("SELECT 1")
        finally:
            cursor.close()
        if not getattr(dbapi_conn, "autocommit", True):
            dbapi_conn.rollback()  # the ping opened a transaction (psycopg): leave the connection idle
    except Exception as error:
        raise exc.DisconnectionError(f"a pooled connection was lost: {error}") from error


def init_app(app) -> None:
    app.extensions["db_engine"] = make_engine(app.config["DATABASE_URL"])
    app.extensions["db_sessionmaker"] = sessionmaker(app.extensions["db_engine"], expire_on_commit=False)

    @app.teardown_appcontext
    def _close_session(_exc):
        session = g.pop("db_session", None)
        if session is not None:
            session.close()


def dialect() -> str:
    """The database's dialect name ("postgresql", "sqlite"), without opening a session."""
    return current_app.extensions["db_engine"].dialect.name


def session() -> Session:
    """The current app context's session, created on first use."""
    if "db_session" not in g:
        g.db_session = current_app.extensions["db_sessionmaker"]()
    return g.db_session


@contextmanager
def autocommit():
    """A pooled connection on which each statement commits by itself: for a hot path that is one
    statement (no BEGIN and COMMIT round trips). Outside the request's session."""
    with current_app.extensions["db_engine"].connect() as connection:
        yield connection.execution_options(isolation_level="AUTOCOMMIT")


@contextmanager
def transaction():
    """Commit on success, roll back on any error: no half-written state."""
    current = session()
    try:
        yield current
        current.commit()
    except Exception:
        current.rollback()
        raise


class DriverStatement:
    """A Core statement compiled once per dialect and run on the pooled connection's driver cursor,
    for a hot path: SQLAlchemy's work on every execution (the statement's cache key, the result's
    metadata, the row objects) left out. Parameters go to the driver as they are (a JSON value
    wrapped by the caller as the driver wants it) and `first` answers the driver's row, a tuple.
    A driver error comes out as SQLAlchemy's, with the connection invalidated when it was lost,
    as from `Connection.execute`."""

    def __init__(self, statement):
        self.statement = statement
        self._compiled: dict[str, tuple[str, dict]] = {}

    def _for(self, dialect) -> tuple[str, dict]:
        compiled = self._compiled.get(dialect.name)
        if compiled is None:
            done = self.statement.compile(dialect=dialect)
            # The statement's own literals (`version + 1`) are bound parameters with their values.
            literals = {name: value for name, value in done.params.items() if value is not None}
            compiled = self._compiled[dialect.name] = (done.string, literals)
        return compiled

    def first(self, connection, params: dict) -> tuple | None:
        dialect = connection.dialect
        sql, literals = self._for(dialect)
        driver_connection = connection.connection.dbapi_connection
        cursor = driver_connection.cursor()
        try:
            cursor.execute(sql, {**literals, **params})
            return cursor.fetchone()
        except dialect.loaded_dbapi.Error as error:
            lost = dialect.is_disconnect(error, driver_connection, cursor)
            if lost:
                connection.invalidate(error)
            raise exc.DBAPIError.instance(
                sql,
                None,
                error,
                dialect.loaded_dbapi.Error,
                hide_parameters=True,
                connection_invalidated=lost,
                dialect=dialect,
            ) from error
        finally:
            cursor.close()
