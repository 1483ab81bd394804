"""Usernames are e-mail addresses: plain ASCII, compared case-insensitively, stored lower-case."""

import re

MAX_LENGTH = 254

_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
# ASCII only, on purpose: look-alike letters (Cyrillic "а", full-width "＠") and control
# characters are refused rather than stored as a second account for "the same" address.
_EMAIL = re.compile(rf"{_ATOM}(?:\.{_ATOM})*@(?:{_LABEL}\.)+[A-Za-z](?:[A-Za-z0-9-]{{0,61}}[A-Za-z0-9])?", re.ASCII)


def normalise_username(raw: object) -> str | None:
    """The stored form of an e-mail address, or None when it is not a valid one."""
    if not isinstance(raw, str) or len(raw) > MAX_LENGTH + 100:
        return None
    candidate = raw.strip(" ")
    if len(candidate) > MAX_LENGTH or not _EMAIL.fullmatch(candidate):
        return None
    if len(candidate.split("@", 1)[0]) > 64:
        return None
    return candidate.lower()
