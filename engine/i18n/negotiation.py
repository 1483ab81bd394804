"""Which of the form's languages a request reads: `?lang=` (which the browser then remembers in a
cookie), else that cookie, else the browser's `Accept-Language` among the form's languages, else
the form's default. A language the form does not offer is never an error: it reads the default.
The choice is put on `g.language`, where the served form and the server's own words read it. A
signed-in applicant's choice is also kept on the account (engine/i18n/accounts.py)."""

from flask import Flask, current_app, g, request
from werkzeug.datastructures import LanguageAccept

from engine.i18n.offered import offered

COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 3600


def best(offered: list[str], asked: str | None, cookie: str | None, accept: LanguageAccept) -> str | None:
    """The language to serve among `offered` (the default first); None when the form has one."""
    if len(offered) < 2:
        return None
    by_case = {language.lower(): language for language in offered}
    for choice in (asked, cookie):
        if choice and choice.lower() in by_case:
            return by_case[choice.lower()]
    return accept.best_match(offered, default=offered[0])


def _choose() -> None:
    languages = offered()
    g.language = best(languages, request.args.get("lang"), request.cookies.get(COOKIE), request.accept_languages)


def _remember(response):
    """The language asked for by `?lang=` is kept for the visitor; answers differ by language. A
    signed-in applicant's switch becomes the account's once the page or call has succeeded (a
    refused or failed request changes no account), unless a sign-in in this request has just turned
    the browser to the account's language."""
    language = g.get("language")
    if language and request.args.get("lang") and response.status_code < 400 and not g.get("language_chosen"):
        from engine.i18n import accounts

        accounts.follow_switch()
    asked = language if language and language.lower() == request.args.get("lang", "").lower() else None
    asked = g.get("language_chosen") or asked  # a sign-in turned the browser to the account's
    if asked and request.cookies.get(COOKIE) != asked:
        secure = bool(current_app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure
        response.set_cookie(COOKIE, asked, max_age=COOKIE_MAX_AGE, samesite="Lax", secure=secure)
    if language:
        response.vary.update(("Accept-Language", "Cookie"))
    return response


def init_app(app: Flask) -> None:
    app.before_request(_choose)
    app.after_request(_remember)
