"""textarea: several lines of text (rows: sets its height)."""

from engine.fieldtypes.base import FieldType


class Textarea(FieldType):
    name = "textarea"
    default_max_length = 1500
    storage_limit = 100000
    single_line = False
    counts_words = True

    def properties(self) -> dict:
        return {"rows": {"type": "integer", "minimum": 1, "maximum": 40}}


TYPE = Textarea()
