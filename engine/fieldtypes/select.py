"""select: a dropdown of one option list (options:)."""

from engine.fieldtypes.choice import Choice


class Select(Choice):
    name = "select"
    requires = ("options",)


TYPE = Select()
