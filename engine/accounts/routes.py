"""The accounts API: sign-up, confirmation, sign-in, password reset, sign-out. Thin: parse, one service call, answer."""

from flask import g, request
from flask.views import MethodView

from engine.accounts import auth, devices, messages, service, unlock
from engine.accounts.parser import ArgumentsParser
from engine.accounts.passwords import rules_for_client
from engine.accounts.schemas import (
    ConfirmResponseSchema,
    ConfirmSchema,
    ForgotPasswordSchema,
    LoginResponseSchema,
    LoginSchema,
    PasswordRulesSchema,
    ResendConfirmSchema,
    ResetPasswordSchema,
    SignupSchema,
    TooManySchema,
    UnconfirmedSchema,
    UnlockSchema,
)
from engine.extensions import Blueprint, ErrorSchema, MessageSchema


class AccountsBlueprint(Blueprint):
    ARGUMENTS_PARSER = ArgumentsParser()


blp = AccountsBlueprint("accounts", __name__, description="Sign-up, confirmation, login, logout, password reset")
blp.after_app_request(auth.apply_cookies)


def _changes(forbidden_schema=ErrorSchema, forbidden="Cross-origin request"):
    """The answers every public state-changing call may give besides its own."""

    def decorator(view):
        view = blp.alt_response(400, schema=ErrorSchema, description="Invalid input; `errors` maps fields to messages")(
            view
        )
        view = blp.alt_response(403, schema=forbidden_schema, description=forbidden)(view)
        return blp.alt_response(415, schema=ErrorSchema, description="Not sent as JSON")(view)

    return decorator


def _limited(view):
    return blp.alt_response(429, schema=TooManySchema, description="Rate limited; see Retry-After")(view)


def _public_change(body, answer=MessageSchema, status=200, limited=True, **forbidden):
    """A public state-changing call: its body and its answer, the answers every such call may give
    (`_changes`, with `forbidden` its 403), and 429 when it is rate limited."""

    def decorator(view):
        view = blp.arguments(body)(blp.response(status, answer)(view))
        return _changes(**forbidden)(_limited(view) if limited else view)

    return decorator


def _signed_in(message: str, login: service.LoginResult) -> dict:
    """A login's answer (a code that signs the account in answers the same): the new session's
    cookies, and who is signed in."""
    auth.start_session(login.token)
    account = login.account
    return {
        "message": message,
        "username": account.username,
        "num_logins": account.num_logins,
        "language": g.get("language"),
    }


def _ip() -> str:
    return request.remote_addr or ""


@blp.route("/public/signup")
class SignupViews(MethodView):
    decorators = [auth.csrf_protect]

    @_public_change(SignupSchema, status=201)
    def post(self, body):
        """Create an account and e-mail its confirmation code.

        The same answer whether or not the address already has an account."""
        return {"message": service.signup(body["username"], body["password"], body.get("studentAnswers"), _ip())}


@blp.route("/public/confirm")
class ConfirmViews(MethodView):
    decorators = [auth.csrf_protect]

    @_public_change(ConfirmSchema, ConfirmResponseSchema)
    def post(self, body):
        """Confirm an account with the 6-digit code (5 wrong tries kill a code; 10 a day).

        The code confirming the account signs it in, as a login does (a new session cookie);
        an account confirmed before is not signed in (the code was used)."""
        result = service.confirm(body["username"], body["code"], old_token=auth.session_token())
        if result.signed_in is None:
            return {"message": result.message}
        return _signed_in(result.message, result.signed_in)


@blp.route("/public/resend-confirm")
class ResendConfirmViews(MethodView):
    decorators = [auth.csrf_protect]

    @_public_change(ResendConfirmSchema)
    def post(self, body):
        """E-mail a new confirmation code (at most once a minute and 5 times a day)."""
        return {"message": service.resend_code(body["username"], _ip())}


@blp.route("/public/login")
class LoginViews(MethodView):
    decorators = [auth.csrf_protect]

    @_public_change(
        LoginSchema,
        LoginResponseSchema,
        forbidden_schema=UnconfirmedSchema,
        forbidden='Right password but an unconfirmed account (reason "unconfirmed": offer '
        '"Resend confirmation code?"); or a cross-origin request (no reason)',
    )
    def post(self, body):
        """Log in: a new session cookie and the readable companion cookie."""
        result = service.login(
            body["username"], body["password"], body.get("studentAnswers"), _ip(), old_token=auth.session_token()
        )
        return _signed_in(messages.LOGIN_OK, result)


@blp.route("/public/unlock")
class UnlockViews(MethodView):
    @blp.arguments(UnlockSchema, location="query")
    @blp.response(200, content_type="text/html", description="The page with its button")
    @blp.alt_response(400, content_type="text/html", description="The page saying the link is invalid or expired")
    def get(self, args):
        """The page an e-mailed unlock link opens: a button that lets this browser sign in to its
        locked account (HTML; opening it spends nothing, so mail scanners cannot use the link up)."""
        token = args["token"]
        if devices.check_unlock(token) is None:
            return unlock.page(None, 400)
        return unlock.page(token)

    @blp.arguments(UnlockSchema, location="form")
    @blp.response(303, description="The link is spent; this browser has the device cookie: on to log in")
    @blp.alt_response(400, content_type="text/html", description="The link is invalid, expired or used")
    @blp.alt_response(403, schema=ErrorSchema, description="Cross-origin request")
    def post(self, args):
        """The button: spend the link, give this browser the account's device cookie, go to log in."""
        auth.check_same_origin()
        account_id = devices.use_unlock(args["token"])
        if account_id is None:
            return unlock.page(None, 400)
        devices.remember(account_id)
        return unlock.to_login()


@blp.route("/public/forgot-password")
class ForgotPasswordViews(MethodView):
    decorators = [auth.csrf_protect]

    @_public_change(ForgotPasswordSchema)
    def post(self, body):
        """E-mail a reset link, valid for one hour; the same answer for an unknown address."""
        return {"message": service.forgot_password(body["username"], _ip())}


@blp.route("/public/reset-password")
class ResetPasswordViews(MethodView):
    decorators = [auth.csrf_protect]

    @_public_change(ResetPasswordSchema, limited=False)
    def post(self, body):
        """Set a new password with the e-mailed link; every session of the account ends."""
        message = service.reset_password(body["username"], body["id"], body["password"], body["confirm_password"])
        return {"message": message}


@blp.route("/public/password-rules")
class PasswordRulesViews(MethodView):
    @blp.response(200, PasswordRulesSchema)
    def get(self):
        """The new-password rules and their messages, for the client's checklist."""
        return {"message": messages.PASSWORD_RULES, **rules_for_client()}


@blp.route("/api/logout")
class LogoutViews(MethodView):
    @blp.alt_response(401, schema=ErrorSchema, description="No valid session (the cookies are removed anyway)")
    @blp.alt_response(403, schema=ErrorSchema, description="Cross-origin request")
    @blp.response(200, MessageSchema)
    def get(self):
        """End the session on the server and remove both cookies."""
        auth.check_same_origin()
        auth.require_session()
        service.logout(auth.session_token())
        auth.end_session()
        return {"message": messages.LOGOUT_OK}
