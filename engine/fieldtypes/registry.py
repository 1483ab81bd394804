"""Every field type, by name, in the order the meta-schema lists them. A new type is one line here
(after its module in engine/fieldtypes/)."""

from engine.fieldtypes import (
    address,
    check_group,
    checkbox,
    conditional_select,
    content,
    date,
    email,
    file,
    international_phone,
    number,
    phone,
    radio,
    school_search,
    select,
    text,
    textarea,
)
from engine.fieldtypes.base import FieldType

REGISTRY: dict[str, FieldType] = {}


def register(field_type: FieldType) -> None:
    if field_type.name in REGISTRY:
        raise ValueError(f"field type {field_type.name} registered twice")
    REGISTRY[field_type.name] = field_type


for _module in (
    text,
    textarea,
    email,
    phone,
    international_phone,
    date,
    select,
    radio,
    conditional_select,
    checkbox,
    check_group,
    file,
    address,
    school_search,
    content,
    number,
):
    register(_module.TYPE)


def type_of(spec: dict) -> FieldType | None:
    """The type of one field entry, None when it names none that exists."""
    kind = spec.get("type")
    return REGISTRY.get(kind) if isinstance(kind, str) else None


def holds_document(name: object) -> bool:
    """Whether an answer of the type so named (a data model entry's `field`) is an uploaded document."""
    field_type = REGISTRY.get(name) if isinstance(name, str) else None
    return bool(field_type and field_type.holds_document)


def multi_line(name: object) -> bool:
    """Whether an answer of the type so named may hold line breaks (a textarea's); a choice's label
    companion, a confirm key and every other one-line type may not."""
    field_type = REGISTRY.get(name) if isinstance(name, str) else None
    return bool(field_type and not field_type.single_line)


def holds_number(name: object) -> bool:
    """Whether an answer of the type so named (a data model entry's `field`) is a number."""
    field_type = REGISTRY.get(name) if isinstance(name, str) else None
    return bool(field_type and field_type.value == "number")


def follows_controller(spec: dict) -> bool:
    """Whether the entry's option list follows another answer (a conditional_select's options_by)."""
    field_type = type_of(spec)
    return bool(field_type and field_type.follows_controller and "options_by" in spec)
