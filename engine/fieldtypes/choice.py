"""The shared base of the choice types (select, radio, conditional_select): an answer from an
option list, with a `<key>_desc` companion for the chosen label."""

from engine.fieldtypes.base import FieldType
from engine.fieldtypes.schema import array, ref


class Choice(FieldType):
    default_max_length = 100
    storage_limit = 100
    has_options = True

    def properties(self) -> dict:
        return {"options": ref("options_ref"), "extra_values": array({"type": "string"})}

    def pdf(self, renderer, field: dict) -> None:
        """The chosen option's label."""
        chosen = renderer.value(field["key"])
        renderer.add(renderer.question(field), renderer.option_label(field, chosen) if chosen else "")
