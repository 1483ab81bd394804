"""The staff pages' work: sign a member in and out, list applications, open one's print view or PDF,
export, see and retry an application's deliveries. Each action is recorded in the audit trail."""

import datetime as dt
import json
import os
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from flask import current_app
from sqlalchemy import select

from engine import db
from engine.accounts import limits
from engine.accounts.models import utcnow
from engine.applications import access
from engine.applications.models import Application
from engine.audit.models import AuditEvent
from engine.audit.service import Actor, record
from engine.delivery import service as delivery
from engine.delivery.models import Delivery
from engine.errors import AppError
from engine.exports import service as exports
from engine.pdf import service as pdf
from engine.staff import auth, listing, members, messages, oidc, sessions
from engine.staff.models import StaffToken
from engine.staff.oidc_config import settings

# A print view opened from the list works for an hour (never longer than the staff token).
PRINT_VIEW_TTL = dt.timedelta(hours=1)


def form_data() -> dict:
    return current_app.extensions["tenant"].current().data


def sign_in(email: str, password: str, code: str) -> tuple[dict, str]:
    """(the session's description, the session id for the cookie); 401 (recorded) when refused."""
    session = db.session()
    actor = Actor.staff(None, members.normalise_email(email))
    # The applicants' login back-off, on a key of its own: after a few failures each try waits longer.
    key = f"staff-sign-in:{actor.label}"
    claim = limits.claim_login(session, key)
    if not claim.allowed:
        record(actor, "sign_in_failed", detail={"reason": "waiting"})
        raise AppError(messages.SIGN_IN_WAIT.format(seconds=claim.retry_after), 429, retry_after=claim.retry_after)
    member = members.authenticate(session, email, password, code)
    if member is None:
        session.rollback()
        record(actor, "sign_in_failed")
        raise AppError(messages.SIGN_IN_FAILED, 401)
    limits.clear(session, key, commit=False)
    session_id, row = sessions.create(session, member)
    session.commit()
    record(Actor.staff(member.id, member.email), "sign_in")
    caller = auth.Caller(Actor.staff(member.id, member.email), member.role_list[-1], member=member)
    return session_info(
        caller, row.expires_at, messages.SIGNED_IN.format(email=member.email, when=_iso(row.expires_at))
    ), session_id


def sign_out(session_id: str | None) -> str | None:
    """Ends the session; the identity provider's sign-out address for a member who came from it."""
    found = sessions.lookup(db.session(), session_id)
    sessions.end(db.session(), session_id)
    if isinstance(found, str):
        return None
    member = found[1]
    record(Actor.staff(member.id, member.email), "sign_out")
    config = settings()
    if config is None or not member.subject.startswith("oidc:"):
        return None
    try:
        return oidc.logout_url(config, f"{current_app.config['PUBLIC_URL'].rstrip('/')}/staff")
    except oidc.OidcRefused:
        return None  # the provider is unreachable: signed out here all the same


def session_info(caller: auth.Caller, expires_at: dt.datetime | None = None, message: str = "") -> dict:
    member, token = caller.member, caller.token
    if expires_at is None:
        expires_at = token.expires_at if token is not None else utcnow() + sessions.LIFETIME
    return {
        "message": message,
        "kind": "token" if token is not None else "staff",
        "name": token.name if token is not None else member.name if member is not None else "",
        "email": member.email if member is not None else None,
        "role": caller.role,
        "expires_at": _iso(expires_at),
    }


def applications(query: dict) -> dict:
    """One page of the list; for exporters each row also says how many of its deliveries failed or
    are still being tried (a reader sees null: delivery status is the exporter's)."""
    page = listing.list_applications(form_data(), query, query["page"], query["per_page"])
    shown = auth.allows(auth.caller().role, "exporter")
    counts = listing.undelivered([item["id"] for item in page["items"]]) if shown else {}
    for item in page["items"]:
        item["deliveries"] = counts.get(item["id"])
    return page


def _application_id(application_id: int) -> int:
    found = db.session().scalar(select(Application.id).where(Application.id == application_id))
    if found is None:
        raise AppError(messages.APPLICATION_NOT_FOUND.format(id=application_id), 404)
    return found


def print_view_location(application_id: int, caller: auth.Caller) -> str:
    """Where the print view of an application is: a new service token's link (path and query), which
    works only while the caller's staff token or staff session does (revoking the token, signing out
    or disabling the member voids it) and never outlives it."""
    parent = caller.token or caller.session
    if parent is None:
        raise AppError(messages.SIGN_IN_NEEDED, 401)
    token_id = None if caller.token is None else caller.token.id
    session_id = None if caller.session is None else caller.session.id
    ttl = min(PRINT_VIEW_TTL, parent.expires_at - utcnow())
    _token, url, _expires = access.service_token_for(_application_id(application_id), ttl, token_id, session_id)
    auth.audit("print_view", application=application_id)
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


def pdf_status(application_id: int) -> dict:
    status = pdf.pdf_status(_application_id(application_id))
    if status.get("url"):  # the download link is handed out: that is the download, recorded
        auth.audit("pdf_download", application=application_id)
    return status


def export_file(query: dict) -> tuple[Path, str]:
    """The export written to a temporary file (the caller sends and removes it): (path, file name).
    A machine's token downloads a given export (format, status, since, labels) once: the same again
    is refused with 410 (recorded), as a staff page's export is downloaded once."""
    asked = {"format": query["format"], "status": query["status"], "labels": query["labels"]}
    asked["since"] = query["since"].isoformat() if query.get("since") else None
    token = auth.caller().token
    if token is not None:
        _refuse_a_second_download(token.id, asked)
    handle, name = tempfile.mkstemp(prefix="staff-export-", suffix=f".{query['format']}")
    os.close(handle)
    request = exports.ExportRequest(query["format"], Path(name), query["status"], query.get("since"), query["labels"])
    try:
        written = exports.export(request, exports.current_form())
        auth.audit("export", detail={**asked, "applications": written})
    except BaseException:
        Path(name).unlink(missing_ok=True)
        db.session().rollback()
        raise
    db.session().commit()  # the token's row is free again (below)
    return Path(name), f"applications-{utcnow():%Y%m%d-%H%M%S}.{query['format']}"


def _refuse_a_second_download(token_id: int, asked: dict) -> None:
    """410 (recorded) when this token has exported the same already (the audit trail says so). The
    token's row stays locked (PostgreSQL) until the export is recorded: two at once give one file."""
    session = db.session()
    session.execute(select(StaffToken.id).where(StaffToken.id == token_id).with_for_update())
    earlier = session.scalars(
        select(AuditEvent.detail).where(
            AuditEvent.actor_kind == "token", AuditEvent.actor_id == token_id, AuditEvent.action == "export"
        )
    )
    keys = tuple(asked)
    if any(_asked(detail, keys) == asked for detail in earlier):
        session.rollback()
        auth.audit("export_refused", detail={**asked, "reason": "downloaded already"})
        raise AppError(messages.EXPORT_TAKEN, 410)


def _asked(detail: str | None, keys: tuple) -> dict:
    found = json.loads(detail or "{}")
    return {key: found.get(key) for key in keys}


def deliveries_of(application_id: int) -> list[dict]:
    found = _application_id(application_id)
    rows = db.session().scalars(select(Delivery).where(Delivery.application_id == found).order_by(Delivery.id))
    auth.audit("delivery_status", application=application_id)
    return [
        {
            "kind": row.kind,
            "target": row.target,
            "state": row.state,
            "attempts": row.attempts,
            "last_error": row.last_error,
            "next_attempt_at": _iso(row.next_attempt_at) if row.next_attempt_at else None,
            "delivered_at": _iso(row.delivered_at) if row.delivered_at else None,
        }
        for row in rows
    ]


def retry_deliveries(application_id: int) -> int:
    reference = db.session().scalar(
        select(Application.reference).where(Application.id == _application_id(application_id))
    )
    count = delivery.retry(db.session(), current_app.config, reference) if reference else 0
    auth.audit("delivery_retry", application=application_id, detail={"queued": count})
    return count


def _iso(moment: dt.datetime) -> str:
    return moment.replace(microsecond=0).isoformat() + "Z"
