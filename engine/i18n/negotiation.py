"""Which of the form's languages a request reads: `?lang=` (which the browser then remembers in a
cookie), else that cookie, else the browser's `Accept-Language` among the form's languages, else
the form's default. A language the form does not offer is never an error: it reads the default.
The choice is put on `g.language`, where the served form and the server's own words read it. A
signed-in applicant's choice is also kept on the account (engine/i18n/accounts.py)."""

from collections.abc import Callable

from flask import Flask, current_app, g, request
from werkzeug.datastructures import LanguageAccept

from engine.i18n.offered import offered

COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 3600
_VARY = "Accept-Language, Cookie"


def best(offered: list[str], asked: str | None, cookie: str | None, accept: Callable[[], LanguageAccept]) -> str | None:
    """The language to serve among `offered` (the default first); None when the form has one.
    `accept` gives the browser's Accept-Language, parsed only when neither `asked` nor `cookie` decides."""
    if len(offered) < 2:
        return None
    for choice in (asked, cookie):
        if choice:
            for language in offered:
                if language.lower() == choice.lower():
                    return language
    return accept().best_match(offered, default=offered[0])


def _accept_languages() -> LanguageAccept:
    return request.accept_languages


def _asked(current) -> str:
    """The request's `?lang=`, "" without one (its query string left unparsed when there is none)."""
    return current.args.get("lang", "") if current.query_string else ""


def _choose() -> None:
    current = request._get_current_object()  # type: ignore[attr-defined]  # the proxy once, not per attribute
    g.language = best(offered(), _asked(current), current.cookies.get(COOKIE), _accept_languages)


def _remember(response):
    """The language asked for by `?lang=` is kept for the visitor; answers differ by language. A
    signed-in applicant's switch becomes the account's once the page or call has succeeded (a
    refused or failed request changes no account), unless a sign-in in this request has just turned
    the browser to the account's language."""
    state = g._get_current_object()  # type: ignore[attr-defined]  # the proxies once, not per attribute
    current = request._get_current_object()  # type: ignore[attr-defined]
    language = getattr(state, "language", None)
    chosen = getattr(state, "language_chosen", None)
    query = _asked(current)
    if language and query and response.status_code < 400 and not chosen:
        from engine.i18n import accounts

        accounts.follow_switch()
    asked = language if language and language.lower() == query.lower() else None
    asked = chosen or asked  # a sign-in turned the browser to the account's
    if asked and current.cookies.get(COOKIE) != asked:
        secure = bool(current_app.config.get("SESSION_COOKIE_SECURE")) or current.is_secure
        response.set_cookie(COOKIE, asked, max_age=COOKIE_MAX_AGE, samesite="Lax", secure=secure)
    if language:
        if "Vary" in response.headers:
            response.vary.update(("Accept-Language", "Cookie"))
        else:
            response.headers["Vary"] = _VARY  # the common case, without parsing and re-writing the header
    return response


def init_app(app: Flask) -> None:
    app.before_request(_choose)
    app.after_request(_remember)
