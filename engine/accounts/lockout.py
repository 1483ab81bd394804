"""The limits a login passes before its password is checked, and what a success gives back.

- A browser with a valid device cookie for the account (engine/accounts/devices.py) is judged by
  its own failure back-off (`login-device:<nonce>`) only: neither the account's lock nor its
  address's limit applies to it, so no attacker can lock an owner out of their own browser.
- Any other client passes the address's limit, then the account's back-off (limits.claim_login):
  today's lockout, with an e-mailed unlock link for its owner (the caller offers it).
- An address's limit counts the distinct accounts that failed from it in LOGIN_IP_WINDOW_S, not
  every attempt: an account counts once, when it is first tried, and a success takes it off again.
  A school's shared address on deadline day (hundreds of students, their typos) stays open; one
  address trying many accounts is stopped after LOGIN_IP_MAX_FAILURES of them.

Every counter is taken before the password is checked (parallel guesses cannot slip past) and
committed at once, as limits.py does.
"""

import dataclasses
import datetime as dt
import hashlib

from sqlalchemy.orm import Session

from engine.accounts import limits
from engine.accounts.devices import Device


@dataclasses.dataclass
class Gate:
    """One login attempt's passage: refused (and by what), or the counters a success settles."""

    refused: str = ""  # "" | "device" | "address" | "account"
    retry_after: int = 0
    failures: int = 0  # this failure's number in its streak (for the log)
    clear: list[str] = dataclasses.field(default_factory=list)  # counters a success removes
    refund: list[str] = dataclasses.field(default_factory=list)  # counters a success gives one back


def _account_seen_key(ip: str, username: str) -> str:
    # A digest keeps the key within the column's 300 characters, whatever the address.
    digest = hashlib.sha256(username.encode()).hexdigest()[:32]
    return f"login-ip-account:{ip}:{digest}"


def enter(session: Session, config, username: str, ip: str, device: Device | None) -> Gate:
    if device is not None:
        key = f"login-device:{device.nonce}"
        decision = limits.claim_login(session, key)
        if not decision.allowed:
            return Gate("device", decision.retry_after)
        return Gate(failures=decision.count, clear=[key])
    window = dt.timedelta(seconds=int(config["LOGIN_IP_WINDOW_S"]))
    most = int(config["LOGIN_IP_MAX_FAILURES"])
    ip_key, seen_key = f"login-ip:{ip}", _account_seen_key(ip, username)
    first_try = limits.hit(session, seen_key, 1, window).count == 1
    by_ip = limits.hit(session, ip_key, most, window) if first_try else limits.peek(session, ip_key, most, window)
    if not by_ip.allowed:
        return Gate("address", by_ip.retry_after)
    by_account = limits.claim_login(session, f"login:{username}")
    if not by_account.allowed:
        if first_try:  # no password was tried: the account does not count against the address
            limits.refund(session, ip_key)
            limits.clear(session, seen_key)
        return Gate("account", by_account.retry_after)
    return Gate(failures=by_account.count, clear=[f"login:{username}", seen_key], refund=[ip_key])


def succeeded(tx: Session, gate: Gate) -> None:
    """The password was right: forget this attempt's failures (in the caller's transaction). A
    device's success leaves the account's lock as it is: the attacker stays locked out."""
    for key in gate.clear:
        limits.clear(tx, key, commit=False)
    for key in gate.refund:
        limits.refund(tx, key, commit=False)
