"""phone: a number typed through a mask ("(###) ###-####" unless phone.mask says otherwise), or
with phone.international any number in international form."""

from engine.fieldtypes.base import PatternType
from engine.fieldtypes.schema import TEXT, obj

INTERNATIONAL_PHONE_PATTERN = r"^\+?[0-9][0-9 ().-]{5,24}$"
DEFAULT_MASK = "(###) ###-####"
REGEX_SPECIALS = set("()[]{}.*+?^$|\\/")
# phone: {mask, international, message}; international_phone reads only its message.
PHONE_PROPERTY = obj(mask={"type": "string", "pattern": "#"}, international={"type": "boolean"}, message=TEXT)


def mask_pattern(mask: str) -> str:
    """A pattern valid in Python and in JavaScript's unicode mode (which refuses needless escapes)."""
    out = []
    for char in mask:
        out.append("[0-9]" if char == "#" else "\\" + char if char in REGEX_SPECIALS else char)
    return "^" + "".join(out) + "$"


class PhoneMessage(PatternType):
    """A phone number: its message in the entry's phone.message."""

    default_max_length = 30
    storage_limit = 30

    def properties(self) -> dict:
        return {"phone": PHONE_PROPERTY}

    def entry_message(self, spec: dict, default: str) -> str:
        return spec.get("phone", {}).get("message", default)


class Phone(PhoneMessage):
    name = "phone"
    message = "Please enter a valid phone number."

    def national_mask(self, spec: dict) -> str | None:
        phone = spec.get("phone") or {}
        return None if "international" in phone else phone.get("mask", DEFAULT_MASK)

    def pattern(self, spec: dict) -> str:
        phone = spec.get("phone", {})
        return (
            INTERNATIONAL_PHONE_PATTERN if phone.get("international") else mask_pattern(phone.get("mask", DEFAULT_MASK))
        )

    def add_layout(self, compiler, spec, use, layout: dict) -> None:
        # The message goes with the mask: the widget says it as soon as a value does not fit.
        phone = {"mask": DEFAULT_MASK, "international": False, **dict(spec.get("phone") or {})}
        layout["phone"] = {"message": compiler.messages["phone"], **phone}


TYPE = Phone()
