"""SECRET_KEY: checked before anything starts, one derived key per purpose, and rotation.

Production processes (gunicorn, `formengine worker`, CLI commands) refuse to start without a
real key; only `formengine run` and the tests use a development key, generated at random into
the instance folder. Nothing signs with SECRET_KEY itself: each purpose gets its own key,
HMAC(SECRET_KEY, purpose), so a signature made for one purpose (an upload policy) is worthless
for another (a download link). During a rotation the previous key still verifies (never signs)
until SECRET_KEY_PREVIOUS_UNTIL.

Pure: no Flask, so workers and the storage backends use it too.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

MIN_BYTES = 32
DEV_KEY_FILE = "secret_key"
# Placeholders that have been published (the old built-in default, the example env file).
KNOWN_PLACEHOLDERS = frozenset({"dev-only-secret-change-me", "change-me-to-64-random-characters"})
HOW_TO_MAKE = (
    "Make one with `python3 -c 'import secrets; print(secrets.token_urlsafe(48))'` and set it in the environment "
    "of every web and worker process (docs/deploy.md, Secrets)."
)

# The purposes; a new one needs only a new name here.
UPLOAD_POLICY = "upload-policy"
DOWNLOAD_LINK = "download-link"
ACCOUNT_CODE = "account-code"
LOOKUP_ID = "lookup-id"
WEBHOOK = "webhook"
DEVICE_COOKIE = "device-cookie"
LOGIN_UNLOCK = "login-unlock"
PURPOSES = (UPLOAD_POLICY, DOWNLOAD_LINK, ACCOUNT_CODE, LOOKUP_ID, WEBHOOK, DEVICE_COOKIE, LOGIN_UNLOCK)


class SecretKeyRefused(RuntimeError):
    """SECRET_KEY (or its rotation settings) cannot be used; the message says what to do."""


def problem(key: str | None, name: str = "SECRET_KEY") -> str | None:
    """Why `key` cannot be used, or None."""
    if not key:
        return f"{name} is not set. {HOW_TO_MAKE}"
    if key in KNOWN_PLACEHOLDERS or "change-me" in key.lower():
        return f"{name} is a published placeholder, so anyone could sign with it. {HOW_TO_MAKE}"
    if len(key.encode("utf-8", "surrogatepass")) < MIN_BYTES:
        return f"{name} is shorter than {MIN_BYTES} bytes. {HOW_TO_MAKE}"
    return None


def development_key(instance_path: str | Path) -> str:
    """The random key of this instance folder, made on first use (for `formengine run` and tests)."""
    path = Path(instance_path) / DEV_KEY_FILE
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if problem(key) is None:
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(48)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(key + "\n")
    return key


@functools.lru_cache(maxsize=64)
def derive(secret: str, purpose: str) -> bytes:
    """The key for one purpose: HMAC-SHA256(SECRET_KEY, "formengine/" + purpose)."""
    if purpose not in PURPOSES:
        raise ValueError(f"unknown signing purpose {purpose!r}")
    return hmac.new(secret.encode("utf-8", "surrogatepass"), f"formengine/{purpose}".encode(), hashlib.sha256).digest()


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass(frozen=True)
class Keyring:
    """The current key, and the previous one with the moment it stops verifying."""

    current: str
    previous: str = ""
    previous_until: dt.datetime | None = None

    def key(self, purpose: str) -> bytes:
        """The key that signs for `purpose` (always the current one)."""
        return derive(self.current, purpose)

    def keys(self, purpose: str, now: dt.datetime | None = None) -> list[bytes]:
        """Every key that may verify for `purpose`, the current one first."""
        found = [derive(self.current, purpose)]
        if self.previous and self.previous_until and (now or _utcnow()) < self.previous_until:
            found.append(derive(self.previous, purpose))
        return found

    def sign(self, purpose: str, message: bytes) -> str:
        return hmac.new(self.key(purpose), message, hashlib.sha256).hexdigest()

    def verify(self, purpose: str, message: bytes, signature: object) -> bool:
        """Constant-time check against every key still valid; never raises on odd input."""
        if not isinstance(signature, str):
            return False
        given = signature.encode("utf-8", "replace")
        matches = [
            hmac.compare_digest(hmac.new(k, message, hashlib.sha256).hexdigest().encode(), given)
            for k in self.keys(purpose)
        ]
        return any(matches)


def _until(value) -> dt.datetime | None:
    if isinstance(value, dt.datetime):
        moment = value
    elif value:
        try:
            moment = dt.datetime.fromisoformat(str(value).strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def keyring(config: dict) -> Keyring:
    """The keyring the settings describe, or SecretKeyRefused naming the setting to fix."""
    found = problem(config.get("SECRET_KEY"))
    if found:
        raise SecretKeyRefused(found)
    previous = config.get("SECRET_KEY_PREVIOUS") or ""
    if not previous:
        return Keyring(config["SECRET_KEY"])
    found = problem(previous, "SECRET_KEY_PREVIOUS")
    if found:
        raise SecretKeyRefused(found)
    until = _until(config.get("SECRET_KEY_PREVIOUS_UNTIL"))
    if until is None:
        raise SecretKeyRefused(
            "SECRET_KEY_PREVIOUS needs SECRET_KEY_PREVIOUS_UNTIL, the moment the old key stops being accepted "
            "(an ISO date-time such as 2026-12-01T12:00:00Z; at least a day after the rotation, docs/deploy.md)."
        )
    return Keyring(config["SECRET_KEY"], previous, until)


def require(config: dict) -> Keyring:
    """For production entry points: the keyring, or SystemExit with the message (no traceback)."""
    try:
        return keyring(config)
    except SecretKeyRefused as refused:
        raise SystemExit(f"formengine: {refused}") from None
