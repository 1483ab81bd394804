"""Accounts, their sessions, confirmation codes, reset tokens, login history and rate limits.

Every secret (session id, confirmation code, reset token) is stored only as a keyed hash.
Times are naive UTC (`utcnow()`), the same on SQLite and PostgreSQL.
"""

import datetime as dt

from sqlalchemy import ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from engine.db import Base, HashedToken, ServerSession, utcnow


class Account(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(primary_key=True)
    # The e-mail address, stripped and lower-cased: one account per address, whatever the case.
    username: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    confirmed_at: Mapped[dt.datetime | None]
    num_logins: Mapped[int] = mapped_column(Integer, default=0)
    last_login_at: Mapped[dt.datetime | None]
    # studentAnswers sent with sign-up or login, as JSON text, until the applications
    # domain takes them (service.pop_pending_answers).
    pending_answers: Mapped[str | None] = mapped_column(Text)
    # The language the applicant chose, of the form's `languages:` (engine/i18n/accounts.py): a
    # sign-in on another device reads the form in it, and mail sent without a request is written
    # in it. None for a form in one language.
    language: Mapped[str | None] = mapped_column(String(35))

    @property
    def is_confirmed(self) -> bool:
        return self.confirmed_at is not None


class AccountSession(ServerSession, Base):
    """An applicant's login session."""

    __tablename__ = "account_sessions"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)

    account: Mapped[Account] = relationship(lazy="joined")


class ConfirmationCode(Base):
    """The account's current 6-digit code (a new one replaces the old)."""

    __tablename__ = "confirmation_codes"

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[dt.datetime]
    used_at: Mapped[dt.datetime | None]


class PasswordReset(HashedToken, Base):
    """A reset link. Rows are written for unknown usernames too (account_id NULL), so a
    request costs the same whether or not the account exists; those tokens never work."""

    __tablename__ = "password_resets"

    username: Mapped[str] = mapped_column(String(254))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    used_at: Mapped[dt.datetime | None]


class LoginEvent(Base):
    """One successful login (the profile's successful_login list)."""

    __tablename__ = "login_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    __table_args__ = (Index("ix_login_events_account_at", "account_id", "at"),)


class RateLimit(Base):
    """A counter in a fixed window, keyed by what is limited ("login:<username>",
    "login-ip:<ip>", ...). Updated with one atomic upsert, so limits hold across processes."""

    __tablename__ = "rate_limits"

    key: Mapped[str] = mapped_column(String(300), primary_key=True)
    window_start: Mapped[dt.datetime]
    count: Mapped[int] = mapped_column(Integer, default=0)
    blocked_until: Mapped[dt.datetime | None]
