"""Access without a session: staff service tokens (`service_token`; anonymous saved drafts are in
saved_drafts.py). Tokens are 256 random bits; only their SHA-256 is stored."""

import datetime as dt
import re
from urllib.parse import urlencode

from flask import current_app
from sqlalchemy import select, update

from engine import db, versions
from engine.accounts.models import Account, utcnow
from engine.accounts.tokens import token_hash
from engine.accounts.usernames import normalise_username
from engine.applications import hooks, messages, service
from engine.applications.models import Application, ServiceToken
from engine.definition import names
from engine.errors import AppError
from engine.i18n.names import language_name
from engine.staff import sessions as staff_sessions
from engine.staff.models import StaffMember, StaffSession, StaffToken

MAX_TOKEN_LENGTH = 200
DEFAULT_SERVICE_TTL = dt.timedelta(hours=1)
MAX_SERVICE_TTL = dt.timedelta(days=30)
_TTL = re.compile(r"^\s*(\d{1,6})\s*([smhd])\s*$")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


def by_token(model, token: str):
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    return db.session().scalars(select(model).where(model.token_hash == token_hash(token))).first()


# --- service tokens --------------------------------------------------------------------


def parse_ttl(text: str) -> dt.timedelta:
    """'90s', '30m', '1h', '7d' (at most 30 days)."""
    match = _TTL.match(text or "")
    if not match:
        raise ValueError(f"{text!r} is not a duration like 30m, 1h or 7d")
    ttl = dt.timedelta(**{_UNITS[match.group(2)]: int(match.group(1))})
    if not dt.timedelta(0) < ttl <= MAX_SERVICE_TTL:
        raise ValueError("the duration must be more than 0 and at most 30 days")
    return ttl


def create_service_token(username: str, ttl: dt.timedelta = DEFAULT_SERVICE_TTL) -> tuple[str, str, dt.datetime]:
    """A read-only token for one applicant's application: (token, print-view URL, expires_at)."""
    normalised = normalise_username(username)
    account = (
        db.session().scalars(select(Account).where(Account.username == normalised)).first() if normalised else None
    )
    if account is None:
        raise LookupError(f"no account for {username!r}")
    return service_token_for(service.application_id_for(account.id), ttl)


def service_token_for(
    application_id: int,
    ttl: dt.timedelta = DEFAULT_SERVICE_TTL,
    parent_token_id: int | None = None,
    parent_session_id: int | None = None,
) -> tuple[str, str, dt.datetime]:
    """A read-only print-view token for an application by id (the staff list opens print views so,
    on the authority of a machine's staff token `parent_token_id` or a member's staff session
    `parent_session_id`: it works only while that one does)."""
    token, row = ServiceToken.issue(
        ttl, application_id=application_id, parent_token_id=parent_token_id, parent_session_id=parent_session_id
    )
    with db.transaction() as tx:
        tx.add(row)
    return token, print_view_url(token), row.expires_at


def print_view_url(token: str) -> str:
    base = current_app.config["PUBLIC_URL"].rstrip("/")
    route = service.compiled_form().data["tenant"]["default_route"]
    return f"{base}/{route.lstrip('/')}?service_token={token}"


def revoke_service_token(token: str) -> int:
    with db.transaction() as tx:
        return tx.execute(
            update(ServiceToken)
            .where(ServiceToken.token_hash == token_hash(token), ServiceToken.revoked_at.is_(None))
            .values(revoked_at=utcnow())
        ).rowcount


def revoke_service_tokens_for(username: str) -> int:
    """Revoke every live token of the applicant's application."""
    normalised = normalise_username(username)
    application_id = (
        db.session().scalar(
            select(Application.id)
            .join(Account, Account.id == Application.account_id)
            .where(Account.username == normalised)
        )
        if normalised
        else None
    )
    if application_id is None:
        return 0
    with db.transaction() as tx:
        return tx.execute(
            update(ServiceToken)
            .where(ServiceToken.application_id == application_id, ServiceToken.revoked_at.is_(None))
            .values(revoked_at=utcnow())
        ).rowcount


def _live_service_token(token: str) -> ServiceToken:
    record = by_token(ServiceToken, token)
    now = utcnow()
    if record is None or record.revoked_at is not None or record.expires_at <= now or not _parent_grants(record, now):
        raise AppError(messages.SERVICE_TOKEN_INVALID, 401)
    return record


def _parent_grants(record: ServiceToken, now: dt.datetime) -> bool:
    """A token made on a staff token's or a staff session's authority is looked up through it on every
    use, so revoking (or the expiry of) the staff token, or the member signing out, going idle or
    being disabled, voids it at once, however long it had left. A use renews the staff session's idle timer."""
    session = db.session()
    if record.parent_token_id is not None:
        token = session.get(StaffToken, record.parent_token_id)
        if token is None or not token.grants(now):
            return False
    if record.parent_session_id is not None:
        parent = session.get(StaffSession, record.parent_session_id)
        member = None if parent is None else session.get(StaffMember, parent.staff_id)
        if parent is None or member is None or staff_sessions.ended(parent, member, now):
            return False
        staff_sessions.renew(session, parent, now)  # reading a print view keeps the session alive
    return True


def service_view(token: str, language: str = "") -> dict:
    """What the staff print view needs, read-only; 401 for anything but a live token. Staff read it
    in the form's default language, or in `language` (the applicant's, say) when the form offers it."""
    record = _live_service_token(token)
    application = db.session().get(Application, record.application_id)
    version_id, stored = versions.of(application)  # a submitted application's own version, for ever
    languages = list(stored.data.get("languages") or [])
    reading = language if language in languages[1:] else None
    compiled = stored.in_language(reading)
    counts, tabs = application.add_another, application.tabs
    # Hidden means absent: staff never see an answer or document the form's rules hide.
    answers, documents = compiled.visibility.visible_record(
        application.answers, hooks.document_answers(application.id), counts, tabs
    )
    return {
        "answer": answers,
        "add_another": {
            button: application.add_another.get(button, spec["default"])
            for button, spec in compiled.data["add_another"].items()
        },
        "document_answer": documents,
        "tabs": {group: application.tabs.get(group, spec["default"]) for group, spec in compiled.data["tabs"].items()},
        "applicant": _applicant(application, compiled.data.get("settings") or {}),
        # Each link lives as long as the token; following it gives a fresh short-lived download.
        "document_links": {key: f"/service/document/{key}?{urlencode({'service_token': token})}" for key in documents},
        "definition_version": version_id,
        # Shown to staff apart, under "Answers to questions no longer on the form".
        "archived_answer": application.archived_answers or {},
        # Never the language /public/form negotiated for the staff member's browser.
        **({} if version_id == versions.current()[0] and len(languages) < 2 else {"form": compiled.data}),
        "languages": languages,
        **_languages(application.language or _account_language(application), languages, reading),
    }


def _languages(language: str | None, languages: list[str], reading: str | None) -> dict:
    """The applicant's language (its name in the language read) and, when it is not the form's
    default, the other language to read the view in (named in itself)."""
    if not language:
        return {"language": None, "language_name": None, "read_in": None}
    default = languages[0] if languages else language
    other = default if reading else language
    switch = language != default and language in languages
    return {
        "language": language,
        "language_name": language_name(language, reading or default),
        "read_in": {"language": other, "name": language_name(other)} if switch else None,
    }


def _account_language(application: Application) -> str | None:
    """A draft has no language of its own yet: its account's."""
    return db.session().scalar(select(Account.language).where(Account.id == application.account_id))


def _applicant(application: Application, settings: dict) -> dict:
    """Whose application it is: the print view's header for staff."""
    answers = application.answers or {}
    return {
        "name": names.applicant_name(settings.get("applicant_name"), lambda key: str(answers.get(key) or "")),
        "email": db.session().scalar(select(Account.username).where(Account.id == application.account_id)),
        "reference": service.reference_for(application.id),
        "status": service.web_status_of(application.id),
        "submitted_at": service.iso_utc(application.submitted_at),
    }


def service_document_url(token: str, key: str) -> str:
    """A short-lived link to one converted document of the token's application; 401 without a
    live token, 404 when that answer has no document."""
    record = _live_service_token(token)
    url = hooks.document_download_url(record.application_id, key)
    if url is None:
        raise AppError(messages.SERVICE_DOCUMENT_NOT_FOUND, 404)
    return url
