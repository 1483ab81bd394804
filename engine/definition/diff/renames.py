"""`renamed_from`: a field names the keys its answers were saved under before, so a draft moving to
this version keeps them. The checks refuse a rename that could not tell which field an old answer
belongs to: a key still in use, a key claimed twice, a chain or a loop."""

from engine.definition.load.loader import LocDict, LocList
from engine.definition.load.model import FieldUse, FormModel
from engine.definition.problems import Location, Problem


def renamed_from(spec: dict) -> list[str]:
    """The earlier keys a field (or check-group item) declares, as written (no repeater prefix)."""
    value = spec.get("renamed_from")
    if isinstance(value, str):
        return [value]
    return [key for key in value if isinstance(key, str)] if isinstance(value, list) else []


def _where(spec: LocDict, index: int) -> Location:
    value = spec.get("renamed_from")
    if isinstance(value, LocList):
        return value.where(index)
    return spec.where("renamed_from")


def check_renames(model: FormModel, known: set[str], problems: list[Problem]) -> None:
    # A repeater's entries share one definition: its first entry speaks for all of them.
    uses = [use for use in model.uses if use.instance == 1 and renamed_from(use.spec)]
    claimed: dict[str, FieldUse] = {}
    for use in uses:
        for index, old in enumerate(renamed_from(use.spec)):
            old_key = use.prefix + old
            where = _where(use.spec, index)
            problem = _rename_problem(use, old_key, known, model)
            if problem:
                code, message, hint = problem
                problems.append(Problem(where, code, message, hint, use.place))
            elif old_key in claimed and claimed[old_key] is not use:
                first = claimed[old_key]
                problems.append(
                    Problem(
                        where,
                        "RENAME_CLAIMED_TWICE",
                        f"'{old}' is also claimed by {first.place} ({_where(first.spec, 0)}), "
                        "so its answers could go to either field",
                        f"keep renamed_from: {old} on the one field that took over that question",
                        use.place,
                    )
                )
            claimed.setdefault(old_key, use)


def _rename_problem(use: FieldUse, old_key: str, known: set[str], model: FormModel) -> tuple[str, str, str] | None:
    old = old_key[len(use.prefix) :]
    if old_key == use.key:
        return (
            "RENAME_LOOP",
            f"renamed_from names the field's own key '{old}'",
            "remove renamed_from, or write the key the answers were saved under before",
        )
    if old_key not in known:
        return None
    other = model.by_key.get(old_key)
    if other is not None and _reaches(other, use.key, model):
        return (
            "RENAME_LOOP",
            f"'{old}' is renamed from '{use.key[len(use.prefix) :]}' and back, so neither key's answers "
            "know where to go",
            f"keep renamed_from on the newer field only, and remove field '{old}' if it was renamed",
        )
    if other is not None and renamed_from(other.spec):
        earlier = ", ".join([old, *renamed_from(other.spec)])
        return (
            "RENAME_CHAIN",
            f"'{old}' is still a field of this form (itself renamed from "
            f"{', '.join(repr(k) for k in renamed_from(other.spec))}), so its answers stay with it",
            f"if '{old}' became this field, remove field '{old}' and write renamed_from: [{earlier}] here",
        )
    return (
        "RENAME_KEY_IN_USE",
        f"'{old}' is still an answer key of this form, so its answers stay with that field",
        f"remove the field '{old}' if this one replaces it, or remove renamed_from",
    )


def _reaches(start: FieldUse, target: str, model: FormModel) -> bool:
    """Does following renamed_from from `start` come back to the key `target`?"""
    seen, todo = set(), [start]
    while todo:
        use = todo.pop()
        if use.key in seen:
            continue
        seen.add(use.key)
        for old in renamed_from(use.spec):
            old_key = use.prefix + old
            if old_key == target:
                return True
            if old_key in model.by_key:
                todo.append(model.by_key[old_key])
    return False
