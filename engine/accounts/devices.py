"""Trusted browsers (OWASP's device cookie) and the e-mailed unlock link, so a lockout cannot be
turned on an account's owner.

A browser that signs in successfully gets a device cookie naming the account (its id), signed with
the DEVICE_COOKIE key (engine/signing.py). A login that presents a valid device cookie for the
account it names is judged by that device's own failure back-off, not by the account's, so an
attacker guessing the password from elsewhere never locks the owner out of their own browser
(engine/accounts/lockout.py applies it). A stolen cookie helps no one without the password.

An owner locked out on a new browser gets, at most once an hour, an e-mailed link
(`{public_url}/public/unlock?...`). The link opens a page with one button; pressing it gives that
browser the device cookie. The link is signed (LOGIN_UNLOCK), names the account, expires after
UNLOCK_LIFETIME and works once (its nonce is spent in the rate-limit table). A GET only shows the
page, so a mail scanner that opens links spends nothing.

Both are stateless besides the counters: no table, nothing to purge but the counters.
"""

import dataclasses
import datetime as dt
import secrets
from urllib.parse import urlencode

from flask import current_app, g, request

from engine import db, mail, signing
from engine.accounts import limits
from engine.accounts.models import Account, utcnow

DEVICE_LIFETIME = dt.timedelta(days=180)
UNLOCK_LIFETIME = dt.timedelta(hours=24)
UNLOCK_MAILS_PER_HOUR = 1
UNLOCK_MAILS_PER_DAY = 5
# The back-off a lock must have reached before its owner is mailed a link (the short waits after a
# few typos are no lockout).
UNLOCK_AFTER_S = 60
_MAX_VALUE = 300  # a longer cookie or link value is none of ours


@dataclasses.dataclass(frozen=True)
class Device:
    account_id: int
    nonce: str  # names the device's own failure counter


def cookie_name() -> str:
    return f"{current_app.config['AUTH_SESSION_COOKIE']}_device"


def _keyring() -> signing.Keyring:
    return current_app.extensions["signing"]


def _sign(purpose: str, *parts: object) -> str:
    message = ".".join(str(part) for part in parts)
    return f"{message}.{_keyring().sign(purpose, message.encode())}"


def _verified(purpose: str, value: object, size: int) -> list[str] | None:
    """The parts of a signed value made by `_sign` with `size` parts, or None (never raises)."""
    if not isinstance(value, str) or len(value) > _MAX_VALUE:
        return None
    parts = value.split(".")
    if len(parts) != size + 1:
        return None
    message = ".".join(parts[:-1])
    return parts[:-1] if _keyring().verify(purpose, message.encode(), parts[-1]) else None


def _now() -> float:
    """Seconds since the epoch by the accounts' clock (the one the limits use)."""
    return utcnow().replace(tzinfo=dt.UTC).timestamp()


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 20 else None


# --- the device cookie ---------------------------------------------------------------------


def issue(account_id: int) -> str:
    """A new device cookie value for the account (a new nonce: a fresh failure counter)."""
    return _sign(signing.DEVICE_COOKIE, "d1", account_id, secrets.token_urlsafe(16), int(_now()))


def trusted(account: Account | None) -> Device | None:
    """The request's device, when its cookie is valid, recent and names this account."""
    if account is None:
        return None
    parts = _verified(signing.DEVICE_COOKIE, request.cookies.get(cookie_name()), 4)
    if parts is None or parts[0] != "d1":
        return None
    account_id, issued = _number(parts[1]), _number(parts[3])
    if account_id != account.id or issued is None:
        return None
    if not 0 <= _now() - issued < DEVICE_LIFETIME.total_seconds():
        return None
    return Device(account.id, parts[2])


def remember(account_id: int) -> None:
    """Send this browser a (renewed) device cookie for the account with the answer."""
    g.auth_device = issue(account_id)


def apply_cookie(response, secure: bool) -> None:
    """after_request (engine.accounts.auth.apply_cookies): set the device cookie when one was issued.
    Logging out keeps it: the browser stays one its owner has signed in with."""
    value = g.get("auth_device")
    if value:
        response.set_cookie(
            cookie_name(),
            value,
            max_age=int(DEVICE_LIFETIME.total_seconds()),
            path="/",
            secure=secure,
            httponly=True,
            samesite="Lax",
        )


# --- the unlock link -----------------------------------------------------------------------


def unlock_token(account_id: int) -> str:
    expires = int(_now() + UNLOCK_LIFETIME.total_seconds())
    return _sign(signing.LOGIN_UNLOCK, "u1", account_id, secrets.token_urlsafe(16), expires)


def unlock_url(token: str) -> str:
    base = current_app.config["PUBLIC_URL"].rstrip("/")
    return f"{base}/public/unlock?{urlencode({'token': token})}"


def offer_unlock(account: Account | None) -> None:
    """Mail the owner of a locked account a link that lets their browser sign in at once (at most
    once an hour and five times a day, whoever keeps the lock going). Nothing for an unknown or
    unconfirmed account; the caller's answer is the same either way."""
    if account is None or not account.is_confirmed:
        return
    session = db.session()
    hour = limits.hit(session, f"unlock-mail:{account.id}", UNLOCK_MAILS_PER_HOUR, limits.HOUR)
    if not hour.allowed:
        return
    if not limits.hit(session, f"unlock-mail-day:{account.id}", UNLOCK_MAILS_PER_DAY, limits.DAY).allowed:
        return
    link = unlock_url(unlock_token(account.id))
    # In the background, as forgot-password's: the answer takes as long with or without a mail.
    mail.send("login_unlock", to=account.username, background=True, unlock_url=link)


def check_unlock(token: object) -> int | None:
    """The account id of a valid, unexpired unlock link (not spending it), or None."""
    parts = _verified(signing.LOGIN_UNLOCK, token, 4)
    if parts is None or parts[0] != "u1":
        return None
    account_id, expires = _number(parts[1]), _number(parts[3])
    if account_id is None or expires is None or expires <= _now():
        return None
    return account_id


def use_unlock(token: object) -> int | None:
    """Spend a valid unlock link: the account id the first time, None after (or when invalid)."""
    account_id = check_unlock(token)
    if account_id is None:
        return None
    assert isinstance(token, str)  # check_unlock refused anything else
    nonce = token.split(".")[2]
    if not limits.hit(db.session(), f"unlock-used:{nonce}", 1, UNLOCK_LIFETIME).allowed:
        return None
    if db.session().get(Account, account_id) is None:
        return None
    return account_id
