"""The staff pages' work: sign in with a token, list applications, open one's print view or PDF."""

import datetime as dt
from urllib.parse import urlsplit

from flask import current_app
from sqlalchemy import select

from engine import db
from engine.accounts.models import utcnow
from engine.applications import access
from engine.applications.models import Application
from engine.errors import AppError
from engine.pdf import service as pdf
from engine.staff import listing, messages, tokens
from engine.staff.models import StaffToken

# A print view opened from the list works for an hour (never longer than the staff token).
PRINT_VIEW_TTL = dt.timedelta(hours=1)


def form_data() -> dict:
    return current_app.extensions["tenant"].current().data


def sign_in(token: str) -> tuple[dict, StaffToken]:
    record = tokens.check(token)
    return session_info(record, messages.SIGNED_IN.format(when=_iso(record.expires_at))), record


def session_info(record: StaffToken, message: str = "") -> dict:
    return {"message": message, "name": record.name, "expires_at": _iso(record.expires_at)}


def applications(query: dict) -> dict:
    return listing.list_applications(form_data(), query["q"], query["status"], query["page"], query["per_page"])


def _application_id(application_id: int) -> int:
    found = db.session().scalar(select(Application.id).where(Application.id == application_id))
    if found is None:
        raise AppError(messages.APPLICATION_NOT_FOUND.format(id=application_id), 404)
    return found


def print_view_location(application_id: int, staff_token: StaffToken) -> str:
    """Where the print view of an application is: a new service token's link (path and query), which
    works only while the staff token does (revoking that voids it)."""
    ttl = min(PRINT_VIEW_TTL, staff_token.expires_at - utcnow())
    _token, url, _expires = access.service_token_for(_application_id(application_id), ttl, staff_token.id)
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


def pdf_status(application_id: int) -> dict:
    return pdf.pdf_status(_application_id(application_id))


def _iso(moment: dt.datetime) -> str:
    return moment.replace(microsecond=0).isoformat() + "Z"
