"""One applicant's deadline extended by staff (`formengine extend --email ADDRESS --until ...`):
drafts have no reference yet, so the applicant is named by the account's e-mail address."""

import datetime as dt

from sqlalchemy import select

from engine import db
from engine.accounts.models import Account
from engine.accounts.usernames import normalise_username
from engine.applications.current import compiled_form
from engine.applications.locking import lock
from engine.definition.window import Window


def parse_until(text: str) -> dt.datetime:
    """An author-style local time (2027-04-07T17:00) read in the tenant's time zone, as naive UTC.
    ValueError when it cannot be read."""
    settings = dict(compiled_form().data.get("settings") or {})
    window = Window.of({**settings, "window": {"closes": text}})
    if window is None or window.closes is None:
        raise ValueError(f"{text!r} is not a local date and time such as 2027-04-07T17:00")
    return window.closes


def extend(email: str, until: dt.datetime) -> int:
    """Let one applicant save and submit until `until` (naive UTC), whatever the window says.
    Returns the application's id. LookupError when no account has the address; ValueError when its
    application is submitted."""
    normalised = normalise_username(email)
    account = (
        db.session().scalars(select(Account).where(Account.username == normalised)).first() if normalised else None
    )
    if account is None:
        raise LookupError(f"no account has the e-mail address {email!r}")
    with db.transaction() as tx:
        application = lock(tx, account.id)
        if application.is_submitted:
            raise ValueError(f"the application of {email} is already submitted")
        application.extended_until = until
        return application.id
