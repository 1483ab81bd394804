"""Abuse limits on the costly applicant calls (presign, conversions, PDF renders, validations,
lookups): a 429 with Retry-After once an applicant or an address goes past its limit
(engine/accounts/limits.py keeps the counters in the database, beside the login limits)."""

import logging

from flask import current_app, request

from engine import db
from engine.accounts import limits, messages
from engine.errors import AppError, StartRefused

log = logging.getLogger(__name__)


def check_settings(config) -> None:
    """Refuse to start with a limit that is not count/seconds or off."""
    from engine.config import RATE_LIMIT_ACTIONS

    for action in RATE_LIMIT_ACTIONS:
        for scope in ("applicant", "address"):
            name = limits.setting_name(action, scope)
            try:
                limits.parse_limit(config.get(name))
            except ValueError:
                raise StartRefused(
                    f"{name}={config.get(name)!r}: a limit is count/seconds (e.g. 100/3600) or off"
                ) from None


def enforce(action: str, account_id: int | None) -> None:
    """Count this request against `action`'s limits; raises the 429 when one is reached. Call it
    before the request writes anything (it commits its counters at once)."""
    address = request.remote_addr or ""
    decision = limits.check(db.session(), current_app.config, action, account_id, address)
    if decision.allowed:
        return
    log.warning("%s refused by its rate limit (account %s, address %s)", action, account_id, address)
    wait = messages.human_wait(decision.retry_after)
    raise AppError(messages.ABUSE_LIMIT.format(wait=wait), 429, retry_after=decision.retry_after)
