"""Staff sessions: a table of their own (never an applicant's session), a shorter idle timeout than
applicants' and a working day's lifetime. The browser holds a random id; the database its hash."""

import datetime as dt

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from engine.accounts.models import utcnow
from engine.accounts.tokens import token_hash
from engine.staff.models import StaffMember, StaffSession

IDLE = dt.timedelta(minutes=10)
LIFETIME = dt.timedelta(hours=8)
TOUCH = dt.timedelta(seconds=30)  # the idle timer is written at most this often
MAX_TOKEN_LENGTH = 200


def create(session: Session, member: StaffMember) -> tuple[str, StaffSession]:
    """A new session for the member: (the id for the cookie, never stored; its row). The caller commits."""
    now = utcnow()
    # Sessions that ended without a request to notice it go now: the table holds live ones only.
    session.execute(
        delete(StaffSession).where((StaffSession.expires_at <= now) | (StaffSession.last_seen_at <= now - IDLE))
    )
    token, record = StaffSession.issue(LIFETIME, staff_id=member.id)
    session.add(record)
    return token, record


def lookup(session: Session, token: str | None) -> tuple[StaffSession, StaffMember] | str:
    """The live session and its member, or why there is none: "missing", "idle", "expired" or
    "disabled" (an ended session is deleted)."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return "missing"
    found = session.execute(
        select(StaffSession, StaffMember)
        .join(StaffMember, StaffMember.id == StaffSession.staff_id)
        .where(StaffSession.token_hash == token_hash(token))
    ).first()
    if found is None:
        return "missing"
    record, member = found
    now = utcnow()
    reason = ended(record, member, now)
    if reason:
        session.execute(delete(StaffSession).where(StaffSession.id == record.id))
        session.commit()
        return reason
    renew(session, record, now)
    return record, member


def renew(session: Session, record: StaffSession, now: dt.datetime) -> None:
    """Activity in the session renews its idle timer (written at most every TOUCH, never past the
    session's fixed `expires_at`): a request to /staff with its cookie, or reading a print view
    opened in it (its print-view token names the session: reading is activity)."""
    if now - record.last_seen_at >= TOUCH:
        session.execute(update(StaffSession).where(StaffSession.id == record.id).values(last_seen_at=now))
        session.commit()


def ended(record: StaffSession, member: StaffMember, now: dt.datetime) -> str:
    """Why the session is over ("disabled", "expired" or "idle"), or "" while it is live. A print view
    opened in the session (`parent_session_id`) is asked the same, so it ends with the session."""
    if member.disabled_at is not None:
        return "disabled"
    if record.expires_at <= now:
        return "expired"
    return "idle" if record.last_seen_at + IDLE <= now else ""


def end(session: Session, token: str | None) -> None:
    if token and len(token) <= MAX_TOKEN_LENGTH:
        session.execute(delete(StaffSession).where(StaffSession.token_hash == token_hash(token)))
        session.commit()


def end_all(session: Session, staff_id: int) -> None:
    session.execute(delete(StaffSession).where(StaffSession.staff_id == staff_id))
