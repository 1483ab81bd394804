"""Signing staff in through the identity provider: /staff/oidc/login sends the browser there,
/staff/oidc/callback takes it back (a staff session, or a page saying why not, recorded)."""

import html

from flask import after_this_request, current_app, redirect, request
from flask.views import MethodView

from engine import db
from engine.audit.service import Actor, record
from engine.errors import AppError
from engine.extensions import ErrorSchema
from engine.staff import auth, oidc, sessions
from engine.staff.oidc_config import settings
from engine.staff.routes import NO_STORE, StaffBlueprint, no_store
from engine.staff.schemas import SignInOptionsSchema

blp = StaffBlueprint(
    "staff_oidc", __name__, url_prefix="/staff", description="Staff sign-in through the identity provider"
)
blp.after_request(no_store)
NONE = {"x-staff-role": "none"}
STATE_COOKIE, STATE_PATH = "formengine_staff_oidc", "/staff/oidc"


def _forget_state(response):
    response.delete_cookie(STATE_COOKIE, path=STATE_PATH, secure=auth.secure(), httponly=True, samesite="Lax")
    return response


def _check_settings(state) -> None:
    """A provider setting that cannot work stops the start (OidcMisconfigured), not a sign-in later."""
    with state.app.app_context():
        settings()


blp.record_once(_check_settings)


def _callback_url() -> str:
    return f"{current_app.config['PUBLIC_URL'].rstrip('/')}/staff/oidc/callback"


def _configured():
    config = settings()
    if config is None:
        raise AppError("No identity provider is configured: sign in with a staff account.", 404)
    return config


@blp.route("/api/sign-in-options")
class SignInOptionsViews(MethodView):
    @blp.response(200, SignInOptionsSchema)
    @blp.doc(**NONE)
    def get(self):
        """How staff sign in here: always a local account; the identity provider when configured."""
        return {"local": True, "oidc": settings() is not None}, 200, NO_STORE


@blp.route("/oidc/login")
class OidcLoginViews(MethodView):
    @blp.alt_response(404, schema=ErrorSchema, description="No identity provider is configured")
    @blp.response(303, description="To the identity provider's sign-in")
    @blp.doc(**NONE)
    def get(self):
        """Start a sign-in at the identity provider (authorization code with PKCE, state and nonce)."""
        config = _configured()
        try:
            url, state = oidc.begin(db.session(), config, _callback_url())
        except oidc.OidcRefused as refused:
            return _refused_page(refused, "")
        response = redirect(url, code=303)
        # The browser keeps the state too (Lax: the provider's redirect back is a top-level GET), so
        # a callback opened in another browser (a sign-in link passed on) is refused.
        response.set_cookie(
            STATE_COOKIE,
            state,
            max_age=int(oidc.REQUEST_TTL.total_seconds()),
            path=STATE_PATH,
            secure=auth.secure(),
            httponly=True,
            samesite="Lax",
        )
        return response


@blp.route("/oidc/callback")
class OidcCallbackViews(MethodView):
    @blp.alt_response(404, schema=ErrorSchema, description="No identity provider is configured")
    @blp.response(303, description="Signed in: to /staff")
    @blp.doc(**NONE)
    def get(self):
        """The identity provider's answer: checked (state, code, ID token), then a staff session."""
        config = _configured()
        session = db.session()
        email = ""
        after_this_request(_forget_state)  # used once, whatever the answer
        try:
            started = request.cookies.get(STATE_COOKIE, "")
            claims = oidc.finish(session, config, _callback_url(), request.args.to_dict(), started)
            who = oidc.identity(config, claims)
            email = who.email
            member = oidc.member_for(session, who)
            session.commit()
            oidc.check_member(member)
        except oidc.OidcRefused as refused:
            session.rollback()
            return _refused_page(refused, email)
        session_id, _row = sessions.create(session, member)
        member.last_sign_in_at = sessions.utcnow()
        session.commit()
        record(Actor.staff(member.id, member.email), "sign_in", detail={"via": "identity provider"})
        after_this_request(lambda response: auth.set_cookie(response, session_id))
        return redirect("/staff", code=303)


def _refused_page(refused: oidc.OidcRefused, email: str):
    record(Actor.staff(None, email or "identity provider"), "sign_in_failed", detail={"reason": refused.reason})
    status = 403 if refused.reason in {"domain_not_allowed", "no_staff_group", "no_role", "disabled"} else 400
    body = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Staff sign-in refused</title></head>'
        f"<body><main><h1>Staff sign-in refused</h1><p>{html.escape(refused.message)}</p>"
        '<p><a href="/staff">Back to staff sign-in</a></p></main></body></html>'
    )
    return current_app.response_class(body, status=status, mimetype="text/html")
