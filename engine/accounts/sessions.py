"""Server-side login sessions. The browser holds a random id (256 bits); the database
holds its hash, the account, when it was last used and when it ends at the latest."""

import dataclasses
import datetime as dt
from collections.abc import Callable

from flask import current_app
from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.orm import Session

from engine.accounts.models import AccountSession, utcnow
from engine.accounts.tokens import new_token, token_hash

DEFAULT_IDLE_MS = 900_000
DEFAULT_PROMPT_MS = 60_000  # the browser's idle prompt shows this long before the timeout (client/src/shell/idle.js)
MAX_TOKEN_LENGTH = 200  # a longer cookie value is no session id of ours


@dataclasses.dataclass
class LiveSession:
    """A live session as read on every authenticated request: plain columns, no ORM object
    (and no account row: load it only where a view needs more than the id)."""

    id: int
    account_id: int
    last_seen_at: dt.datetime
    expires_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class Lookup:
    """The outcome of reading a session id: the session, or why there is none."""

    session: LiveSession | None
    reason: str = ""  # "" | "missing" | "idle" | "expired"


_TABLE = AccountSession.__table__
_LOOKUP = select(_TABLE.c.id, _TABLE.c.account_id, _TABLE.c.last_seen_at, _TABLE.c.expires_at).where(
    _TABLE.c.token_hash == bindparam("token_hash")
)


def idle_timeout() -> dt.timedelta:
    """SESSION_IDLE_MS, else the tenant's idle.timeout_ms (what the client's timer uses), else 15 min."""
    configured = current_app.config.get("SESSION_IDLE_MS")
    if not configured:
        holder = current_app.extensions.get("tenant")
        settings = holder.current().data.get("settings", {}) if holder is not None else {}
        configured = (settings.get("idle") or {}).get("timeout_ms") or DEFAULT_IDLE_MS
    return dt.timedelta(milliseconds=int(configured))


def touch_interval() -> float:
    """How often a request may write the session's last use: SESSION_TOUCH_S, but at most half the
    tenant's idle prompt lead (idle.prompt_ms). The server's end is then always well after the
    browser's prompt shows, so "Stay signed in" still finds the session."""
    configured = float(current_app.config["SESSION_TOUCH_S"])
    holder = current_app.extensions.get("tenant")
    settings = holder.current().data.get("settings", {}) if holder is not None else {}
    prompt_ms = (settings.get("idle") or {}).get("prompt_ms") or DEFAULT_PROMPT_MS
    return min(configured, prompt_ms / 2000)


def live_session():
    """The live session of a cookie as a CTE (id, account_id, last_seen_at, expires_at), for a hot
    path that joins it into its own statement. Binds: `live_params(token)`. An idle or expired
    session is simply not there; `lookup` tells which (and deletes it)."""
    return _LOOKUP.where(
        _TABLE.c.expires_at > bindparam("live_now"), _TABLE.c.last_seen_at > bindparam("live_idle_cutoff")
    ).cte("live_session")


def live_params(token: str) -> dict:
    now = utcnow()
    return {"token_hash": token_hash(token), "live_now": now, "live_idle_cutoff": now - idle_timeout()}


def absolute_lifetime() -> dt.timedelta:
    return dt.timedelta(seconds=int(current_app.config["SESSION_ABSOLUTE_S"]))


def create(db: Session, account_id: int) -> str:
    """A new session for the account; returns the id for the cookie (never stored)."""
    token = new_token()
    now = utcnow()
    db.add(
        AccountSession(
            token_hash=token_hash(token),
            account_id=account_id,
            created_at=now,
            last_seen_at=now,
            expires_at=now + absolute_lifetime(),
        )
    )
    return token


def lookup(db: Session, token: str | None) -> Lookup:
    """The live session for a cookie value; an idle or expired one is deleted."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return Lookup(None, "missing")
    row = db.execute(_LOOKUP, {"token_hash": token_hash(token)}).first()
    if row is None:
        return Lookup(None, "missing")
    record = LiveSession(*row)
    now = utcnow()
    reason = "expired" if record.expires_at <= now else "idle" if record.last_seen_at + idle_timeout() <= now else ""
    if reason:
        db.execute(delete(AccountSession).where(AccountSession.id == record.id))
        db.commit()
        return Lookup(None, reason)
    return Lookup(record)


def touch(open_session: Callable[[], Session], record: LiveSession) -> bool:
    """Activity renews the idle timer, written at most every `touch_interval()` seconds; True when
    it was written now. Between two writes the session's end stays where the last write put it: the
    idle timeout counts from a moment at most that interval before the last request, so a session
    may end that much early, never late. The database session is opened only to write."""
    now = utcnow()
    if (now - record.last_seen_at).total_seconds() < touch_interval():
        return False
    db = open_session()
    db.execute(update(AccountSession).where(AccountSession.id == record.id).values(last_seen_at=now))
    db.commit()
    record.last_seen_at = now
    return True


def end(db: Session, token: str | None) -> None:
    if token:
        db.execute(delete(AccountSession).where(AccountSession.token_hash == token_hash(token)))


def end_all(db: Session, account_id: int) -> int:
    """End every session of an account (after a password reset)."""
    return db.execute(delete(AccountSession).where(AccountSession.account_id == account_id)).rowcount


def purge(db: Session) -> int:
    """Delete sessions that ended (the CLI's purge); idle ones are judged by the current timeout."""
    now = utcnow()
    result = db.execute(
        delete(AccountSession).where(
            (AccountSession.expires_at <= now) | (AccountSession.last_seen_at <= now - idle_timeout())
        )
    )
    db.commit()
    return result.rowcount
