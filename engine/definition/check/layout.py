"""Checks of meaning on lists and layout: duplicate or empty option values and labels, branches
that can never show, tabs that clear their own answers, a confirm key that is also an answer key,
an idle prompt that comes before the session starts."""

from engine.definition.load.loader import LocDict
from engine.definition.load.model import FormModel, written_keys
from engine.definition.places import join, option_list_place, page_id
from engine.definition.problems import Problem


def check_layout(model: FormModel, source, problems: list[Problem]) -> None:
    for list_id, (_, tree) in source.options.items():
        if "options" in tree:
            check_option_items(tree["options"], option_list_place(list_id), problems)
    for use in model.uses:
        if use.instance > 1:
            continue
        if isinstance(use.spec.get("options"), list):
            check_option_items(use.spec["options"], join(use.place, "options"), problems)
        for value, ref in ((use.spec.get("options_by") or {}).get("options") or {}).items():
            if isinstance(ref, list):
                check_option_items(ref, join(use.place, f"options for {value}"), problems)
    for _, page in source.pages:
        for section in page["sections"]:
            place = join(f"page {page_id(page['route'])}", f"section {section['id']}")
            _check_branches(section, place, problems)
            _check_tab_clears(section, place, problems)
            _check_confirm_key(section, place, model, problems)
    _check_idle(source, problems)


def _check_confirm_key(section: LocDict, place: str, model: FormModel, problems: list[Problem]) -> None:
    if "confirm" in section and section["confirm"]["key"] in model.by_key:
        key = section["confirm"]["key"]
        problems.append(
            Problem(
                section["confirm"].where("key"),
                "DUPLICATE_KEY",
                f"the confirm key '{key}' is also the answer key of {model.by_key[key].place}",
                "give the confirmation its own key, e.g. <section id>_confirmed",
                place,
            )
        )


def check_option_items(items, place: str, problems: list[Problem]) -> None:
    seen_values: dict[str, int] = {}
    seen_labels: dict[str, int] = {}
    for index, option in enumerate(items):
        if not isinstance(option, LocDict):
            continue
        value, label = str(option.get("value")), str(option.get("label"))
        item_place = join(place, f"option {value!r}")
        if value == "":
            problems.append(
                Problem(
                    option.where("value"),
                    "BAD_OPTION",
                    "an option value is empty",
                    "every list starts with the empty '--' option already: give this option a value",
                    item_place,
                )
            )
        if value in seen_values:
            problems.append(
                Problem(
                    option.where("value"),
                    "DUPLICATE_OPTION",
                    f"the value {value!r} is also option {seen_values[value] + 1}'s value, so the two cannot be told apart",
                    "give each option its own value",
                    item_place,
                )
            )
        if label in seen_labels:
            problems.append(
                Problem(
                    option.where("label"),
                    "DUPLICATE_OPTION",
                    f"the label {label!r} is also option {seen_labels[label] + 1}'s label, so the applicant cannot tell them apart",
                    "give each option its own label",
                    item_place,
                )
            )
        seen_values.setdefault(value, index)
        seen_labels.setdefault(label, index)


def _check_branches(section: LocDict, place: str, problems: list[Problem]) -> None:
    earlier: list = []
    fallback = None
    for branch in section.get("branches") or []:
        branch_place = join(place, f"branch {branch['id']}")
        condition = branch.get("show_if")
        if fallback is not None:
            problems.append(
                Problem(
                    branch.where("id"),
                    "BRANCH_UNREACHABLE",
                    f"this branch comes after branch {fallback}, which has no show_if and so always shows: this one never can",
                    "put the branch without show_if last",
                    branch_place,
                )
            )
        elif condition is not None and condition in earlier:
            problems.append(
                Problem(
                    branch.where("show_if"),
                    "BRANCH_UNREACHABLE",
                    "an earlier branch has the same show_if, and the first true branch wins: this one never shows",
                    "merge the two branches or change a condition",
                    branch_place,
                )
            )
        if condition is None and fallback is None:
            fallback = branch["id"]
        earlier.append(condition)


def _check_tab_clears(section: LocDict, place: str, problems: list[Problem]) -> None:
    for tab in (section.get("tabs") or {}).get("options") or []:
        own = set(written_keys(tab["fields"]))
        for index, key in enumerate(tab.get("clears") or []):
            if key in own:
                problems.append(
                    Problem(
                        tab["clears"].where(index),
                        "TAB_CLEARS_OWN",
                        f"choosing this tab would clear '{key}', which the tab itself asks for",
                        "list the other tabs' keys in clears",
                        join(place, f"tab {tab['id']}"),
                    )
                )


def _check_idle(source, problems: list[Problem]) -> None:
    idle = (source.tenant.get("settings") or {}).get("idle")
    if isinstance(idle, LocDict) and idle["prompt_ms"] >= idle["timeout_ms"]:
        problems.append(
            Problem(
                idle.where("prompt_ms"),
                "IMPOSSIBLE_BOUND",
                f"the idle prompt ({idle['prompt_ms']} ms before the end) comes before the session even starts ({idle['timeout_ms']} ms)",
                "make prompt_ms smaller than timeout_ms (the spec: 60000 of 900000)",
                "tenant > settings > idle",
            )
        )
