"""Warnings: the form works, but likely not as its author meant. `formengine validate` prints them
apart from the errors, and `--strict` fails on them. Here:
- an option list that no field uses (a misspelt or forgotten reference, or a leftover file);
- a condition or rule inside an add-another that names one entry's own key (`exp_role`), so every
  entry reads that entry's answer instead of its own;
- a text with a `{placeholder}` that nothing fills in, so the applicant would read the braces;
- `applicant_name` alternatives none of which is ever required, so staff may see no name at all;
- a phone whose label or key says "international" but whose mask is national (`international:
  false` written on it says the author means it).
"""

import re
from pathlib import Path

from engine.definition.catalogue import DEFAULT_TEXTS, MAIL_VALUES
from engine.definition.compile.comparisons import comparison
from engine.definition.compile.conditions import condition_keys
from engine.definition.fields import DEFAULT_MESSAGES, SETTING_PLACEHOLDERS
from engine.definition.load.loader import LocDict, LocList
from engine.definition.load.model import FormModel, Reference
from engine.definition.places import join, option_list_place, page_place, tree_place
from engine.definition.problems import Location, Problem, did_you_mean
from engine.fieldtypes.registry import REGISTRY

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_WHAT = {"controller": "the dropdown's controller", "when": "the rule's when", "one_of_required": "one_of_required"}


def check_advice(model: FormModel, source) -> list[Problem]:
    warnings: list[Problem] = []
    _unused_option_lists(model, source, warnings)
    for reference in model.references:
        if reference.repeater and reference.instance == 1:
            _entry_keys(model, reference, warnings)
    _placeholders(source, warnings)
    _national_masks(model, warnings)
    _name_alternatives(model, source, warnings)
    return warnings


def _warning(where: Location, code: str, message: str, hint: str, place: str) -> Problem:
    return Problem(where, code, message, hint, place, severity="warning")


# --- option lists -----------------------------------------------------------------------------


def _unused_option_lists(model: FormModel, source, warnings: list[Problem]) -> None:
    used: set[str] = set()
    for use in model.uses:
        refs = [use.spec.get("options")]
        refs += list(((use.spec.get("options_by") or {}).get("options") or {}).values())
        used.update(ref for ref in refs if isinstance(ref, str))
    for list_id, (file_name, _) in sorted(source.options.items()):
        if list_id not in used:
            warnings.append(
                _warning(
                    Location(file_name, 1, 1),
                    "UNUSED_OPTIONS",
                    f"no field uses the option list '{list_id}'",
                    f"name it in a field (options: {list_id}), or delete the file if it is left over"
                    + (f"; {did_you_mean(list_id, used)}" if did_you_mean(list_id, used) else ""),
                    option_list_place(list_id),
                )
            )


# --- the applicant's name -------------------------------------------------------------------


def _name_alternatives(model: FormModel, source, warnings: list[Problem]) -> None:
    settings = source.tenant.get("settings") or {}
    setting = settings.get("applicant_name")
    if not isinstance(settings, LocDict) or not isinstance(setting, LocDict):
        return  # a plain list joins what is answered: nothing needs to be required

    def may_be_required(key: str) -> bool:
        use = model.by_key.get(key)
        return use is not None and bool(use.spec.get("required") or use.spec.get("required_if"))

    if not any(keys and all(may_be_required(key) for key in keys) for keys in setting["any"]):
        warnings.append(
            _warning(
                settings.where("applicant_name"),
                "NAME_NEVER_REQUIRED",
                "no applicant_name alternative has all its questions required (or required_if) on any path, "
                "so an application can reach staff with no name",
                "make the questions of one alternative required where it applies (required_if the applicant type)",
                "tenant > settings > applicant_name",
            )
        )


# --- add-another entries ----------------------------------------------------------------------


def _leaf_at(condition, key: str) -> Location | None:
    """Where the condition names `key` (its valueKey), when it is written as a condition."""
    if isinstance(condition, LocDict) and condition.get("valueKey") == key:
        return condition.where("valueKey")
    if isinstance(condition, dict):
        for sub in [*(condition.get("all") or []), *(condition.get("any") or []), condition.get("not")]:
            found = _leaf_at(sub, key)
            if found:
                return found
    return None


def _entry_keys(model: FormModel, reference: Reference, warnings: list[Problem]) -> None:
    repeater = model.repeaters.get(reference.repeater or "")
    if repeater is None:
        return
    prefixes = list(repeater.spec["prefixes"])
    for key in dict.fromkeys(condition_keys(reference.condition)):
        for number, prefix in enumerate(prefixes, start=1):
            own = key[len(prefix) :] if key.startswith(prefix) else ""
            if own not in repeater.base_keys:
                continue
            what = _WHAT.get(reference.attribute, reference.attribute)
            shown = ", ".join(p + own for p in prefixes[:2]) + (", ..." if len(prefixes) > 2 else "")
            warnings.append(
                _warning(
                    _leaf_at(reference.condition, key) or reference.node.where(reference.attribute),
                    "ENTRY_KEY",
                    f"{what} names '{key}', the answer of entry {number} only, so every entry of "
                    f"add-another {repeater.id} depends on entry {number}",
                    f"write '{own}' as the fields of this section are written: each entry then reads its own "
                    f"answer ({shown})",
                    reference.place,
                )
            )
            break


# --- phones -----------------------------------------------------------------------------------


def _national_masks(model: FormModel, warnings: list[Problem]) -> None:
    for use in model.uses:
        mask = REGISTRY[use.type].national_mask(use.spec)
        if mask is None or use.instance != 1:
            continue
        if "international" in f"{use.label} {use.spec['key']}".lower():
            warnings.append(
                _warning(
                    use.spec.where("type"),
                    "NATIONAL_MASK",
                    f"the phone '{use.spec['key']}' says international, but its mask '{mask}' holds only "
                    "national numbers: a longer number would not fit",
                    "write type: international_phone (any number with its country code), or "
                    "phone: {international: false} if the national mask is meant",
                    use.place,
                )
            )


# --- placeholders -----------------------------------------------------------------------------


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


MESSAGE_PLACEHOLDERS = {name: _names(text) for name, text in DEFAULT_MESSAGES.items()}
TEXT_PLACEHOLDERS = {
    name: _names(text) | (set(MAIL_VALUES) if name.startswith("mail_") else set())
    for name, text in DEFAULT_TEXTS.items()
}
MARKDOWN_KEYS = ("text", "before", "after", "body")


def _tenant_known(path: list) -> set[str] | None:
    """The placeholders filled in at a place of tenant.yaml; None: not a text the applicant reads."""
    steps = [step for step in path if isinstance(step, str)]
    if steps[:1] == ["messages"] and len(steps) == 2:
        return MESSAGE_PLACEHOLDERS.get(steps[1], set())
    if steps[:1] == ["texts"] and len(steps) == 2:
        return TEXT_PLACEHOLDERS.get(steps[1], set())
    if steps[:2] == ["banners", "welcome"] and steps[-1] in ("title", "text"):
        return {"name"}
    if steps[:1] in (["modals"], ["footer"]) and steps[-1] in MARKDOWN_KEYS:
        return set(SETTING_PLACEHOLDERS)
    if steps[:1] in (["id"], ["pages"], ["options"], ["delivery"]) or steps[-1:] in (["route"], ["url"]):
        return None
    return set()


def _page_known(path: list, parent: LocDict) -> set[str] | None:
    last = path[-1]
    if last in ("key", "id", "route", "type", "pattern", "controller", "valueKey", "options", "file"):
        return None
    if last in MARKDOWN_KEYS:
        return set(SETTING_PLACEHOLDERS)
    if last == "message" and ("min_year" in parent or "max_year" in parent):
        return {"year"}
    if last == "message" and comparison(parent) is not None:
        return {"other"}
    return set()


def _placeholders(source, warnings: list[Problem]) -> None:
    def visit(node, path, root, tree, known_at):
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for step, value in items:
            if isinstance(value, str):
                known = known_at([*path, step], node)
                if known is not None:
                    where = node.where(step) if isinstance(node, (LocDict, LocList)) else tree.loc
                    _check_text(value, known, where, tree_place(root, tree, [*path, step]), warnings)
            else:
                visit(value, [*path, step], root, tree, known_at)

    visit(source.tenant, [], "tenant", source.tenant, lambda path, _: _tenant_known(path))
    for file_name, page in source.pages:
        visit(page, [], page_place(page, file_name), page, _page_known)
    for list_id, (_, tree) in source.options.items():
        visit(tree, [], option_list_place(list_id), tree, lambda path, _: set() if path[-1] == "label" else None)
    for relative, text in source.contents.items():
        _check_content(source.folder / relative, text, warnings)


def _unknown_hint(word: str, known: set[str]) -> str:
    if not known:
        return "nothing is filled in here: write the words themselves"
    braces = ", ".join("{" + name + "}" for name in sorted(known))
    return f"{did_you_mean(word, known)} placeholders filled in here: {braces}".lstrip()


def _check_text(text: str, known: set[str], where: Location, place: str, warnings: list[Problem]) -> None:
    for word in dict.fromkeys(PLACEHOLDER.findall(text)):
        if word not in known:
            warnings.append(
                _warning(
                    where,
                    "UNKNOWN_PLACEHOLDER",
                    f"the text names {{{word}}}, which nothing fills in: the applicant would read '{{{word}}}'",
                    _unknown_hint(word, known),
                    place,
                )
            )


def _check_content(path: Path, text: str, warnings: list[Problem]) -> None:
    try:
        name = str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        name = str(path)
    for number, line in enumerate(text.splitlines(), start=1):
        for match in PLACEHOLDER.finditer(line):
            if match.group(1) not in SETTING_PLACEHOLDERS:
                _check_text(
                    match.group(0),
                    set(SETTING_PLACEHOLDERS),
                    Location(name, number, match.start() + 1),
                    join(f"content file {path.stem}"),
                    warnings,
                )
