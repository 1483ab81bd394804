"""Reference and meaning checks: everything a name points at must exist and make sense."""

import datetime as dt
import re

from engine.definition.conditions import condition_keys
from engine.definition.fields import REGISTRY
from engine.definition.model import FormModel
from engine.definition.problems import Problem, did_you_mean

MAX_ADD_ANOTHER = 10


def data_model_keys(model: FormModel) -> set[str]:
    keys = set(model.by_key) | set(model.confirm_keys)
    keys |= {use.key + "_desc" for use in model.uses if REGISTRY[use.type].has_options}
    return keys


def check_model(model: FormModel, source, problems: list[Problem]) -> None:
    known = data_model_keys(model)
    _check_references(model, known, problems)
    _check_repeaters(model, problems)
    _check_tabs(model, known, problems)
    _check_options(model, source, problems)
    _check_routes(source, problems)
    _check_dates(source, problems)
    _check_sections(model, known, source, problems)
    _check_patterns(model, problems)
    _check_banner_keys(source, known, problems)


def _check_banner_keys(source, known: set[str], problems: list[Problem]) -> None:
    welcome = (source.tenant.get("banners") or {}).get("welcome") or {}
    settings = source.tenant.get("settings") or {}
    for holder, name in ((welcome, "name_keys"), (settings, "applicant_name")):
        for index, key in enumerate(holder.get(name) or []):
            if key not in known:
                problems.append(_unknown_key(holder[name].where(index), key, known, name))


def _check_patterns(model: FormModel, problems: list[Problem]) -> None:
    for use in model.uses:
        for rule in use.spec.get("rules") or []:
            if "pattern" in rule:
                try:
                    re.compile(rule["pattern"])
                except re.error as exc:
                    problems.append(
                        Problem(
                            rule.where("pattern"),
                            "BAD_PATTERN",
                            f"pattern of '{use.key}' is not a valid regular expression: {exc}",
                            "patterns must work in Python and JavaScript; escape ( ) . + ? * with \\\\",
                        )
                    )


def _unknown_key(where, key: str, known: set[str], what: str) -> Problem:
    hint = did_you_mean(key, known) or "declare it as a field's key, or fix the spelling"
    return Problem(where, "REF_UNKNOWN_KEY", f"{what} refers to '{key}', which is not an answer key", hint)


def _check_references(model: FormModel, known: set[str], problems: list[Problem]) -> None:
    for condition, resolve, node, attribute in model.references:
        for key in condition_keys(condition):
            if resolve(key) not in known and key not in known:
                problems.append(_unknown_key(node.where(attribute), key, known, f"{attribute}"))


def _check_repeaters(model: FormModel, problems: list[Problem]) -> None:
    for repeater in model.repeaters.values():
        spec = repeater.spec
        if spec["max"] > MAX_ADD_ANOTHER:
            problems.append(
                Problem(
                    spec.where("max"),
                    "ADD_ANOTHER_MAX",
                    f"add-another '{repeater.id}' allows {spec['max']}; the most is {MAX_ADD_ANOTHER}",
                    f"set max to {MAX_ADD_ANOTHER} or fewer",
                )
            )
        prefixes = spec["prefixes"]
        if len(prefixes) != spec["max"]:
            problems.append(
                Problem(
                    spec.where("prefixes"),
                    "PREFIX_MISMATCH",
                    f"add-another '{repeater.id}' has max {spec['max']} but {len(prefixes)} prefixes",
                    "give exactly one prefix per instance",
                )
            )
        if len(set(prefixes)) != len(prefixes):
            problems.append(
                Problem(spec.where("prefixes"), "PREFIX_MISMATCH", f"add-another '{repeater.id}' repeats a prefix")
            )
        first = prefixes[0] if prefixes else ""
        stem = first[:-1]
        for index, prefix in enumerate(prefixes[1:], start=2):
            if prefix != f"{stem}_{index}_":
                problems.append(
                    Problem(
                        spec["prefixes"].where(index - 1),
                        "PREFIX_MISMATCH",
                        f"prefix '{prefix}' does not follow '{first}'",
                        f"instance {index} should be '{stem}_{index}_'",
                    )
                )


def _check_tabs(model: FormModel, known: set[str], problems: list[Problem]) -> None:
    for group in model.tabs.values():
        tab_ids = [tab["id"] for tab in group.spec["options"]]
        if group.spec["default"] not in tab_ids:
            problems.append(
                Problem(
                    group.spec.where("default"),
                    "REF_UNKNOWN_TAB",
                    f"default tab '{group.spec['default']}' is not one of {', '.join(tab_ids)}",
                    did_you_mean(group.spec["default"], tab_ids),
                )
            )
        if len(set(tab_ids)) != len(tab_ids):
            problems.append(
                Problem(group.spec.where("options"), "DUPLICATE_ID", f"tab group '{group.id}' repeats a tab id")
            )
        for tab in group.spec["options"]:
            for index, key in enumerate(tab.get("clears") or []):
                if key not in known:
                    problems.append(_unknown_key(tab["clears"].where(index), key, known, "clears"))


def _check_options(model: FormModel, source, problems: list[Problem]) -> None:
    lists = set(source.options)
    for use in model.uses:
        refs = []
        if "options" in use.spec:
            refs.append((use.spec["options"], use.spec, "options"))
        if "options_by" in use.spec:
            by = use.spec["options_by"]["options"]
            refs.extend((value, by, name) for name, value in by.items())
        for ref, node, attribute in refs:
            if isinstance(ref, str) and ref not in lists:
                problems.append(
                    Problem(
                        node.where(attribute),
                        "REF_UNKNOWN_OPTIONS",
                        f"option list '{ref}' does not exist",
                        did_you_mean(ref, lists) or f"known lists: {', '.join(sorted(lists))}",
                    )
                )
        if REGISTRY[use.type].has_options and use.type != "conditional_select" and "options" not in use.spec:
            problems.append(Problem(use.spec.where(), "MISSING_OPTIONS", f"'{use.key}' needs options"))


def _check_routes(source, problems: list[Problem]) -> None:
    routes: dict[str, object] = {}
    for name, page in source.pages:
        route = page.get("route")
        if route in routes:
            problems.append(
                Problem(page.where("route"), "DUPLICATE_ROUTE", f"route '{route}' is also used by {routes[route]}")
            )
        routes[route] = name
    default = source.tenant.get("default_route")
    if default and routes and default not in routes:
        problems.append(
            Problem(
                source.tenant.where("default_route"),
                "REF_UNKNOWN_ROUTE",
                f"default_route '{default}' is not a page route",
                did_you_mean(default, routes) or f"routes: {', '.join(routes)}",
            )
        )


def _check_dates(source, problems: list[Problem]) -> None:
    for banner in ((source.tenant.get("banners") or {}).get("dated")) or []:
        parsed = {}
        for end in ("from", "to"):
            try:
                parsed[end] = dt.date.fromisoformat(banner[end])
            except (ValueError, TypeError):
                problems.append(
                    Problem(
                        banner.where(end),
                        "BAD_DATE",
                        f"'{banner.get(end)}' is not a real date",
                        "write dates as YYYY-MM-DD, e.g. 2025-01-16",
                    )
                )
        if len(parsed) == 2 and parsed["from"] > parsed["to"]:
            problems.append(
                Problem(
                    banner.where("to"),
                    "BAD_DATE_RANGE",
                    f"banner '{banner['id']}' ends ({banner['to']}) before it starts ({banner['from']})",
                )
            )


def _check_sections(model: FormModel, known: set[str], source, problems: list[Problem]) -> None:
    for _, page in source.pages:
        ids = set()
        for section in page["sections"]:
            if section["id"] in ids:
                problems.append(
                    Problem(
                        section.where("id"), "DUPLICATE_ID", f"section id '{section['id']}' is used twice on this page"
                    )
                )
            ids.add(section["id"])
            for index, key in enumerate(section.get("clears") or []):
                if key not in known:
                    problems.append(_unknown_key(section["clears"].where(index), key, known, "clears"))
