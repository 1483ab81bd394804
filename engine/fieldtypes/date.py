"""date: a calendar date written YYYY-MM-DD; the only type the date rules (earliest, latest,
not_before, not_after) apply to."""

from engine.fieldtypes.base import FieldType

DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"


class Date(FieldType):
    name = "date"
    default_max_length = 10
    storage_limit = 10
    compares_dates = True

    def default_messages(self) -> dict[str, str]:
        return {"date_format": "Please enter a valid date."}

    def constrain(self, spec: dict, messages: dict, schema: dict, schema_messages: dict) -> None:
        schema["pattern"] = DATE_PATTERN
        schema["fe_valid_date"] = True
        schema_messages["pattern"] = schema_messages["fe_valid_date"] = messages["date_format"]

    def add_layout(self, compiler, spec, use, layout: dict) -> None:
        # The widget says it at once when day, month and year make no date (31 February).
        layout["date_message"] = compiler.messages["date_format"]

    def pdf(self, renderer, field: dict) -> None:
        """The date as the form's language writes it in its date style; stored ISO."""
        renderer.add(renderer.question(field), renderer.date(field["key"]))


TYPE = Date()
