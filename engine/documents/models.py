"""Document conversions (one per application and file-upload answer key) and the
application PDF (one per application). Times are naive UTC, like the other domains'.

A conversion row is the document answer: `completed` rows are what
`GET /api/document-answer` lists. `job_id` names the one RQ job allowed to write the row
(a stale or retried job sees another id and stops); `deadline_at` is when a job that has
not reported back is taken as dead.
"""

import datetime as dt
import enum

from sqlalchemy import ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from engine.accounts.models import utcnow
from engine.db import Base


class ConversionStatus(str, enum.Enum):
    UNPROCESSED = "unprocessed"
    IN_PROGRESS = "in_progress"
    COMPLETED = "completed"
    FAILED = "failed"
    NOT_ANSWERED = "not_answered"


PENDING = (ConversionStatus.UNPROCESSED.value, ConversionStatus.IN_PROGRESS.value)


class _JobRun:
    """The columns of a row that one RQ job at a time works on (see the module's docstring)."""

    job_id: Mapped[str | None] = mapped_column(String(64))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    requested_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    started_at: Mapped[dt.datetime | None]
    finished_at: Mapped[dt.datetime | None]
    deadline_at: Mapped[dt.datetime | None]


class DocumentConversion(_JobRun, Base):
    __tablename__ = "document_conversions"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"), index=True)
    answer_key: Mapped[str] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(20), default=ConversionStatus.UNPROCESSED.value)
    message: Mapped[str | None] = mapped_column(Text)
    upload_key: Mapped[str | None] = mapped_column(String(255))
    pdf_key: Mapped[str | None] = mapped_column(String(255))
    file_name: Mapped[str] = mapped_column(String(255), default="")
    file_size: Mapped[int | None] = mapped_column(Integer)
    file_type: Mapped[str | None] = mapped_column(String(10))

    __table_args__ = (UniqueConstraint("application_id", "answer_key"),)


class ApplicationPdf(_JobRun, Base):
    """The latest application PDF: `fingerprint` is a hash of what it was rendered from."""

    __tablename__ = "application_pdfs"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"), unique=True)
    status: Mapped[str] = mapped_column(String(20), default=ConversionStatus.UNPROCESSED.value)
    message: Mapped[str | None] = mapped_column(Text)
    fingerprint: Mapped[str | None] = mapped_column(String(64))
    pdf_key: Mapped[str | None] = mapped_column(String(255))
