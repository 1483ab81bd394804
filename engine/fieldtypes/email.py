"""email: an email address, checked by pattern (email_message: overrides the message)."""

from engine.fieldtypes.base import FieldType
from engine.fieldtypes.schema import TEXT

EMAIL_PATTERN = r"^[^\s@]+@[^\s@]+\.[^\s@]+$"


class Email(FieldType):
    name = "email"
    default_max_length = 254
    storage_limit = 254

    def default_messages(self) -> dict[str, str]:
        return {"email": "Please enter a valid email address."}

    def properties(self) -> dict:
        return {"email_message": TEXT}

    def constrain(self, spec: dict, messages: dict, schema: dict, schema_messages: dict) -> None:
        schema["pattern"] = EMAIL_PATTERN
        schema_messages["pattern"] = spec.get("email_message", messages["email"])


TYPE = Email()
