"""conditional_select: a dropdown whose option list follows another answer (options_by:
{controller, options: {controller value: list}})."""

from engine.fieldtypes.choice import Choice
from engine.fieldtypes.schema import KEY, obj, ref


class ConditionalSelect(Choice):
    name = "conditional_select"
    requires = ("options_by",)
    follows_controller = True

    def properties(self) -> dict:
        options_by = obj(
            ["controller", "options"],
            controller=KEY,
            options={"type": "object", "additionalProperties": ref("options_ref")},
        )
        return {**super().properties(), "options_by": options_by}


TYPE = ConditionalSelect()
