"""Request parsing that answers bad input with 400 {"message", "errors"} in plain words."""

from engine.accounts import messages
from engine.definition.catalogue import DEFAULT_TEXTS, tenant_text
from engine.errors import AppError
from engine.extensions import ApiParser


class ArgumentsParser(ApiParser):
    DEFAULT_VALIDATION_STATUS = 400

    def handle_error(self, error, req, schema, *, error_status_code, error_headers):
        problems = error.messages
        if isinstance(problems, dict) and len(problems) == 1 and next(iter(problems)) in self.__location_map__:
            problems = next(iter(problems.values()))  # webargs nests them under "json"
        if not isinstance(problems, dict) or "_schema" in problems:
            raise AppError(messages.NOT_OBJECT, 400)
        errors = {field: _flatten(found) for field, found in problems.items()}
        text = " ".join(dict.fromkeys(message for found in errors.values() for message in found))
        raise AppError(text, 400, errors=errors)


def _flatten(found) -> list[str]:
    """The messages of a field, each a text id of the schema (schemas._text) in the served tenant's words."""
    if isinstance(found, str):
        return [tenant_text(found) if found in DEFAULT_TEXTS else found]
    if isinstance(found, dict):
        return [message for value in found.values() for message in _flatten(value)]
    return [message for value in found for message in _flatten(value)]
