"""Random secrets and how they are stored: only hashes ever reach the database."""

import hashlib
import hmac
import secrets

CODE_LENGTH = 6


def new_token() -> str:
    """256 random bits, URL-safe: session ids and reset tokens."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    # A plain hash is enough for 256-bit random values: nothing to brute-force.
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_code() -> str:
    """A 6-digit confirmation code from the operating system's CSPRNG."""
    return f"{secrets.randbelow(10**CODE_LENGTH):0{CODE_LENGTH}d}"


def code_hash(key: bytes, account_id: int, code: str) -> str:
    """Keyed (the account-code key of engine/signing.py), because a million possible codes
    would fall to a plain hash at once."""
    message = f"{account_id}:{code}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())
