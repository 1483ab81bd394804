"""international_phone: a number with its country code, checked as E.164 (phones.py);
a form that has one carries the calling-code list for the country picker."""

from engine.fieldtypes.phone import PhoneMessage
from engine.fieldtypes.phones import calling_codes, international_phone_pattern


class InternationalPhone(PhoneMessage):
    name = "international_phone"
    message = "Please enter the number with its country code, for example +44 20 7946 0958."

    def pattern(self, spec: dict) -> str:
        return international_phone_pattern()

    def form_data(self) -> dict:
        return {"calling_codes": calling_codes()}


TYPE = InternationalPhone()
