"""What every part of the applications service asks the app for: the tenant's current compiled
form, today's date (the day the hiding rules and date checks are evaluated on) and the moment a
request reached the server (the application window is judged on it). Call `current.today()` and
`current.now()` through the module: tests replace them to evaluate on a fixed day or moment."""

import datetime as dt

from flask import current_app, g, has_request_context

from engine.accounts.models import utcnow


def compiled_form():
    return current_app.extensions["tenant"].current()


def today() -> dt.date:
    return dt.date.today()


def now() -> dt.datetime:
    return utcnow()


def mark_arrival() -> None:
    """Called as a request begins: a submit that waited for the row lock still counts from here."""
    g.arrived_at = now()


def arrived() -> dt.datetime:
    """When the current request reached the server (naive UTC); now, outside a request."""
    if has_request_context() and "arrived_at" in g:
        return g.arrived_at
    return now()
