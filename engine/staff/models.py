"""Staff tokens: read-only access to every application for admissions staff. Like service
tokens, only the SHA-256 of the 256 random bits is stored; a token expires and can be revoked."""

import datetime as dt

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from engine.accounts.models import utcnow
from engine.db import Base

# What a staff token may do: list applications and open their print views and PDFs, nothing else.
READ_APPLICATIONS = "applications:read"


class StaffToken(Base):
    __tablename__ = "staff_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(100), default="")
    scope: Mapped[str] = mapped_column(String(100), default=READ_APPLICATIONS)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[dt.datetime]
    revoked_at: Mapped[dt.datetime | None]
    last_used_at: Mapped[dt.datetime | None]

    def grants(self, now: dt.datetime) -> bool:
        """Whether the token, and every token made on its authority (whose `parent_token_id` names
        it), may still be used: neither revoked nor expired."""
        return self.revoked_at is None and self.expires_at > now
