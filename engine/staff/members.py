"""Staff members: local accounts (argon2id password and a required TOTP second factor), their roles,
and the check of a sign-in. A code is accepted once: its time step is kept, and that step or an
earlier one is refused afterwards, so a code seen over a shoulder cannot be used again."""

import dataclasses
import hmac
import time

import pyotp
from sqlalchemy import select
from sqlalchemy.orm import Session

from engine.accounts.models import utcnow
from engine.accounts.passwords import dummy_verify, hash_password, verify_password
from engine.staff.models import ROLES, StaffMember

ISSUER = "formengine staff"
TOTP_WINDOW = 1  # one step (30 s) either side of now: a clock a little off still signs in


class StaffError(ValueError):
    """A command-line mistake (unknown role, e-mail taken, no such member): its message says which."""


@dataclasses.dataclass(frozen=True)
class NewMember:
    member: StaffMember
    secret: str
    uri: str  # otpauth://..., for an authenticator app's QR code


def normalise_email(email: str) -> str:
    return (email or "").strip().lower()


def check_roles(roles: list[str]) -> str:
    unknown = [role for role in roles if role not in ROLES]
    if unknown or not roles:
        raise StaffError(f"roles are {', '.join(ROLES)} (got {', '.join(unknown) or 'none'})")
    return " ".join(role for role in ROLES if role in roles)


def find(session: Session, email: str) -> StaffMember | None:
    return session.scalar(select(StaffMember).where(StaffMember.email == normalise_email(email)))


def add(session: Session, email: str, roles: list[str], password: str, name: str = "") -> NewMember:
    """A local account with its TOTP secret (shown once, by the caller). The caller commits."""
    address = normalise_email(email)
    if "@" not in address:
        raise StaffError(f"{email!r} is not an e-mail address")
    if find(session, address) is not None:
        raise StaffError(f"there is already a staff member {address}")
    secret = pyotp.random_base32()
    member = StaffMember(
        subject=f"local:{address}",
        email=address,
        name=name.strip(),
        roles=check_roles(roles),
        password_hash=hash_password(password),
        totp_secret=secret,
    )
    session.add(member)
    return NewMember(member, secret, pyotp.TOTP(secret).provisioning_uri(name=address, issuer_name=ISSUER))


def authenticate(
    session: Session, email: str, password: str, code: str, now: float | None = None
) -> StaffMember | None:
    """The member when the password and a fresh TOTP code are right and the account is live, else
    None (the same answer whatever was wrong). Records the code's step; the caller commits."""
    member = find(session, email)
    if member is None or member.password_hash is None or member.totp_secret is None:
        dummy_verify(password)  # the same time spent as for a real account
        return None
    password_ok = verify_password(member.password_hash, password)
    step = accepted_step(member.totp_secret, code, now)
    if not password_ok or step is None or member.disabled_at is not None:
        return None
    if member.totp_last_step is not None and step <= member.totp_last_step:
        return None  # a code already used (or an older one)
    member.totp_last_step = step
    member.last_sign_in_at = utcnow()
    return member


def accepted_step(secret: str, code: str, now: float | None = None) -> int | None:
    """The time step whose code `code` is (within TOTP_WINDOW of now), or None."""
    code = (code or "").strip().replace(" ", "")
    if not (code.isdigit() and len(code) == 6):
        return None
    totp = pyotp.TOTP(secret)
    moment = time.time() if now is None else now
    current = int(moment // totp.interval)
    for step in range(current - TOTP_WINDOW, current + TOTP_WINDOW + 1):
        if hmac.compare_digest(totp.generate_otp(step), code):
            return step
    return None


def set_roles(session: Session, email: str, roles: list[str]) -> tuple[StaffMember, list[str]]:
    """(member, roles before). The caller commits."""
    member = _existing(session, email)
    before = member.role_list
    member.roles = check_roles(roles)
    return member, before


def disable(session: Session, email: str) -> StaffMember:
    """Disabled at once: a live session is refused at its next request. The caller commits."""
    member = _existing(session, email)
    if member.disabled_at is None:
        member.disabled_at = utcnow()
    return member


def _existing(session: Session, email: str) -> StaffMember:
    member = find(session, email)
    if member is None:
        raise StaffError(f"there is no staff member {normalise_email(email)}")
    return member


def all_members(session: Session) -> list[StaffMember]:
    return list(session.scalars(select(StaffMember).order_by(StaffMember.email)))
