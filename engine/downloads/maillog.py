"""The applicants' mail log: one row per e-mail sent to an account's address (date, template, subject,
message id), written as it is sent (`note`, called by engine.mail), read into the applicant's own copy
of their data with the body where the outbox folder still holds the message. Erased with the account
(the rows carry its id, never the address)."""

from __future__ import annotations

import email
import email.policy
import logging
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from engine.accounts.models import Account
from engine.downloads.models import MailLogEntry

log = logging.getLogger(__name__)


def note(engine, to: str, template: str, subject: str, message_id: str) -> None:
    """Log a mail sent to `to` when an account has that address (nothing for any other address)."""
    with Session(engine) as session:
        account_id = session.scalar(select(Account.id).where(func.lower(Account.username) == to.strip().lower()))
        if account_id is None:
            return
        session.add(MailLogEntry(account_id=account_id, template=template, subject=subject, message_id=message_id))
        session.commit()


def entries(session: Session, account_id: int, outbox: str) -> list[dict]:
    """The account's mails, oldest first: sent_at (ISO-8601 UTC), template, subject, and body when the
    outbox folder still holds the message (null otherwise: sent by SMTP, or cleared)."""
    rows = session.scalars(
        select(MailLogEntry).where(MailLogEntry.account_id == account_id).order_by(MailLogEntry.id)
    ).all()
    bodies = _bodies(outbox, {row.message_id for row in rows if row.message_id})
    return [
        {
            "sent_at": row.sent_at.replace(microsecond=0).isoformat() + "Z",
            "template": row.template,
            "subject": row.subject,
            "body": bodies.get(row.message_id or ""),
        }
        for row in rows
    ]


def _bodies(outbox: str, message_ids: set[str]) -> dict[str, str]:
    folder = Path(outbox or "")
    if not message_ids or not folder.is_dir():
        return {}
    found = {}
    for path in sorted(folder.glob("*.eml")):
        try:
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        except OSError:
            continue
        message_id = str(message.get("Message-ID", ""))
        if message_id in message_ids:
            part = message.get_body(preferencelist=("plain",))
            found[message_id] = part.get_content() if part is not None else ""
    return found
