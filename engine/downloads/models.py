"""A file prepared by a worker job for one person, and the applicants' mail log.

`prepared_files`: what was asked for (an export for a member of staff, an applicant's own data), how
far its job has come (done of total), where the file is stored, when its link ends and, for a once-only
file, when it was taken. The link works only for the session that asked (the applicant's, or the
member of staff's or token's). An applicant's row carries `account_id`,
so an erasure removes it with the account (and the file under the account's storage prefix).

`mail_log`: the date, template and subject of each e-mail sent to an account's address, and the
message id that finds its body in the outbox folder while that holds it. Kept for the applicant's
own copy of their data; erased with the account. Ids only, never the address.
"""

import datetime as dt

from sqlalchemy import Boolean, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from engine.accounts.models import utcnow
from engine.db import Base

EXPORT = "export"
PERSONAL_DATA = "personal_data"

QUEUED, RUNNING, READY, FAILED, TAKEN = "queued", "running", "ready", "failed", "taken"
STATES = (QUEUED, RUNNING, READY, FAILED, TAKEN)

EXPORT_LINK = dt.timedelta(hours=1)  # a staff export: taken once within the hour
PERSONAL_DATA_LINK = dt.timedelta(hours=24)  # an applicant's own data
PREFIX = "downloads"


def account_prefix(account_id: int) -> str:
    """Where an applicant's own data is stored: removed with the account by an erasure."""
    return f"{PREFIX}/account-{account_id}/"


def staff_prefix() -> str:
    return f"{PREFIX}/staff/"


class PreparedFile(Base):
    __tablename__ = "prepared_files"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[int | None] = mapped_column(index=True)  # an applicant's own data
    staff_kind: Mapped[str | None] = mapped_column(String(10))  # who asked for an export: staff or token
    staff_id: Mapped[int | None]
    staff_label: Mapped[str | None] = mapped_column(String(254))
    origin: Mapped[str | None] = mapped_column(Text)  # JSON [ip, user agent] of the request that asked
    options: Mapped[str] = mapped_column(Text, default="{}")  # JSON: an export's format, status, since, labels
    state: Mapped[str] = mapped_column(String(10), default=QUEUED)
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    message: Mapped[str | None] = mapped_column(Text)
    job_id: Mapped[str | None] = mapped_column(String(64))
    storage_key: Mapped[str | None] = mapped_column(String(255))
    file_name: Mapped[str | None] = mapped_column(String(255))
    file_size: Mapped[int | None] = mapped_column(Integer)
    once: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    ready_at: Mapped[dt.datetime | None]
    expires_at: Mapped[dt.datetime]
    taken_at: Mapped[dt.datetime | None]

    __table_args__ = (Index("ix_prepared_files_expires_at", "expires_at"),)


class MailLogEntry(Base):
    __tablename__ = "mail_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(index=True)
    sent_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    template: Mapped[str] = mapped_column(String(100))
    subject: Mapped[str] = mapped_column(Text)
    message_id: Mapped[str | None] = mapped_column(String(255))
