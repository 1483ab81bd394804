"""The applicant's language kept on the account (`accounts.language`), beside the visitor's cookie.

Sign-up records the language the account was made in. Signing in (a login, or the code that
confirms the account) turns this browser to the account's language: `g.language` for the rest of
the request and the `lang` cookie for what follows, so a sign-in on another device reads the form
as the applicant chose it. A switch made while signed in (`?lang=`) becomes the account's. Mail sent
without a request (a retention reminder) is written in the account's language (`speaking`)."""

from collections.abc import Iterator
from contextlib import contextmanager

from flask import g, has_request_context, request

from engine.i18n.offered import offered as offered_languages


def offered(language: str | None) -> str | None:
    """`language` as the form spells it, when the form offers it among several; else None."""
    forms = offered_languages()
    if not language or len(forms) < 2:
        return None
    return {tag.lower(): tag for tag in forms}.get(language.lower())


def at_sign_up(account) -> None:
    """A new account keeps the language it was made in."""
    account.language = g.get("language") if has_request_context() else None


def at_sign_in(account) -> None:
    """The account's language becomes this browser's; an account without one takes this request's."""
    if not has_request_context():
        return
    kept = offered(account.language)
    if kept is None:
        account.language = g.get("language")
        return
    g.language = kept
    g.language_chosen = kept  # negotiation writes the cookie


def follow_switch() -> None:
    """A switch (`?lang=` naming a language the form offers) made while signed in becomes the
    account's language. Only a request carrying a session cookie looks the session up."""
    from sqlalchemy import update

    from engine import db
    from engine.accounts import auth
    from engine.accounts.models import Account

    chosen = offered(request.args.get("lang"))
    if chosen is None or not auth.session_token():
        return
    account_id = auth.current_account_id()
    if account_id is None:
        return
    with db.transaction() as tx:
        tx.execute(
            update(Account)
            .where(Account.id == account_id, Account.language.is_distinct_from(chosen))
            .values(language=chosen)
        )


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Inside an app context without a request (a periodic task): the tenant's words read in
    `language` (one the form offers; else the default) while the block runs."""
    previous = g.get("language")
    g.language = offered(language)
    try:
        yield
    finally:
        g.language = previous
