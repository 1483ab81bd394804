"""Field types: one registry entry per type, each knowing its value shape and widget.

The compiler asks a type for its base property schema (type, length, pattern, choices) and its
ui widget; rules common to all types (required, required_if, rules:) are handled by the compiler.
"""

from dataclasses import dataclass

from engine.definition.phones import international_phone_pattern

EMAIL_PATTERN = r"^[^\s@]+@[^\s@]+\.[^\s@]+$"
DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
INTERNATIONAL_PHONE_PATTERN = r"^\+?[0-9][0-9 ().-]{5,24}$"

DEFAULT_MESSAGES = {
    "max_length": "Please enter no more than {limit} characters.",
    "choice": "Please choose one of the options.",
    "type_string": "Please enter text.",
    "type_boolean": "Please answer yes or no.",
    "date_format": "Please enter a valid date.",
    "email": "Please enter a valid email address.",
    "phone": "Please enter a valid phone number.",
    "international_phone": "Please enter the number with its country code, for example +44 20 7946 0958.",
    "file_too_large": "Your file is too large. The maximum file size is {max_size}.",
    "file_wrong_type": "You can only enter the following file types: {types}",
    "file_empty": "Your file is empty. Please upload a non-empty file.",
    "file_name_too_long": "Your file name is too long. The maximum length is {limit} characters.",
    # Every message of a later add-another entry names it: {entry} is its title ("School 2").
    "in_entry": "{entry}: {message}",
}


# The settings a markdown text (modal, footer, page, section or field text) can name as {placeholder}.
SETTING_PLACEHOLDERS = ("support_email", "admissions_email", "phone")

REGEX_SPECIALS = set("()[]{}.*+?^$|\\/")


def mask_pattern(mask: str) -> str:
    """A pattern valid in Python and in JavaScript's unicode mode (which refuses needless escapes)."""
    out = []
    for char in mask:
        out.append("[0-9]" if char == "#" else "\\" + char if char in REGEX_SPECIALS else char)
    return "^" + "".join(out) + "$"


@dataclass(frozen=True)
class FieldType:
    name: str
    value: str  # "string" | "boolean" | "none"
    widget: str
    default_max_length: int | None = None
    has_options: bool = False
    storage_limit: int | None = None  # the most characters an answer of this type can sensibly hold


REGISTRY: dict[str, FieldType] = {}


def register(field_type: FieldType) -> None:
    if field_type.name in REGISTRY:
        raise ValueError(f"field type {field_type.name} registered twice")
    REGISTRY[field_type.name] = field_type


for _type in (
    FieldType("text", "string", "text", 45, storage_limit=1000),
    FieldType("textarea", "string", "textarea", 1500, storage_limit=100000),
    FieldType("email", "string", "email", 254, storage_limit=254),
    FieldType("phone", "string", "phone", 30, storage_limit=30),
    FieldType("international_phone", "string", "international_phone", 30, storage_limit=30),
    FieldType("date", "string", "date", 10, storage_limit=10),
    FieldType("select", "string", "select", 100, has_options=True, storage_limit=100),
    FieldType("radio", "string", "radio", 100, has_options=True, storage_limit=100),
    FieldType("conditional_select", "string", "conditional_select", 100, has_options=True, storage_limit=100),
    FieldType("checkbox", "boolean", "checkbox"),
    FieldType("check_group", "none", "check_group"),
    FieldType("file", "string", "file_upload", 300, storage_limit=300),
    FieldType("address", "none", "address"),
    FieldType("school_search", "none", "school_search"),
    FieldType("content", "none", "content"),
):
    register(_type)


def base_property_schema(spec: dict, field_type: FieldType, messages: dict) -> dict:
    """The unconditional constraints on one answer key, each keyword with its message."""
    if field_type.value == "boolean":
        return {"type": "boolean", "x-messages": {"type": messages["type_boolean"]}}
    limit = spec.get("max_length", field_type.default_max_length)
    schema = {"type": "string", "maxLength": limit}
    schema_messages = {
        "type": messages["type_string"],
        "maxLength": messages["max_length"].replace("{limit}", str(limit)),
    }
    if field_type.name == "date":
        schema["pattern"] = DATE_PATTERN
        schema["fe_valid_date"] = True
        schema_messages["pattern"] = schema_messages["fe_valid_date"] = messages["date_format"]
    elif field_type.name == "email":
        schema["pattern"] = EMAIL_PATTERN
        schema_messages["pattern"] = spec.get("email_message", messages["email"])
    elif field_type.name == "phone":
        phone = spec.get("phone", {})
        schema["pattern"] = (
            INTERNATIONAL_PHONE_PATTERN
            if phone.get("international")
            else mask_pattern(phone.get("mask", "(###) ###-####"))
        )
        schema_messages["pattern"] = phone.get("message", messages["phone"])
    elif field_type.name == "international_phone":
        schema["pattern"] = international_phone_pattern()
        schema_messages["pattern"] = spec.get("phone", {}).get("message", messages["international_phone"])
    schema["x-messages"] = schema_messages
    return schema
