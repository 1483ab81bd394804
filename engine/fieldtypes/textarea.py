"""textarea: several lines of text (rows: sets its height)."""

from engine.fieldtypes.base import FieldType


class Textarea(FieldType):
    name = "textarea"
    default_max_length = 1500
    storage_limit = 100000


TYPE = Textarea()
