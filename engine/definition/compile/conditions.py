"""Conditions -> JSON Schema, so the server (jsonschema) and the client (ajv) evaluate them
with no hand-written twin. Answers are validated after `prepare_instance`: empty strings and
nulls are dropped, so an absent key and an empty answer are the same thing."""

OPERATORS = ("equals", "notEquals", "lt", "lte", "gt", "gte", "answered", "notAnswered", "in", "notIn")
TAB_KEY_PREFIX = "__tab__"
COUNT_KEY_PREFIX = "__count__"  # an add-another button's number of entries, as a number


def condition_keys(condition) -> list[str]:
    """Every valueKey a condition reads."""
    if condition is None:
        return []
    for group in ("all", "any"):
        if group in condition:
            return [k for c in condition[group] for k in condition_keys(c)]
    if "not" in condition:
        return condition_keys(condition["not"])
    other = other_answer(condition)
    return [condition["valueKey"]] + ([other] if other is not None else [])


def other_answer(condition) -> str | None:
    """The key of the other answer a comparison reads (`target: {answer: start_date}`), if any."""
    target = condition.get("target")
    return target.get("answer") if isinstance(target, dict) else None


def map_keys(condition, resolve):
    """A copy of the condition with every valueKey passed through resolve()."""
    if condition is None:
        return None
    for group in ("all", "any"):
        if group in condition:
            return {group: [map_keys(c, resolve) for c in condition[group]]}
    if "not" in condition:
        return {"not": map_keys(condition["not"], resolve)}
    mapped = dict(condition)
    mapped["valueKey"] = resolve(condition["valueKey"])
    if other_answer(condition) is not None:
        mapped["target"] = {**condition["target"], "answer": resolve(condition["target"]["answer"])}
    return mapped


def _present(key: str, value_schema: dict | None = None) -> dict:
    schema: dict = {"required": [key]}
    if value_schema is not None:
        schema["properties"] = {key: value_schema}
    return schema


def _normalise_target(target):
    if isinstance(target, (int, float)) and not isinstance(target, bool):
        return str(target)
    return target


def to_schema(condition) -> dict:
    """A JSON Schema that an answer map satisfies exactly when the condition is true."""
    if "all" in condition:
        return {"allOf": [to_schema(c) for c in condition["all"]]}
    if "any" in condition:
        return {"anyOf": [to_schema(c) for c in condition["any"]]}
    if "not" in condition:
        return {"not": to_schema(condition["not"])}
    key, operator = condition["valueKey"], condition["operator"]
    target = condition.get("target")
    if operator == "answered":
        return _present(key, {"not": {"const": False}})
    if operator == "notAnswered":
        return {"not": to_schema({"valueKey": key, "operator": "answered"})}
    if operator in ("equals", "notEquals"):
        target = _normalise_target(target)
        positive = {"not": _present(key)} if target in ("", None) else _present(key, {"const": target})
        return positive if operator == "equals" else {"not": positive}
    if operator in ("in", "notIn"):
        targets = [_normalise_target(t) for t in (target if isinstance(target, list) else [target])]
        values = [t for t in targets if t not in ("", None)]
        positive = _present(key, {"enum": values})
        if len(values) != len(targets):  # the list admits "empty"
            positive = {"anyOf": [positive, {"not": _present(key)}]}
        return positive if operator == "in" else {"not": positive}
    # lt / lte / gt / gte: numbers compare as numbers, anything else as text; absent is never compared.
    other = other_answer(condition)
    if other is not None:  # with another answer: both must be there
        return {"required": [key, other], "fe_other": {"key": key, "op": operator, "other": other, "as": "value"}}
    return _present(key, {"fe_compare": {"op": operator, "target": target}})


def conjunction(*schemas) -> dict | None:
    parts = [s for s in schemas if s]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    flat: list[dict] = []
    for part in parts:
        flat.extend(part["allOf"] if set(part) == {"allOf"} else [part])
    return {"allOf": flat}


def negation(schema: dict) -> dict:
    return {"not": schema}


def tab_chosen(tab_group: str, tab_id: str) -> dict:
    return _present(TAB_KEY_PREFIX + tab_group, {"const": tab_id})


def count_at_least(button_id: str, count: int) -> dict:
    """The add-another button shows at least `count` entries."""
    return _present(COUNT_KEY_PREFIX + button_id, {"fe_compare": {"op": "gte", "target": count}})


def prepare_instance(
    answers: dict,
    tabs: dict | None = None,
    tab_defaults: dict | None = None,
    counts: dict | None = None,
    count_limits: dict | None = None,
) -> dict:
    """What the compiled schemas read: answers without empties, plus each tab group's choice and,
    given `count_limits` ({button: (default, max)}), each add-another button's count within them."""
    instance = {k: v for k, v in answers.items() if v not in ("", None)}
    chosen = dict(tab_defaults or {})
    chosen.update({k: v for k, v in (tabs or {}).items() if v})
    for group, tab in chosen.items():
        instance[TAB_KEY_PREFIX + group] = tab
    for button, (default, most) in (count_limits or {}).items():
        instance[COUNT_KEY_PREFIX + button] = entry_count((counts or {}).get(button), default, most)
    return instance


def entry_count(value, default: int, most: int) -> int:
    """A stored add-another count as the form uses it: a whole number from 1 to the button's max."""
    if not isinstance(value, int) or isinstance(value, bool):
        value = default
    return max(1, min(value, most))
