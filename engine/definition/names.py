"""The applicant's name for staff (`settings.applicant_name`), shared by the staff list, its search,
the print view, the PDF and delivery. Two forms:
- a list of keys, `[first_name, middle_name, last_name]`: the answered ones joined by spaces;
- alternatives, `{any: [[first_name, last_name], [org_name], [group_name]]}`: the first whose keys
  are all answered, joined (a person, an organisation or a group, whichever applied)."""

from collections.abc import Callable


def alternatives(setting) -> list[list[str]]:
    """The setting as alternatives: a plain list is one alternative, its answered keys joined."""
    if isinstance(setting, dict):
        return [list(keys) for keys in setting.get("any") or []]
    return [list(setting)] if setting else []


def all_keys(setting) -> list[str]:
    """Every key the setting names, each once, in order (the staff search looks in all of them)."""
    return list(dict.fromkeys(key for keys in alternatives(setting) for key in keys))


def applicant_name(setting, value: Callable[[str], str]) -> str:
    """The name, `value(key)` reading an answer as text ("" when unanswered)."""
    if not isinstance(setting, dict):
        return " ".join(part for part in (value(key).strip() for key in setting or []) if part)
    for keys in alternatives(setting):
        parts = [value(key).strip() for key in keys]
        if keys and all(parts):
            return " ".join(parts)
    return ""
