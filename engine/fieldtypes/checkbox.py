"""checkbox: a yes/no answer (true or false); must_be_true: makes ticking it required."""

from engine.fieldtypes.base import FieldType
from engine.fieldtypes.schema import TEXT


class Checkbox(FieldType):
    name = "checkbox"
    value = "boolean"

    def properties(self) -> dict:
        return {"must_be_true": TEXT}

    def property_schema(self, spec: dict, messages: dict, language: str = "en") -> dict:
        return {"type": "boolean", "x-messages": {"type": messages["type_boolean"]}}

    def pdf(self, renderer, field: dict) -> None:
        checked = renderer.answers.get(field["key"]) is True
        answer = renderer.texts["pdf_checkbox_yes" if checked else "pdf_checkbox_no"]
        renderer.add(renderer.question(field), f"{renderer.mark(checked)} {answer}")


TYPE = Checkbox()
