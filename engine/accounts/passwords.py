"""Password rules (platform section 5), the common-password list, and argon2id hashing.

The rules are data (`PASSWORD_RULES`, `SPECIAL_CHARACTERS`) so the client's checklist
shows exactly what the server checks; `GET /public/password-rules` serves them.
"""

import functools
import string
from importlib import resources

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from engine.jsonio import encodes

MIN_LENGTH = 12
# Long enough for any passphrase, short enough that hashing cannot be used to burn CPU.
MAX_LENGTH = 256
# The one set of special characters; the client's checklist shows the same set.
SPECIAL_CHARACTERS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

MESSAGE_LENGTH = f"Password must be at least {MIN_LENGTH} characters long."
MESSAGE_TOO_LONG = f"Password must be at most {MAX_LENGTH} characters long."
MESSAGE_UPPER = "Password must contain at least one uppercase letter."
MESSAGE_LOWER = "Password must contain at least one lowercase letter."
MESSAGE_NUMBER = "Password must contain at least one number."
MESSAGE_SPECIAL = f"Password must contain at least one special character ({SPECIAL_CHARACTERS})."
MESSAGE_WHITESPACE = "Password must not begin or end with a space."
MESSAGE_MATCH = "Passwords must match."
MESSAGE_COMMON = "This password is too common. Please choose one that is harder to guess."
MESSAGE_REQUIRED = "Password is required."
MESSAGE_NOT_TEXT = "Password contains characters that are not valid text."

# (id, message, check): the checklist, in the order the client shows it.
PASSWORD_RULES = (
    ("length", MESSAGE_LENGTH, lambda p: len(p) >= MIN_LENGTH),
    ("uppercase", MESSAGE_UPPER, lambda p: any(c in string.ascii_uppercase for c in p)),
    ("lowercase", MESSAGE_LOWER, lambda p: any(c in string.ascii_lowercase for c in p)),
    ("number", MESSAGE_NUMBER, lambda p: any(c in string.digits for c in p)),
    ("special", MESSAGE_SPECIAL, lambda p: any(c in SPECIAL_CHARACTERS for c in p)),
    ("whitespace", MESSAGE_WHITESPACE, lambda p: p == p.strip()),
)


def password_problems(password: str, confirm_password: str | None = None, *, check_match: bool = False) -> list[str]:
    """Every rule a new password breaks, as the messages the client shows; [] when it is fine."""
    if not password:
        problems = [MESSAGE_REQUIRED]
    elif not encodes(password):  # a lone surrogate is legal JSON but not text argon2 can hash
        problems = [MESSAGE_NOT_TEXT]
    elif len(password) > MAX_LENGTH:
        problems = [MESSAGE_TOO_LONG]
    else:
        problems = [message for _id, message, check in PASSWORD_RULES if not check(password)]
        if not problems and is_common(password):
            problems.append(MESSAGE_COMMON)
    if check_match and password != confirm_password:
        problems.append(MESSAGE_MATCH)
    return problems


def rules_for_client() -> dict:
    return {
        "min_length": MIN_LENGTH,
        "max_length": MAX_LENGTH,
        "special_characters": SPECIAL_CHARACTERS,
        "rules": [{"id": rule_id, "message": message} for rule_id, message, _check in PASSWORD_RULES],
        "match_message": MESSAGE_MATCH,
    }


# --- the common-password list -------------------------------------------------------

_DECORATION = string.digits + SPECIAL_CHARACTERS + string.whitespace
_UNLEET = (str.maketrans("@4310$57!", "aaeiossti"), str.maketrans("@4310$57!", "aaelosstl"))


@functools.cache
def common_passwords() -> frozenset[str]:
    text = resources.files(__package__).joinpath("common_passwords.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def is_common(password: str) -> bool:
    """True for a listed password, or a listed word dressed up with digits and symbols at
    its ends and the usual letter swaps (P@ssw0rd2024!, M1ch3ll3!2024)."""
    common = common_passwords()
    lowered = password.lower()
    lead = len(lowered) - len(lowered.lstrip(_DECORATION))
    trail = len(lowered) - len(lowered.rstrip(_DECORATION))
    # A swapped letter at an end looks like decoration ("m1ch3ll3" ends in 3), so try
    # every way of cutting the decoration off, a bounded number of them.
    for left in range(min(lead, 8) + 1):
        for right in range(min(trail, 8) + 1):
            core = lowered[left : len(lowered) - right]
            if core and (core in common or any(core.translate(t) in common for t in _UNLEET)):
                return True
    return False


# --- hashing -----------------------------------------------------------------------

# OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane.
HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1, hash_len=32, salt_len=16, type=Type.ID)


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return HASHER.verify(password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError, UnicodeEncodeError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return HASHER.check_needs_rehash(password_hash)


@functools.cache
def _dummy_hash() -> str:
    return HASHER.hash("not a real password, only here to spend the same time")


def dummy_verify(password: str) -> None:
    """Spend the time a real check would, for a username with no account."""
    verify_password(_dummy_hash(), password)
