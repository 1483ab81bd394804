"""What every part of the applications service asks the app for: the tenant's current compiled
form, and today's date (the day the hiding rules and date checks are evaluated on). Call
`current.today()` through the module: tests replace it to evaluate on a fixed day."""

import datetime as dt

from flask import current_app


def compiled_form():
    return current_app.extensions["tenant"].current()


def today() -> dt.date:
    return dt.date.today()
