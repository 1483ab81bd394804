"""The messages a tenant can reword (tenant.yaml messages:), and the settings texts can name.

Everything particular to one field type lives in its module in engine/fieldtypes/, its default
messages too (FieldType.default_messages); they join the ones every type shares here.
"""

from engine.fieldtypes.registry import REGISTRY

SHARED_MESSAGES = {
    "max_length": "Please enter no more than {limit} characters.",
    "choice": "Please choose one of the options.",
    "type_string": "Please enter text.",
    "type_boolean": "Please answer yes or no.",
    "one_line": "Please keep this answer on one line.",
    # Every message of a later add-another entry names it: {entry} is its title ("School 2").
    "in_entry": "{entry}: {message}",
    # A comparison with another answer ({other}: its question's label, or an add-another's entry name).
    "other_not_before": "Please enter a date on or after “{other}”.",
    "other_not_after": "Please enter a date on or before “{other}”.",
    "other_min": "Please enter a number no less than “{other}”.",
    "other_max": "Please enter a number no more than “{other}”.",
    "entries_min": "Please enter a number no less than the number of “{other}” entries.",
    "entries_max": "Please enter a number no more than the number of “{other}” entries.",
}
# The order the compiled form (and a pseudo-translated tenant.yaml) has published them in; a new
# message goes last.
MESSAGE_ORDER = [
    *("max_length", "choice", "type_string", "type_boolean", "date_format", "email", "phone"),
    *("international_phone", "file_too_large", "file_wrong_type", "file_empty", "file_name_too_long", "in_entry"),
    "one_line",
    *("other_not_before", "other_not_after", "other_min", "other_max", "entries_min", "entries_max"),
]


def _default_messages() -> dict[str, str]:
    found = dict(SHARED_MESSAGES)
    for field_type in REGISTRY.values():
        for name, text in field_type.default_messages().items():
            if found.setdefault(name, text) != text:
                raise ValueError(f"two default texts for the message {name}")

    def place(name: str) -> int:
        return MESSAGE_ORDER.index(name) if name in MESSAGE_ORDER else len(MESSAGE_ORDER)

    return {name: found[name] for name in sorted(found, key=place)}


DEFAULT_MESSAGES = _default_messages()


# The settings a markdown text (modal, footer, page, section or field text) can name as {placeholder}.
SETTING_PLACEHOLDERS = ("support_email", "admissions_email", "phone")
