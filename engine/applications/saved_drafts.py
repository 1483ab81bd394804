"""Anonymous saved drafts: a visitor's answers kept for 30 days behind a random token (`?token=`),
e-mailed on request. Only the token's SHA-256 is stored."""

import datetime as dt

from flask import current_app
from sqlalchemy import delete

from engine import db, mail
from engine.accounts import limits
from engine.accounts.messages import human_wait
from engine.accounts.models import utcnow
from engine.accounts.usernames import normalise_username
from engine.applications import messages, service
from engine.applications.access import by_token
from engine.applications.answers import merge
from engine.applications.models import SavedDraft
from engine.errors import AppError

DRAFT_LIFETIME = dt.timedelta(days=30)
DRAFTS_PER_IP_PER_HOUR = 30
DRAFT_MAILS_PER_ADDRESS_PER_DAY = 3


def save_draft(answers: dict, ip: str = "", email: str | None = None) -> str:
    """Keep an anonymous visitor's answers for 30 days; returns the token for the link,
    which is also e-mailed when an address is given (at most 3 a day per address)."""
    service.check_answers(answers)
    address = None
    if email is not None:
        address = normalise_username(email)
        if address is None:
            raise AppError(messages.DRAFT_EMAIL_INVALID, 400, errors={"email": [messages.DRAFT_EMAIL_INVALID]})
    session = db.session()
    decision = limits.hit(session, f"draft-ip:{ip}", DRAFTS_PER_IP_PER_HOUR, dt.timedelta(hours=1))
    if not decision.allowed:
        raise AppError(
            messages.DRAFT_LIMIT.format(wait=human_wait(decision.retry_after)), 429, retry_after=decision.retry_after
        )
    token, draft = SavedDraft.issue(DRAFT_LIFETIME, answers=merge({}, answers))
    with db.transaction() as tx:
        tx.execute(delete(SavedDraft).where(SavedDraft.expires_at <= draft.created_at))
        tx.add(draft)
    if (
        address
        and limits.hit(session, f"draft-mail:{address}", DRAFT_MAILS_PER_ADDRESS_PER_DAY, dt.timedelta(days=1)).allowed
    ):
        mail.send("saved_answers", to=address, resume_url=resume_url(token))
    return token


def resume_url(token: str) -> str:
    base = current_app.config["PUBLIC_URL"].rstrip("/")
    route = service.compiled_form().data["tenant"]["default_route"]
    return f"{base}/{route.lstrip('/')}?token={token}"


def load_draft(token: str) -> dict:
    record = by_token(SavedDraft, token)
    if record is None or record.expires_at <= utcnow():
        raise AppError(messages.DRAFT_NOT_FOUND, 404)
    return record.answers
