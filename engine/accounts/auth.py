"""Sessions over HTTP, for every domain: who is logged in, and the CSRF rules.

Protect a view (every `/api` view but logout's own):

    from engine.accounts.auth import current_user, login_required, login_responses

    @blp.route("/answer")
    class AnswerViews(MethodView):
        decorators = [login_required]        # runs before argument parsing

        @login_responses(blp)                # documents the 401/403/415 answers
        @blp.arguments(AnswerPutSchema)
        @blp.response(200, MessageSchema)
        def put(self, answers):
            account = current_user()         # engine.accounts.models.Account
            # (current_account_id() when the id is enough: no account query)
            ...

`login_required` answers 401 {"message"} without a valid session (missing, unknown,
idle for SESSION_IDLE_MS, or past its 12 h lifetime) and removes the cookies; otherwise it
renews the idle timer. For POST/PUT/PATCH/DELETE it first applies `csrf_protect`:
`Content-Type: application/json` (else 415) and, when the browser sends Origin/Referer/
Sec-Fetch-Site, a same-origin request (else 403). Public state-changing views that need
no session use `csrf_protect` alone. `current_user()` is None outside a valid session.

Cookies: the session id lives in AUTH_SESSION_COOKIE (HttpOnly, SameSite=Lax, Secure over
HTTPS or with SESSION_COOKIE_SECURE); `<IDP_COOKIE_PREFIX>-session` (readable by
JavaScript, value "1") tells the client it is logged in and lasts as long as the idle
timeout, renewed by activity.
"""

import functools
from urllib.parse import urlsplit

from flask import current_app, g, request

from engine import db
from engine.accounts import devices, messages, sessions
from engine.accounts.models import Account
from engine.errors import AppError
from engine.extensions import ErrorSchema

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
# The documented answers of a call that asks the signed-in applicant's password again
# (service.confirm_password: wrong tries count with the login's back-off), for Blueprint.errors.
PASSWORD_AGAIN = {401: "Not signed in", 429: "Too many wrong passwords; see Retry-After"}
# Why there is no session -> the message's name in `messages`, read when answering (the tenant's words).
_401 = {"missing": "SESSION_INVALID", "idle": "SESSION_IDLE", "expired": "SESSION_EXPIRED"}


def session_cookie_name() -> str:
    return current_app.config["AUTH_SESSION_COOKIE"]


def companion_cookie_name() -> str:
    return f"{current_app.config['IDP_COOKIE_PREFIX']}-session"


def session_token() -> str | None:
    """The session id the browser sent, if any."""
    return request.cookies.get(session_cookie_name())


def current_session() -> sessions.LiveSession | None:
    """The request's live session (looked up once per request), or None."""
    if "auth_lookup" not in g:
        token = session_token()
        g.auth_lookup = sessions.lookup(db.session(), token)
        if token and g.auth_lookup.session is None:
            g.auth_clear = True  # a dead session: the browser should forget its cookies
    return g.auth_lookup.session


def current_user() -> Account | None:
    """The logged-in account (one query, made only when a view asks), or None."""
    record = current_session()
    return db.session().get(Account, record.account_id) if record is not None else None


def current_account_id() -> int | None:
    """The logged-in account's id, without loading the account."""
    record = current_session()
    return record.account_id if record is not None else None


def require_session() -> sessions.LiveSession:
    record = current_session()
    if record is None:
        g.auth_clear = True
        raise AppError(getattr(messages, _401[g.auth_lookup.reason or "missing"]), 401)
    # The idle cookie is re-issued when the server's idle timer is: both then end at the same moment.
    g.auth_refresh = sessions.touch(db.session, record)
    return record


def confirm_session(record: sessions.LiveSession) -> None:
    """For a view whose own statement found the live session (see `login_checked_in_view`):
    the request counts as authenticated, as after `require_session`."""
    g.auth_lookup = sessions.Lookup(record)
    g.auth_refresh = sessions.touch(db.session, record)


def _guarded(view, check_session=None):
    """`view` behind the CSRF checks for state-changing methods, then `check_session` when given."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        if request.method in UNSAFE_METHODS:
            check_csrf()
        if check_session is not None:
            check_session()
        return view(*args, **kwargs)

    return wrapper


def _session_cookie_sent() -> None:
    token = session_token()
    if not token or len(token) > sessions.MAX_TOKEN_LENGTH:
        require_session()  # 401, and the cookies are removed


def login_checked_in_view(view):
    """`login_required` for a hot path that checks the session inside its own database statement
    (`sessions.live_session()`): the CSRF checks, and 401 at once without a session cookie; the
    view then calls `confirm_session(record)` when its statement found the session, else
    `require_session()` (the full check: 401 with the reason, or the session)."""
    return _guarded(view, _session_cookie_sent)


def login_required(view):
    """401 without a valid session; CSRF checks first for state-changing methods."""
    return _guarded(view, require_session)


def csrf_protect(view):
    """For state-changing methods: JSON content type (415) and same origin (403)."""
    return _guarded(view)


def check_csrf() -> None:
    check_same_origin()
    if request.mimetype != "application/json":
        raise AppError(messages.NOT_JSON, 415)


def check_same_origin() -> None:
    """Refuse a request the browser says came from another site. Browsers send Origin
    on every cross-origin POST/PUT/DELETE, so a missing header means a same-origin
    request or a non-browser client, neither of which CSRF concerns."""
    if request.headers.get("Sec-Fetch-Site", "").lower() in {"cross-site", "same-site"}:
        raise AppError(messages.CROSS_ORIGIN, 403)
    origin = request.headers.get("Origin")
    if origin is None:
        referer = request.headers.get("Referer")
        if not referer:
            return
        origin = referer
    if not _is_own_origin(origin):
        raise AppError(messages.CROSS_ORIGIN, 403)


def _is_own_origin(origin: str) -> bool:
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return False
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        return False  # includes "null" (sandboxed frames, file://)
    own = {request.host.lower()}
    public = urlsplit(current_app.config.get("PUBLIC_URL") or "")
    if public.netloc:
        own.add(public.netloc.lower())
    # The scheme is not compared: behind a TLS-terminating proxy the app sees http.
    return parts.netloc.lower() in own


def login_responses(blp):
    """Documents the answers `login_required` adds (401, and 403/415 for changes)."""

    def decorator(view):
        view = blp.alt_response(401, schema=ErrorSchema, description="No valid session")(view)
        view = blp.alt_response(403, schema=ErrorSchema, description="Cross-origin request")(view)
        return blp.alt_response(415, schema=ErrorSchema, description="Not sent as JSON")(view)

    return decorator


def start_session(token: str) -> None:
    """Send the cookies for a session that `service.login` created."""
    g.auth_new_token = token


def end_session() -> None:
    g.auth_clear = True


def apply_cookies(response):
    """after_request: set, renew or remove the two cookies (and set a new device cookie); add
    Retry-After to 429s."""
    retry_after = g.get("retry_after")
    if retry_after and response.status_code == 429:
        response.headers["Retry-After"] = str(retry_after)
    token = g.get("auth_new_token")
    if not (token or g.get("auth_clear") or g.get("auth_refresh") or g.get("auth_device")):
        return response  # most requests: no cookie to set, renew or remove
    secure = bool(current_app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure
    idle_seconds = int(sessions.idle_timeout().total_seconds())
    devices.apply_cookie(response, secure)
    if token:
        response.set_cookie(
            session_cookie_name(),
            token,
            max_age=int(sessions.absolute_lifetime().total_seconds()),
            path="/",
            secure=secure,
            httponly=True,
            samesite="Lax",
        )
        response.set_cookie(
            companion_cookie_name(), "1", max_age=idle_seconds, path="/", secure=secure, httponly=False, samesite="Lax"
        )
        response.headers["Cache-Control"] = "no-store"
    elif g.get("auth_clear"):
        response.delete_cookie(session_cookie_name(), path="/", secure=secure, httponly=True, samesite="Lax")
        response.delete_cookie(companion_cookie_name(), path="/", secure=secure, httponly=False, samesite="Lax")
        response.headers["Cache-Control"] = "no-store"
    elif g.get("auth_refresh"):
        response.set_cookie(
            companion_cookie_name(), "1", max_age=idle_seconds, path="/", secure=secure, httponly=False, samesite="Lax"
        )
    return response
