"""content: markdown text between the questions (text:); it holds no answer."""

from engine.fieldtypes.base import FieldType


class Content(FieldType):
    name = "content"
    value = "none"
    keyed = False

    def parts(self, spec) -> list:
        return []

    def pdf(self, renderer, field: dict) -> None:
        renderer.paragraph(field.get("text", ""))


TYPE = Content()
