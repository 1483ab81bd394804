"""An applicant's own data, as a zip (GDPR articles 15 and 20): what they answered, every document
they uploaded and its converted PDF, the application PDF once submitted, and the mail log.

    account.json      the address, when the account was made and confirmed
    answers.json      each answer by key, with the question's label beside it (in the language the
                      application is in), then answers kept from questions no longer asked
    documents/        <key>/<file name> as uploaded, <key>/converted.pdf
    application.pdf   a submitted application's PDF, as staff received it
    mail-log.json     date, template and subject of each e-mail sent; the body where the outbox holds it
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine.accounts.models import Account
from engine.applications.models import Application
from engine.documents.models import ApplicationPdf, ConversionStatus, DocumentConversion
from engine.documents.storage import Storage, StorageError
from engine.downloads import maillog
from engine.exports.columns import columns_of
from engine.pdf.jobs import MAX_DOCUMENT_BYTES, MAX_PDF_BYTES
from engine.versions import for_application

_UNSAFE_NAME = re.compile(r"[^\w.-]+")


class Gone(Exception):
    """The account was erased while its data was being gathered."""


def _iso(moment) -> str | None:
    return moment.replace(microsecond=0).isoformat() + "Z" if moment else None


def _json(value) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def _labelled(application: Application, form_data: dict) -> dict:
    answers = dict(application.answers or {})
    labelled = {}
    for column in columns_of(form_data):
        if column.key in answers:
            labelled[column.key] = {"question": column.label, "answer": answers.pop(column.key)}
    for key in list(answers):  # a companion label, or a key the form does not name
        labelled[key] = {"question": None, "answer": answers.pop(key)}
    return {
        "reference": application.reference,
        "status": "submitted" if application.submitted_at else "draft",
        "submitted_at": _iso(application.submitted_at),
        "updated_at": _iso(application.updated_at),
        "language": application.language,
        "answers": labelled,
        "add_another": dict(application.add_another or {}),
        "tabs": dict(application.tabs or {}),
        "archived_answers": dict(application.archived_answers or {}),
    }


def _documents(session: Session, application_id: int) -> list[tuple[str, str]]:
    """(key in storage, name in the zip) of every uploaded and converted document."""
    found = []
    rows = session.scalars(
        select(DocumentConversion)
        .where(DocumentConversion.application_id == application_id)
        .order_by(DocumentConversion.answer_key)
    )
    for row in rows:
        folder = f"documents/{_UNSAFE_NAME.sub('_', row.answer_key)}"
        if row.upload_key:
            found.append((row.upload_key, f"{folder}/{_UNSAFE_NAME.sub('_', row.file_name or 'upload') or 'upload'}"))
        if row.pdf_key:
            found.append((row.pdf_key, f"{folder}/converted.pdf"))
    return found


def _application_pdf(session: Session, application: Application) -> str | None:
    if application.submitted_at is None:
        return None
    return session.scalar(
        select(ApplicationPdf.pdf_key).where(
            ApplicationPdf.application_id == application.id,
            ApplicationPdf.status == ConversionStatus.COMPLETED.value,
        )
    )


def build(
    session: Session,
    store: Storage,
    account_id: int,
    path: Path,
    outbox: str,
    progress: Callable[[int, int], None],
) -> None:
    """Write the account's data to `path`; `progress(done, total)` as it goes. Gone when the account is."""
    account = session.get(Account, account_id)
    if account is None:
        raise Gone(account_id)
    application = session.scalar(select(Application).where(Application.account_id == account_id))
    stored: list[tuple[str, str]] = []
    if application is not None:
        stored = _documents(session, application.id)
        pdf_key = _application_pdf(session, application)
        if pdf_key:
            stored.append((pdf_key, "application.pdf"))
    total = len(stored) + 3
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "account.json",
            _json(
                {
                    "email": account.username,
                    "created_at": _iso(account.created_at),
                    "confirmed_at": _iso(account.confirmed_at),
                }
            ),
        )
        progress(1, total)
        if application is not None:
            form = for_application(session, application).in_language(application.language)
            archive.writestr("answers.json", _json(_labelled(application, form.data)))
        progress(2, total)
        for done, (key, name) in enumerate(stored, start=3):
            limit = MAX_PDF_BYTES if name == "application.pdf" else MAX_DOCUMENT_BYTES
            try:
                archive.writestr(name, store.read(key, limit))
            except StorageError:
                archive.writestr(f"{name}.missing.txt", "This file could not be read from storage.\n")
            progress(done, total)
        archive.writestr("mail-log.json", _json(maillog.entries(session, account_id, outbox)))
        progress(total, total)
