"""The reminders sent before a draft is deleted: one row per application, the time of the last one.
A draft changed after its reminder is reminded again when it nears its deletion once more."""

import datetime as dt

from sqlalchemy import ForeignKey
from sqlalchemy.orm import Mapped, mapped_column

from engine.accounts.models import utcnow
from engine.db import Base


class RetentionReminder(Base):
    __tablename__ = "retention_reminders"

    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True)
    sent_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
