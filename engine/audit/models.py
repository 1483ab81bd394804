"""The audit table: append-only (the application's database role may only INSERT and SELECT it, see
docs/deploy.md). No foreign keys: an entry outlives the staff member, token or application it names."""

import datetime as dt

from sqlalchemy import Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from engine.accounts.models import utcnow
from engine.db import Base


class AuditEvent(Base):
    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[dt.datetime] = mapped_column(default=utcnow, index=True)
    actor_kind: Mapped[str] = mapped_column(String(20))  # "staff" | "token" | "system"
    actor_id: Mapped[int | None]
    # The staff member's e-mail or the token's name as it was then: kept when the row it names goes.
    actor_label: Mapped[str] = mapped_column(String(254), default="")
    action: Mapped[str] = mapped_column(String(50))
    application_id: Mapped[int | None] = mapped_column(index=True)
    reference: Mapped[str | None] = mapped_column(String(50), index=True)  # drafts have none
    ip: Mapped[str | None] = mapped_column(String(64))
    user_agent: Mapped[str | None] = mapped_column(String(300))
    detail: Mapped[str | None] = mapped_column(Text)  # a short JSON object; never an applicant's answers

    __table_args__ = (Index("ix_audit_events_actor", "actor_kind", "actor_id"),)
