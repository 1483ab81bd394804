"""The answer marker of a document on its application: ANSWERED while its converted document
exists, cleared otherwise. Written by requests and by the conversion job alike (no Flask needed)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from engine.accounts.models import utcnow
from engine.applications.answers import merge
from engine.applications.service import lock_by_id
from engine.definition.visibility import ANSWERED

__all__ = ["ANSWERED", "set_answer"]


def set_answer(session: Session, application_id: int, answer_key: str, value: str) -> None:
    """Write the ANSWERED marker (or clear it) in the application's answers, under its row lock.
    The caller commits."""
    application = lock_by_id(session, application_id)
    if application is None:
        return
    if (application.answers or {}).get(answer_key, "") == value:
        return
    application.answers = merge(application.answers or {}, {answer_key: value})
    application.updated_at = utcnow()
    if session.get_bind().dialect.name != "sqlite":  # on SQLite lock_by_id already bumped it
        application.version = (application.version or 0) + 1
