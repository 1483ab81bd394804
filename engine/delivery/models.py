"""Deliveries: one row per submitted application and target (an e-mail address or a webhook),
written in the submission's own transaction, and one row per attempt to send it.

A delivery is `pending` until its first attempt, `retrying` after a failed one while tries are left
(`next_attempt_at` says when), `delivered` after a success (never sent again by itself) and `failed`
when its tries are used up (`formengine deliveries retry` starts it again). `job_id` names the one
job allowed to make the next attempt; a job that finds another id there stops.
"""

import datetime as dt
import enum

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from engine.accounts.models import utcnow
from engine.db import Base


class DeliveryState(str, enum.Enum):
    PENDING = "pending"
    DELIVERED = "delivered"
    RETRYING = "retrying"
    FAILED = "failed"


OPEN = (DeliveryState.PENDING.value, DeliveryState.RETRYING.value)


class Delivery(Base):
    __tablename__ = "deliveries"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(20))  # email | webhook
    target: Mapped[str] = mapped_column(String(500))  # the address or the URL, for people
    # What the job needs to send, taken from tenant.yaml at submission (never a secret: the name of
    # the environment variable that holds it).
    config: Mapped[dict] = mapped_column(JSON)
    state: Mapped[str] = mapped_column(String(20), default=DeliveryState.PENDING.value)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    # Tries used since the last manual retry: the back-off and the limit count these.
    round_attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[dt.datetime | None]
    job_id: Mapped[str | None] = mapped_column(String(64))
    queued_at: Mapped[dt.datetime | None]
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    delivered_at: Mapped[dt.datetime | None]

    __table_args__ = (Index("ix_deliveries_state_next_attempt", "state", "next_attempt_at"),)


class DeliveryAttempt(Base):
    __tablename__ = "delivery_attempts"

    id: Mapped[int] = mapped_column(primary_key=True)
    delivery_id: Mapped[int] = mapped_column(ForeignKey("deliveries.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[dt.datetime]
    finished_at: Mapped[dt.datetime]
    ok: Mapped[bool]
    status_code: Mapped[int | None] = mapped_column(Integer)  # the webhook receiver's answer
    error: Mapped[str | None] = mapped_column(Text)
