"""Rate limits kept in the database, so they hold across any number of processes.

Two shapes:
- `hit(key, limit, window)`: a counter in a fixed window that starts with the first hit,
  incremented by one atomic upsert. Callers count an attempt *before* doing the work
  (and `refund` it when it turns out fine), so concurrent requests cannot overshoot.
- `peek(key, limit, window)`: `hit`'s answer without counting.
- `claim_login(key)`: the per-account login back-off: after 5 failures each further
  attempt waits 2^(n-5) s, at most 15 minutes; a success clears it (`clear`).

Each function commits the given session at once: a limit must stick even when the
request then fails. Call them before the request writes anything else.
"""

import dataclasses
import datetime as dt

from sqlalchemy import case, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from engine.accounts.models import RateLimit, utcnow

# The windows the accounts domain counts attempts in.
HOUR = dt.timedelta(hours=1)
DAY = dt.timedelta(hours=24)
LOGIN_FREE_FAILURES = 5
LOGIN_MAX_DELAY = dt.timedelta(minutes=15)
# A streak of failed logins is forgotten a day after it began.
LOGIN_STREAK_WINDOW = DAY


@dataclasses.dataclass(frozen=True)
class Decision:
    allowed: bool
    count: int
    retry_after: int  # whole seconds until the window (or block) ends; 0 when allowed


def _insert(session: Session):
    return pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert


def hit(session: Session, key: str, limit: int, window: dt.timedelta) -> Decision:
    """Count one attempt; allowed while the window holds at most `limit` of them."""
    now = utcnow()
    cutoff = now - window
    table = RateLimit.__table__
    expired = table.c.window_start <= cutoff
    statement = (
        _insert(session)(table)
        .values(key=key, window_start=now, count=1)
        .on_conflict_do_update(
            index_elements=[table.c.key],
            set_={
                "count": case((expired, 1), else_=table.c.count + 1),
                "window_start": case((expired, now), else_=table.c.window_start),
            },
        )
        .returning(table.c.count, table.c.window_start)
    )
    count, window_start = session.execute(statement).one()
    session.commit()
    if count <= limit:
        return Decision(True, count, 0)
    return Decision(False, count, _seconds_until(window_start + window, now))


def peek(session: Session, key: str, limit: int, window: dt.timedelta) -> Decision:
    """`hit`'s answer for the counter as it stands, without counting anything."""
    now = utcnow()
    row = session.execute(select(RateLimit.count, RateLimit.window_start).where(RateLimit.key == key)).first()
    session.rollback()
    if row is None or row.window_start <= now - window or row.count <= limit:
        return Decision(True, row.count if row is not None else 0, 0)
    return Decision(False, row.count, _seconds_until(row.window_start + window, now))


def refund(session: Session, key: str, *, commit: bool = True) -> None:
    """Give back an attempt counted by `hit` that turned out not to count (a success).
    With commit=False it joins the caller's transaction."""
    session.execute(
        update(RateLimit).where(RateLimit.key == key, RateLimit.count > 0).values(count=RateLimit.count - 1)
    )
    if commit:
        session.commit()


def clear(session: Session, key: str, *, commit: bool = True) -> None:
    session.execute(delete(RateLimit).where(RateLimit.key == key))
    if commit:
        session.commit()


def login_delay(failures: int) -> dt.timedelta:
    """The wait after the n-th consecutive failure: none for the first 4, then 1 s, 2 s, 4 s ..."""
    if failures < LOGIN_FREE_FAILURES:
        return dt.timedelta(0)
    return min(dt.timedelta(seconds=2 ** min(failures - LOGIN_FREE_FAILURES, 20)), LOGIN_MAX_DELAY)


def claim_login(session: Session, key: str) -> Decision:
    """Count a login attempt as a failure before the password is checked (so parallel
    guesses cannot slip past the back-off); `clear` it when the password was right.
    Refused while the back-off from earlier failures runs."""
    table = RateLimit.__table__
    while True:
        now = utcnow()
        row = session.execute(
            select(RateLimit.count, RateLimit.window_start, RateLimit.blocked_until).where(RateLimit.key == key)
        ).first()
        if row is None:
            # RETURNING, not rowcount: SQLAlchemy reports -1 for this insert on psycopg.
            created = session.execute(
                _insert(session)(table)
                .values(key=key, window_start=now, count=1)
                .on_conflict_do_nothing(index_elements=[table.c.key])
                .returning(table.c.key)
            ).first()
            session.commit()
            if created is not None:
                return Decision(True, 1, 0)
            continue  # another process created it first: read it
        count, window_start, blocked_until = row
        if blocked_until is not None and blocked_until > now:
            session.rollback()
            return Decision(False, count, _seconds_until(blocked_until, now))
        if window_start <= now - LOGIN_STREAK_WINDOW:
            new_count, new_start = 1, now
        else:
            new_count, new_start = count + 1, window_start
        delay = login_delay(new_count)
        # Compare-and-set: if another process moved the counter first, read it again.
        changed = session.execute(
            update(RateLimit)
            .where(RateLimit.key == key, RateLimit.count == count, RateLimit.window_start == window_start)
            .values(count=new_count, window_start=new_start, blocked_until=now + delay if delay else None)
        ).rowcount
        session.commit()
        if changed:
            return Decision(True, new_count, 0)


def _seconds_until(moment: dt.datetime, now: dt.datetime) -> int:
    return max(1, int((moment - now).total_seconds() + 0.999))


def purge(session: Session, older_than: dt.timedelta = dt.timedelta(days=2)) -> int:
    """Delete counters whose window and block are long over (the CLI's purge)."""
    cutoff = utcnow() - older_than
    result = session.execute(
        delete(RateLimit).where(
            RateLimit.window_start < cutoff,
            (RateLimit.blocked_until.is_(None)) | (RateLimit.blocked_until < cutoff),
        )
    )
    session.commit()
    return result.rowcount


# --- abuse limits on costly applicant calls ----------------------------------------------
#
# Each action (engine.config's RATE_LIMIT_ACTIONS) has a limit per applicant (the logged-in account)
# and per address (the client's IP as the proxies report it), settings RATE_LIMIT_<ACTION>_APPLICANT
# and RATE_LIMIT_<ACTION>_ADDRESS, each `count/seconds`; "off" (or 0) lifts one.


@dataclasses.dataclass(frozen=True)
class Limit:
    count: int
    window: dt.timedelta


def parse_limit(text: object) -> Limit | None:
    """'100/3600' -> 100 per hour; 'off', '0' or '' -> no limit. Anything else raises ValueError."""
    text = str(text or "").strip().lower()
    if text in {"", "0", "off", "none"}:
        return None
    count, _, seconds = text.partition("/")
    limit = Limit(int(count), dt.timedelta(seconds=int(seconds or "3600")))
    if limit.count < 0 or limit.window.total_seconds() <= 0:
        raise ValueError(f"a limit is count/seconds, both positive: {text!r}")
    return None if limit.count == 0 else limit


def setting_name(action: str, scope: str) -> str:
    return f"RATE_LIMIT_{action.upper()}_{scope.upper()}"


def check(session: Session, config, action: str, account_id: int | None, address: str) -> Decision:
    """Count one call of `action` against the applicant's and the address's limits. The first
    refusal wins, and the counter already taken is given back, so a refused call costs the other
    scope nothing."""
    counted: list[str] = []
    for scope, who in (("applicant", account_id), ("address", address)):
        limit = parse_limit(config.get(setting_name(action, scope)))
        if limit is None or who in (None, ""):
            continue
        key = f"{action}-{scope}:{who}"
        decision = hit(session, key, limit.count, limit.window)
        if not decision.allowed:
            for earlier in counted:
                refund(session, earlier)
            return decision
        counted.append(key)
    return Decision(True, 0, 0)
