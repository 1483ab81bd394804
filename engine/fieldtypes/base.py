"""The generic field type: one keyed answer, a string unless `value` says otherwise.

Each hook answers one question the generic code asks of a type; a type's module overrides only
the hooks where it differs. The hooks never import the compiler or the PDF renderer: those pass
themselves in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from engine.definition.load.loader import LocDict


# What ends a line, as Python's str.splitlines counts it (CR, LF, VT, FF, the file/group/record
# separators, NEL, U+2028, U+2029): a one-line answer holding any of these could pose as a line of
# its own where it is written out (the staff e-mail, an export). Escapes both Python's re and
# JavaScript's RegExp read the same way, so the browser's validator refuses what the server does.
LINE_BREAK = r"[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]"


class FieldType:
    name: str = ""
    value: str = "string"  # "string" | "boolean" | "number" | "none" (no answer of its own)
    widget: str = ""  # the ui:widget; the type's name unless set
    default_max_length: int | None = None
    has_options: bool = False  # a choice: answers one of an option list, with a _desc companion
    storage_limit: int | None = None  # the most characters an answer of this type can sensibly hold
    holds_document: bool = False  # the answer is an uploaded document (the documents domain keeps it)
    single_line: bool = True  # a string answer holds one line (the message one_line refuses a break)
    # --- the meta-schema (engine/definition/_gen_schema.py) ---
    keyed: bool = True  # the entry is itself the answer: it needs key and label
    requires: tuple[str, ...] = ()  # the properties an entry of this type must have besides those
    # --- author checks ---
    follows_controller: bool = False  # options_by: its option list follows another answer
    compares_dates: bool = False  # earliest/latest/not_before/not_after rules apply
    counts_words: bool = False  # min_words/max_words rules apply (free text)
    compares_numbers: bool = False  # min/max against another answer apply: its answers read as numbers
    long_answer_hint: str | None = None  # the fix when max_length is over storage_limit

    def __init__(self) -> None:
        self.widget = self.widget or self.name

    def national_mask(self, spec: dict) -> str | None:
        """The mask a national number is typed through when the author has not said whether the field
        is international; None for a field that takes no such mask, or whose author said."""
        return None

    def problems(self, spec: dict) -> list[tuple[str, str, str, str]]:
        """(attribute, code, message, hint) for each of this type's own settings that cannot work."""
        return []

    def default_messages(self) -> dict[str, str]:
        """The messages this type gives, by name, as a tenant sees them before rewording any."""
        return {}

    def properties(self) -> dict:
        """The meta-schema's field properties that this type adds (JSON Schema, engine/fieldtypes/schema.py)."""
        return {}

    # --- answers ------------------------------------------------------------------------
    def parts(self, spec: LocDict) -> list[LocDict]:
        """The answer-bearing fields inside one entry of this type (a block holds several)."""
        return [spec]

    def property_schema(self, spec: dict, messages: dict, language: str = "en") -> dict:
        """The unconditional constraints on one answer key, each keyword with its message (a message
        naming a number writes it as the form's `language` does)."""
        limit = spec.get("max_length", self.default_max_length)
        schema: dict[str, Any] = {"type": "string", "maxLength": limit}
        schema_messages = {
            "type": messages["type_string"],
            "maxLength": messages["max_length"].replace("{limit}", str(limit)),
        }
        if self.single_line:
            schema["not"] = {"type": "string", "pattern": LINE_BREAK}  # (a non-string is "type"'s to refuse)
            schema_messages["not"] = messages["one_line"]
        self.constrain(spec, messages, schema, schema_messages)
        schema["x-messages"] = schema_messages
        return schema

    def constrain(self, spec: dict, messages: dict, schema: dict, schema_messages: dict) -> None:
        """Adds this type's own keywords (a pattern, say) to a string answer's schema."""

    def form_data(self) -> dict:
        """What a compiled form that has a field of this type carries at its top level."""
        return {}

    # --- layout for renderers -----------------------------------------------------------
    def block_layout(self, compiler, spec: LocDict, use_of, layout: dict) -> dict:
        """The layout of an entry that is not itself an answer (keyed is False)."""
        return layout

    def add_layout(self, compiler, spec: LocDict, use, layout: dict) -> None:
        """Adds this type's own settings to a keyed field's layout."""

    # --- the application PDF ------------------------------------------------------------
    def pdf(self, renderer, field: dict) -> None:
        """Draws one visible field of the compiled layout: its label, then its answer."""
        if "key" in field:
            renderer.add(renderer.question(field), renderer.value(field["key"]))


class PatternType(FieldType):
    """A one-line answer checked by one pattern; its one message (`message`, named after the type)
    an entry may replace."""

    message = ""

    def default_messages(self) -> dict[str, str]:
        return {self.name: self.message}

    def pattern(self, spec: dict) -> str:
        """The pattern an answer to this entry must match."""
        raise NotImplementedError

    def entry_message(self, spec: dict, default: str) -> str:
        """The entry's own message for an answer that does not match; `default` when it has none."""
        raise NotImplementedError

    def constrain(self, spec: dict, messages: dict, schema: dict, schema_messages: dict) -> None:
        schema["pattern"] = self.pattern(spec)
        schema_messages["pattern"] = self.entry_message(spec, messages[self.name])


def as_loc(node: object) -> LocDict:
    """A mapping of the definition (the loader makes every mapping a LocDict)."""
    return cast("LocDict", node)
