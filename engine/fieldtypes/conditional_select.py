"""conditional_select: a dropdown whose option list follows another answer (options_by:
{controller, options: {controller value: list}})."""

from engine.fieldtypes.choice import Choice


class ConditionalSelect(Choice):
    name = "conditional_select"
    requires = ("options_by",)
    follows_controller = True


TYPE = ConditionalSelect()
