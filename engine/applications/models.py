"""An applicant's application (one per account), its web-status history, anonymous saved
drafts and staff service tokens.

Answers, add-another counts, tab choices and the client's last validation errors are JSON
maps on the application row: a save locks that one row, merges and writes it back, so
two saves at once never lose each other's keys. Times are naive UTC, like accounts'.
"""

import datetime as dt

from sqlalchemy import JSON, Computed, ForeignKey, Index, Integer, String, Text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from engine.db import Base, HashedToken, utcnow
from engine.staff import models as _staff  # noqa: F401  (the tables the parent_* columns refer to)
from engine.versions import models as _versions  # noqa: F401  (the table definition_version refers to)

JSONMap = JSON().with_variant(JSONB(), "postgresql")


class Application(Base):
    __tablename__ = "applications"

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), unique=True)
    answers: Mapped[dict] = mapped_column(JSONMap, default=dict)
    add_another: Mapped[dict] = mapped_column(JSONMap, default=dict)
    tabs: Mapped[dict] = mapped_column(JSONMap, default=dict)
    validation_errors: Mapped[dict] = mapped_column(JSONMap, default=dict)
    # Answers (and documents) to questions no longer on the form: what a draft moving to a newer
    # definition version had no place for, never lost (engine.applications.migration). {} or null.
    archived_answers: Mapped[dict | None] = mapped_column(JSONMap, default=dict)
    last_page: Mapped[str | None] = mapped_column(String(300))
    # Bumped by every change (a no-op UPDATE of it is what takes SQLite's write lock first).
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    validated_at: Mapped[dt.datetime | None]
    submitted_at: Mapped[dt.datetime | None]
    # The language it was submitted in, of the form's `languages:` (engine/i18n/negotiation.py); its
    # PDF is written in it. None for a form in one language.
    language: Mapped[str | None] = mapped_column(String(35))
    # Given at submission (engine.applications.reference); unique, so staff can file by it.
    reference: Mapped[str | None] = mapped_column(String(20), unique=True)
    # The definition version the application is on (engine.versions): a draft moves to the current
    # one on its next load or save; submission pins it for ever.
    definition_version: Mapped[str | None] = mapped_column(
        String(64),
        ForeignKey("definition_versions.id", name="fk_applications_definition_version_definition_versions"),
    )

    # Staff extended this applicant's deadline past the window's close (formengine extend), naive UTC.
    extended_until: Mapped[dt.datetime | None]
    # The answers' string and number values, lower-cased, for the staff list's search: written by the
    # database itself, never by the ORM, for a submitted application only (migrations answer_text and
    # submitted_answer_text); NULL for a draft, whose search derives it (engine.staff.search_text).
    answer_text: Mapped[str | None] = mapped_column(Text, Computed("answers"), deferred=True)

    @property
    def is_submitted(self) -> bool:
        return self.submitted_at is not None


class WebStatusEvent(Base):
    """One posted web status (the profile's web_status list), oldest first."""

    __tablename__ = "web_status_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"))
    web_status: Mapped[str] = mapped_column(String(20))
    at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    __table_args__ = (Index("ix_web_status_events_application", "application_id", "id"),)


class SavedDraft(HashedToken, Base):
    """An anonymous visitor's answers saved for later (the link holds the token)."""

    __tablename__ = "saved_drafts"

    answers: Mapped[dict] = mapped_column(JSONMap)
    expires_at: Mapped[dt.datetime] = mapped_column(index=True)  # the clean-up reads by it


class ServiceToken(HashedToken, Base):
    """Read-only access for staff to one application (the print view): expiring, revocable."""

    __tablename__ = "service_tokens"

    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"), index=True)
    revoked_at: Mapped[dt.datetime | None]
    # What this one was made on the authority of (a print view opened from the staff list): a
    # machine's staff token or a member's staff session. It works only while that one does (deleting
    # a session deletes its print views). Both None for `formengine service-token create`.
    parent_token_id: Mapped[int | None] = mapped_column(
        ForeignKey("staff_tokens.id", ondelete="CASCADE"), index=True, default=None
    )
    parent_session_id: Mapped[int | None] = mapped_column(
        ForeignKey("staff_sessions.id", ondelete="CASCADE"), index=True, default=None
    )
