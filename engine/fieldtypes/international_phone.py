"""international_phone: a number with its country code, checked as E.164 (phones.py);
a form that has one carries the calling-code list for the country picker."""

from engine.fieldtypes.base import FieldType
from engine.fieldtypes.phone import PHONE_PROPERTY
from engine.fieldtypes.phones import calling_codes, international_phone_pattern


class InternationalPhone(FieldType):
    name = "international_phone"
    default_max_length = 30
    storage_limit = 30

    def default_messages(self) -> dict[str, str]:
        return {"international_phone": "Please enter the number with its country code, for example +44 20 7946 0958."}

    def properties(self) -> dict:
        return {"phone": PHONE_PROPERTY}

    def constrain(self, spec: dict, messages: dict, schema: dict, schema_messages: dict) -> None:
        schema["pattern"] = international_phone_pattern()
        schema_messages["pattern"] = spec.get("phone", {}).get("message", messages["international_phone"])

    def form_data(self) -> dict:
        return {"calling_codes": calling_codes()}


TYPE = InternationalPhone()
