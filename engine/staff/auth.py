"""Staff requests over HTTP: the token from the staff cookie (or `Authorization: Bearer`), checked
on every request; the cookie is HttpOnly, SameSite=Strict and sent only to /staff."""

import functools

from flask import current_app, g, request

from engine.accounts.auth import check_csrf
from engine.accounts.models import utcnow
from engine.staff import tokens
from engine.staff.models import StaffToken

COOKIE = "formengine_staff"
COOKIE_PATH = "/staff"
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def request_token() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return request.cookies.get(COOKIE)


def staff_required(view):
    """401 (with the reason) without a live staff token; CSRF checks first for changes."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        if request.method in UNSAFE_METHODS:
            check_csrf()
        g.staff_token = tokens.check(request_token())
        return view(*args, **kwargs)

    return wrapper


def current_token() -> StaffToken:
    return g.staff_token


def _secure() -> bool:
    return bool(current_app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure


def set_cookie(response, token: str, record: StaffToken):
    max_age = int((record.expires_at - utcnow()).total_seconds())
    response.set_cookie(
        COOKIE, token, max_age=max_age, path=COOKIE_PATH, secure=_secure(), httponly=True, samesite="Strict"
    )
    return response


def clear_cookie(response):
    response.delete_cookie(COOKIE, path=COOKIE_PATH, secure=_secure(), httponly=True, samesite="Strict")
    return response
