"""The application PDF's row and what it is made of, for the status endpoint and the render job:
the completed conversions it appends, the fingerprint of its content, and when it is frozen."""

from __future__ import annotations

import hashlib
import json

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine.documents.models import ApplicationPdf, ConversionStatus, DocumentConversion


def completed_conversions(session: Session, application_id: int) -> list[DocumentConversion]:
    return list(
        session.scalars(
            select(DocumentConversion)
            .where(
                DocumentConversion.application_id == application_id,
                DocumentConversion.status == ConversionStatus.COMPLETED.value,
            )
            .order_by(DocumentConversion.id)
        ).all()
    )


def fingerprint(application, conversions: list[DocumentConversion], form_etag: str) -> str:
    """A hash of everything the PDF shows: a new one means the PDF must be rendered again."""
    content = {
        "answers": application.answers or {},
        "add_another": application.add_another or {},
        "tabs": application.tabs or {},
        "form": form_etag,
        # The record's header: a draft's PDF is not the submission's, even with the same answers.
        "record": [application.reference, str(application.submitted_at)],
        "documents": [[c.answer_key, c.pdf_key, c.file_name, c.file_size] for c in conversions],
    }
    return hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()


def pdf_row(session: Session, application_id: int, lock: bool = False) -> ApplicationPdf | None:
    statement = select(ApplicationPdf).where(ApplicationPdf.application_id == application_id)
    if lock:
        statement = statement.with_for_update().execution_options(populate_existing=True)
    return session.scalars(statement).first()


def frozen(application, row: ApplicationPdf | None) -> bool:
    """A submitted application's PDF made at (or after) its submission is the record: served byte
    for byte for ever, never rendered again, whatever the form becomes."""
    return bool(
        application is not None
        and application.submitted_at is not None
        and row is not None
        and row.status == ConversionStatus.COMPLETED.value
        and row.pdf_key
        and row.finished_at is not None
        and row.finished_at >= application.submitted_at
    )
