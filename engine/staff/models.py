"""Staff: people (local accounts or from an identity provider) with roles and sessions of their own,
and tokens for machines (scoped, named, expiring, revocable; only the SHA-256 of a token is stored)."""

import datetime as dt

from sqlalchemy import BigInteger, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from engine.db import Base, HashedToken, ServerSession, utcnow

# What a staff token may do: list applications and open their print views and PDFs, nothing else.
READ_APPLICATIONS = "applications:read"


class StaffToken(HashedToken, Base):
    __tablename__ = "staff_tokens"

    name: Mapped[str] = mapped_column(String(100), default="")
    scope: Mapped[str] = mapped_column(String(100), default=READ_APPLICATIONS)
    revoked_at: Mapped[dt.datetime | None]
    last_used_at: Mapped[dt.datetime | None]

    def grants(self, now: dt.datetime) -> bool:
        """Whether the token, and every token made on its authority (whose `parent_token_id` names
        it), may still be used: neither revoked nor expired."""
        return self.revoked_at is None and self.expires_at > now


# What a token may do besides reading: run exports (an integration such as a records system's pull).
EXPORT_APPLICATIONS = "applications:export"

# Roles, each granting what the one before it grants and more.
ROLES = ("reader", "exporter", "administrator")


class StaffMember(Base):
    """A person on the staff. A local account has a password and a TOTP secret (both required);
    `subject` names the account at its identity provider ("local:<e-mail>" for a local one)."""

    __tablename__ = "staff_members"

    id: Mapped[int] = mapped_column(primary_key=True)
    subject: Mapped[str] = mapped_column(String(255), unique=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    roles: Mapped[str] = mapped_column(String(100), default="reader")  # space-separated ROLES
    password_hash: Mapped[str | None] = mapped_column(String(255))
    totp_secret: Mapped[str | None] = mapped_column(String(64))
    # The last TOTP time step accepted: a code of that step or an earlier one is refused (no replay).
    totp_last_step: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    last_sign_in_at: Mapped[dt.datetime | None]
    disabled_at: Mapped[dt.datetime | None]

    @property
    def role_list(self) -> list[str]:
        return [role for role in ROLES if role in self.roles.split()]


class StaffSession(ServerSession, Base):
    """A staff member's session (its cookie is at /staff)."""

    __tablename__ = "staff_sessions"

    staff_id: Mapped[int] = mapped_column(ForeignKey("staff_members.id", ondelete="CASCADE"), index=True)


class StaffSignInRequest(Base):
    """A sign-in sent to the identity provider and not yet back: its `state` (hashed), `nonce` and
    PKCE verifier. Deleted when the provider answers, so a callback (or its nonce) works once."""

    __tablename__ = "staff_sign_in_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    state_hash: Mapped[str] = mapped_column(String(64), unique=True)
    nonce: Mapped[str] = mapped_column(String(100))
    code_verifier: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow, index=True)
