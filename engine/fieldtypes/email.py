"""email: an email address, checked by pattern (email_message: overrides the message)."""

from engine.fieldtypes.base import PatternType
from engine.fieldtypes.schema import TEXT

EMAIL_PATTERN = r"^[^\s@]+@[^\s@]+\.[^\s@]+$"


class Email(PatternType):
    name = "email"
    message = "Please enter a valid email address."
    default_max_length = 254
    storage_limit = 254

    def properties(self) -> dict:
        return {"email_message": TEXT}

    def pattern(self, spec: dict) -> str:
        return EMAIL_PATTERN

    def entry_message(self, spec: dict, default: str) -> str:
        return spec.get("email_message", default)


TYPE = Email()
