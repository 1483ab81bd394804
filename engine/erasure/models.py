"""The tombstone an erasure leaves: which application (and account) it was, its reference where it had
one, when and by whom it was erased, and what could not be cleared yet (retried by the next erase).
No foreign keys and no personal data: it outlives everything it names."""

import datetime as dt

from sqlalchemy import Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from engine.accounts.models import utcnow
from engine.db import Base


class Erasure(Base):
    __tablename__ = "erasures"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int | None] = mapped_column(index=True)  # None: an account without an application
    account_id: Mapped[int | None]
    reference: Mapped[str | None] = mapped_column(String(50))  # drafts have none
    erased_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    erased_by: Mapped[str] = mapped_column(String(254))  # the actor's label, as the audit trail has it
    # JSON: the ids of rows whose jobs may still name them ({"conversions": [...], "deliveries": [...],
    # "jobs": [...]}), so a verification can look for them after the rows are gone. Ids only.
    ids: Mapped[str] = mapped_column(Text, default="{}")
    # JSON: {"store": ["what was left", ...]} while a store could not be cleared; {} once all are.
    pending: Mapped[str] = mapped_column(Text, default="{}")

    __table_args__ = (Index("ix_erasures_reference", "reference"),)
