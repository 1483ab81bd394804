"""A database error is logged with its statement but without the row's values: an address or an
answer in an INSERT never reaches the log through an exception's message (SQLAlchemy's parameters,
PostgreSQL's "Key (...)=(...)" detail)."""

import logging
import sys

import pytest
from sqlalchemy.exc import IntegrityError

from engine import db
from engine.accounts.models import Account
from engine.ops.logs import JsonFormatter

ADDRESS = "ysolde.quendrawick@example.org"


def _logged(error: BaseException) -> str:
    """The JSON log line `log.exception` writes for this error (as engine.errors logs a 500)."""
    try:
        raise error
    except IntegrityError:
        record = logging.LogRecord("engine.errors", logging.ERROR, __file__, 1, "unexpected error", (), sys.exc_info())
    return JsonFormatter().format(record)


def test_a_failed_insert_is_logged_without_its_values(app):
    with app.app_context(), db.transaction() as tx:
        tx.add(Account(username=ADDRESS, password_hash="x"))
    with app.app_context(), pytest.raises(IntegrityError) as raised, db.transaction() as tx:
        tx.add(Account(username=ADDRESS, password_hash="x"))  # the same address twice
    line = _logged(raised.value)
    assert "INSERT INTO accounts" in line and "parameters hidden" in line  # still says what failed
    assert ADDRESS not in line
