"""Staff tokens, for machines (a records system pulling PDFs): made on the command line
(`formengine staff-token --name N --scope read|export --days D`), sent as `Authorization: Bearer`,
checked on every request, expiring, revocable, and audited as their own actor. People sign in
with their own staff accounts instead. A token made on a staff token's authority (a print view's
service token) names it (`parent_token_id`) and works only while it `grants`: revoking a staff
token here voids those at once."""

import datetime as dt

from sqlalchemy import select, update

from engine import db
from engine.accounts.models import utcnow
from engine.accounts.tokens import token_hash
from engine.applications.models import ServiceToken
from engine.errors import AppError
from engine.staff import messages
from engine.staff.models import EXPORT_APPLICATIONS, READ_APPLICATIONS, StaffToken

PREFIX = "staff_"
MAX_DAYS = 90
MAX_TOKEN_LENGTH = 200
MAX_NAME_LENGTH = 100
# A token's scope by name: reading (list, print views, PDFs), or that and exports and deliveries.
SCOPES = {"read": READ_APPLICATIONS, "export": f"{READ_APPLICATIONS} {EXPORT_APPLICATIONS}"}


def create(days: int, name: str = "", scope: str = "read") -> tuple[str, StaffToken]:
    """A new token valid for `days` days (1 to 90): (token, its row). The token is shown once."""
    if not 1 <= days <= MAX_DAYS:
        raise ValueError(f"must be from 1 to {MAX_DAYS} days")
    if scope not in SCOPES:
        raise ValueError(f"the scope is one of {', '.join(SCOPES)}")
    name = (name or "").strip()[:MAX_NAME_LENGTH]
    token, record = StaffToken.issue(dt.timedelta(days=days), PREFIX, name=name, scope=SCOPES[scope])
    with db.transaction() as tx:
        tx.add(record)
    return token, record


def check(token: str | None, scope: str = READ_APPLICATIONS) -> StaffToken:
    """The live token's row, or 401 with a message that says what is wrong with it."""
    if not token:
        raise AppError(messages.TOKEN_MISSING, 401)
    record = _find(token)
    if record is None:
        raise AppError(_unknown_token_message(token), 401)
    now = utcnow()
    if record.revoked_at is not None:
        raise AppError(messages.TOKEN_REVOKED, 401)
    if record.expires_at <= now:
        raise AppError(messages.TOKEN_EXPIRED.format(when=_day(record.expires_at)), 401)
    if scope not in record.scope.split():
        raise AppError(messages.TOKEN_SCOPE, 403)
    _note_use(record, now)
    return record


def _find(token: str) -> StaffToken | None:
    if len(token) > MAX_TOKEN_LENGTH:
        return None
    return db.session().scalars(select(StaffToken).where(StaffToken.token_hash == token_hash(token))).first()


def _unknown_token_message(token: str) -> str:
    """An applicant's print-view token pasted where a staff token belongs gets told so."""
    if len(token) <= MAX_TOKEN_LENGTH and not token.startswith(PREFIX):
        found = db.session().scalar(select(ServiceToken.id).where(ServiceToken.token_hash == token_hash(token)))
        if found is not None:
            return messages.TOKEN_IS_SERVICE
    return messages.TOKEN_INVALID


def _note_use(record: StaffToken, now: dt.datetime) -> None:
    # At most one write a minute per token: a page of the list makes several requests.
    if record.last_used_at is None or now - record.last_used_at > dt.timedelta(minutes=1):
        with db.transaction() as tx:
            tx.execute(update(StaffToken).where(StaffToken.id == record.id).values(last_used_at=now))


def revoke(token_or_id: str) -> int:
    """Revoke a token given as the token, its link, or its id (from `staff-token list`)."""
    text = token_or_id.strip()
    if "#token=" in text:
        text = text.split("#token=", 1)[1]
    where = StaffToken.id == int(text) if text.isdigit() else StaffToken.token_hash == token_hash(text)
    with db.transaction() as tx:
        return tx.execute(
            update(StaffToken).where(where, StaffToken.revoked_at.is_(None)).values(revoked_at=utcnow())
        ).rowcount


def revoke_all() -> int:
    with db.transaction() as tx:
        return tx.execute(
            update(StaffToken).where(StaffToken.revoked_at.is_(None)).values(revoked_at=utcnow())
        ).rowcount


def all_tokens() -> list[StaffToken]:
    return list(db.session().scalars(select(StaffToken).order_by(StaffToken.id)))


def scope_name(scope: str) -> str:
    return "export" if EXPORT_APPLICATIONS in scope.split() else "read"


def state_of(record: StaffToken, now: dt.datetime | None = None) -> str:
    if record.grants(now or utcnow()):
        return "live"
    return "revoked" if record.revoked_at is not None else "expired"


def _day(moment: dt.datetime) -> str:
    return moment.replace(microsecond=0).isoformat(sep=" ") + " UTC"
