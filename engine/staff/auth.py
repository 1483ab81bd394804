"""Who is calling a staff endpoint, and may they: a staff member's session (its own HttpOnly cookie,
SameSite=Strict, sent only to /staff) or a machine's token (`Authorization: Bearer`). Every staff view
states the role it needs with `role_required`; the OpenAPI document shows it (`x-staff-role`)."""

import dataclasses
import functools

from flask import after_this_request, current_app, g, request

from engine import db
from engine.accounts.auth import check_csrf
from engine.audit.service import Actor, record
from engine.errors import AppError
from engine.staff import messages, sessions, tokens
from engine.staff.models import EXPORT_APPLICATIONS, ROLES, StaffMember, StaffSession, StaffToken

COOKIE = "formengine_staff"
COOKIE_PATH = "/staff"
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
ROLE_ATTRIBUTE = "staff_role"
_GONE = {"missing": messages.SIGN_IN_NEEDED, "idle": messages.SESSION_IDLE, "expired": messages.SESSION_EXPIRED}
_GONE["disabled"] = messages.MEMBER_DISABLED


@dataclasses.dataclass(frozen=True)
class Caller:
    """A staff request's caller: a member (signed in, in `session`) or a token (a machine), and the
    role it holds."""

    actor: Actor
    role: str
    member: StaffMember | None = None
    token: StaffToken | None = None
    session: StaffSession | None = None


def allows(held: str, needed: str) -> bool:
    return ROLES.index(held) >= ROLES.index(needed)


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def _token_caller(token: str) -> Caller:
    found = tokens.check(token)
    role = "exporter" if EXPORT_APPLICATIONS in found.scope.split() else "reader"
    return Caller(Actor.token(found.id, found.name), role, token=found)


def _member_caller() -> Caller:
    found = sessions.lookup(db.session(), request.cookies.get(COOKIE))
    if isinstance(found, str):
        if request.cookies.get(COOKIE):
            after_this_request(clear_cookie)
        raise AppError(_GONE[found], 401)
    session, member = found
    if not member.role_list:  # every role taken away while signed in
        raise AppError(messages.NO_ROLE, 403)
    return Caller(Actor.staff(member.id, member.email), member.role_list[-1], member=member, session=session)


def caller() -> Caller:
    """The request's caller (found once), or 401 saying why there is none."""
    if "staff_caller" not in g:
        token = bearer_token()
        g.staff_caller = _token_caller(token) if token else _member_caller()
        if g.staff_caller.token is not None:
            record(g.staff_caller.actor, "token_use", detail={"endpoint": request.endpoint, "method": request.method})
    return g.staff_caller


def role_required(role: str):
    """The view needs at least `role` (reader < exporter < administrator): 401 without a caller,
    403 naming the role (and recorded) with too little. CSRF is checked first for changes."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")

    def decorate(view):
        @functools.wraps(view)
        def wrapper(*args, **kwargs):
            if request.method in UNSAFE_METHODS:
                check_csrf()
            found = caller()
            if not allows(found.role, role):
                detail = {"endpoint": request.endpoint, "method": request.method, "needs": role, "held": found.role}
                record(found.actor, "forbidden", application=kwargs.get("application_id"), detail=detail)
                raise AppError(messages.ROLE_NEEDED.format(role=role), 403)
            return view(*args, **kwargs)

        setattr(wrapper, ROLE_ATTRIBUTE, role)
        return wrapper

    return decorate


def audit(action: str, application: int | None = None, detail: dict | None = None) -> None:
    """Record an action of the request's caller."""
    record(caller().actor, action, application=application, detail=detail)


def secure() -> bool:
    return bool(current_app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure


def set_cookie(response, session_id: str):
    max_age = int(sessions.LIFETIME.total_seconds())
    response.set_cookie(
        COOKIE, session_id, max_age=max_age, path=COOKIE_PATH, secure=secure(), httponly=True, samesite="Strict"
    )
    return response


def clear_cookie(response):
    response.delete_cookie(COOKIE, path=COOKIE_PATH, secure=secure(), httponly=True, samesite="Strict")
    return response
