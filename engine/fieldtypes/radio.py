"""radio: one option list shown as buttons; the PDF shows every option, the chosen one marked."""

from engine.fieldtypes.choice import Choice


class Radio(Choice):
    name = "radio"
    requires = ("options",)

    def pdf(self, renderer, field: dict) -> None:
        chosen = renderer.value(field["key"])
        choices = [
            f"{renderer.mark(option['value'] == chosen)} {option['label']}"
            for option in renderer.option_list(field)
            if option["value"] != ""
        ]
        renderer.add(renderer.question(field), "   ".join(choices))


TYPE = Radio()
