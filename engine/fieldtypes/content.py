"""content: markdown text between the questions (text:); it holds no answer. `screen_only: true`
marks text that only makes sense on screen (how to move between pages, what a button does): the
application PDF leaves it out."""

from engine.fieldtypes.base import FieldType


class Content(FieldType):
    name = "content"
    value = "none"
    keyed = False

    def properties(self) -> dict:
        return {
            "screen_only": {
                "type": "boolean",
                "description": "Text for the screen only (navigation instructions): left off the application PDF",
            }
        }

    def parts(self, spec) -> list:
        return []

    def block_layout(self, compiler, spec, use_of, layout: dict) -> dict:
        if spec.get("screen_only"):
            layout["screen_only"] = True
        return layout

    def pdf(self, renderer, field: dict) -> None:
        if not field.get("screen_only"):
            renderer.paragraph(field.get("text", ""))


TYPE = Content()
