"""The application's reference: the short code an applicant quotes and staff file under.

`INTL-7K2Q9MXA`: the tenant's prefix, a dash and 8 characters drawn by the operating system's
CSPRNG from 30 letters and digits that cannot be misread for one another (no 0/O, 1/I/L, U).
Random rather than counted, so a reference says nothing about how many applied or when, and
cannot be guessed from another (30**8, about 6.6e11, values per prefix).
"""

import re
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 8
DEFAULT_PREFIX = "APP"
MAX_LENGTH = 8 + 1 + LENGTH  # a prefix of at most 8, the dash, the code
_REFERENCE = re.compile(rf"^[A-Z][A-Z0-9]{{0,7}}-[{ALPHABET}]{{{LENGTH}}}$")


def new_reference(prefix: str = DEFAULT_PREFIX) -> str:
    return f"{prefix}-{''.join(secrets.choice(ALPHABET) for _ in range(LENGTH))}"


def is_reference(text: str) -> bool:
    return bool(_REFERENCE.match(text or ""))


def prefix_of(settings: dict) -> str:
    """The tenant's prefix (settings.reference_prefix), else APP."""
    return (settings or {}).get("reference_prefix") or DEFAULT_PREFIX
