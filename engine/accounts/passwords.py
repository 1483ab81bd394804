"""Password rules, the common-password list, and argon2id hashing.

The rules are data (`PASSWORD_RULES`, `SPECIAL_CHARACTERS`) so the client's checklist
shows exactly what the server checks; `GET /public/password-rules` serves them.
"""

import functools
import string
from importlib import resources

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from engine.definition.catalogue import fill, tenant_text
from engine.jsonio import encodes

MIN_LENGTH = 12
# Long enough for any passphrase, short enough that hashing cannot be used to burn CPU.
MAX_LENGTH = 256
# The one set of special characters; the client's checklist shows the same set.
SPECIAL_CHARACTERS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

# (id, check): the checklist, in the order the client shows it. Each rule's message is the served
# tenant's text `password_<id>_message` (engine/definition/texts.yaml), as the client's checklist.
PASSWORD_RULES = (
    ("length", lambda p: len(p) >= MIN_LENGTH),
    ("uppercase", lambda p: any(c in string.ascii_uppercase for c in p)),
    ("lowercase", lambda p: any(c in string.ascii_lowercase for c in p)),
    ("number", lambda p: any(c in string.digits for c in p)),
    ("special", lambda p: any(c in SPECIAL_CHARACTERS for c in p)),
    ("whitespace", lambda p: p == p.strip()),
)


def message(text_id: str) -> str:
    """The served tenant's wording of a password text, its {min}, {max} and {characters} filled in."""
    return fill(tenant_text(text_id), {"min": MIN_LENGTH, "max": MAX_LENGTH, "characters": SPECIAL_CHARACTERS})


def password_problems(password: str, confirm_password: str | None = None, *, check_match: bool = False) -> list[str]:
    """Every rule a new password breaks, as the messages the client shows; [] when it is fine."""
    if not password:
        problems = [message("auth_password_required")]
    elif not encodes(password):  # a lone surrogate is legal JSON but not text argon2 can hash
        problems = [message("password_not_text_message")]
    elif len(password) > MAX_LENGTH:
        problems = [message("password_too_long_message")]
    else:
        problems = [message(f"password_{rule_id}_message") for rule_id, check in PASSWORD_RULES if not check(password)]
        if not problems and is_common(password):
            problems.append(message("password_common_message"))
    if check_match and password != confirm_password:
        problems.append(message("auth_passwords_must_match"))
    return problems


def rules_for_client() -> dict:
    return {
        "min_length": MIN_LENGTH,
        "max_length": MAX_LENGTH,
        "special_characters": SPECIAL_CHARACTERS,
        "rules": [{"id": rule_id, "message": message(f"password_{rule_id}_message")} for rule_id, _ in PASSWORD_RULES],
        "match_message": message("auth_passwords_must_match"),
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
