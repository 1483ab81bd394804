"""phone: a number typed through a mask ("(###) ###-####" unless phone.mask says otherwise), or
with phone.international any number in international form."""

from engine.fieldtypes.base import FieldType
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


class Phone(FieldType):
    name = "phone"
    default_max_length = 30
    storage_limit = 30

    def default_messages(self) -> dict[str, str]:
        return {"phone": "Please enter a valid phone number."}

    def properties(self) -> dict:
        return {"phone": PHONE_PROPERTY}

    def national_mask(self, spec: dict) -> str | None:
        phone = spec.get("phone") or {}
        return None if "international" in phone else phone.get("mask", DEFAULT_MASK)

    def constrain(self, spec: dict, messages: dict, schema: dict, schema_messages: dict) -> None:
        phone = spec.get("phone", {})
        schema["pattern"] = (
            INTERNATIONAL_PHONE_PATTERN if phone.get("international") else mask_pattern(phone.get("mask", DEFAULT_MASK))
        )
        schema_messages["pattern"] = phone.get("message", messages["phone"])

    def add_layout(self, compiler, spec, use, layout: dict) -> None:
        # The message goes with the mask: the widget says it as soon as a value does not fit.
        phone = {"mask": DEFAULT_MASK, "international": False, **dict(spec.get("phone") or {})}
        layout["phone"] = {"message": compiler.messages["phone"], **phone}


TYPE = Phone()
