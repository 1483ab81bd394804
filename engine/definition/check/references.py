"""Reference checks: everything a name points at must exist (answer keys, option lists, tabs,
routes, prefixes), with "did you mean" for a misspelling. The checks of meaning (targets a field
can hold, bounds, patterns, rules that cannot apply) are in meaning.py."""

import datetime as dt
import functools
import zoneinfo

from engine.definition.check.meaning import check_meaning
from engine.definition.compile.conditions import condition_keys
from engine.definition.diff.renames import check_renames
from engine.definition.load.loader import LocDict, LocList
from engine.definition.load.model import FormModel
from engine.definition.places import join, page_id
from engine.definition.problems import Location, Problem, did_you_mean
from engine.definition.window import check_window
from engine.fieldtypes.registry import REGISTRY

MAX_ADD_ANOTHER = 10
# Logged-in applicants see the welcome banner on their first max_logins logins, unless the tenant says.
DEFAULT_MAX_LOGINS = 2
AUTH_ROUTES = ("/login", "/signup", "/confirm", "/forgot", "/reset", "/completion")


def data_model_keys(model: FormModel) -> set[str]:
    keys = set(model.by_key) | set(model.confirm_keys)
    keys |= {use.key + "_desc" for use in model.uses if REGISTRY[use.type].has_options}
    return keys


def check_model(model: FormModel, source, problems: list[Problem]) -> None:
    known = data_model_keys(model)
    _check_references(model, known, problems)
    check_renames(model, known, problems)
    _check_options(model, source, problems)
    _check_routes(source, problems)
    _check_banners(source, known, problems)
    _check_time_zone(source, problems)
    check_window(source.tenant, problems)
    for _, page in source.pages:
        ids: set[str] = set()
        for section in page["sections"]:
            place = join(f"page {page_id(page['route'])}", f"section {section['id']}")
            if section["id"] in ids:
                problems.append(
                    Problem(
                        section.where("id"),
                        "DUPLICATE_ID",
                        f"section id '{section['id']}' is used twice on this page",
                        "give every section its own id",
                        place,
                    )
                )
            ids.add(section["id"])
            _check_section(place, section, known, problems)
    check_meaning(model, source, problems)


@functools.cache
def time_zones() -> frozenset[str]:
    """The IANA time zone names this machine knows (the system's tz database)."""
    return frozenset(zoneinfo.available_timezones())


def _check_time_zone(source, problems: list[Problem]) -> None:
    settings = source.tenant.get("settings") or {}
    zone = settings.get("time_zone")
    if isinstance(settings, LocDict) and isinstance(zone, str) and zone not in time_zones():
        problems.append(
            Problem(
                settings.where("time_zone"),
                "UNKNOWN_TIME_ZONE",
                f"time_zone '{zone}' is not an IANA time zone name",
                did_you_mean(zone, time_zones()) or "write it as Region/City, e.g. Europe/London or America/Chicago",
                "tenant > settings",
            )
        )


def unknown_key(where: Location, key: str, known: set[str], what: str, place: str) -> Problem:
    hint = did_you_mean(key, known) or "declare it as a field's key first, or fix the spelling"
    return Problem(where, "REF_UNKNOWN_KEY", f"{what} names '{key}', which is no answer key of this form", hint, place)


_WHAT = {
    "show_if": "show_if",
    "required_if": "required_if",
    "when": "the rule's when",
    "one_of_required": "one_of_required",
    "controller": "the dropdown's controller",
}


def _check_references(model: FormModel, known: set[str], problems: list[Problem]) -> None:
    for reference in model.references:
        for key in condition_keys(reference.condition):
            if reference.resolve(key) not in known and key not in known:
                what = _WHAT.get(reference.attribute, reference.attribute)
                problems.append(
                    unknown_key(reference.node.where(reference.attribute), key, known, what, reference.place)
                )


def _check_section(place: str, section: LocDict, known: set[str], problems: list[Problem]) -> None:
    for index, key in enumerate(section.get("clears") or []):
        if key not in known:
            problems.append(unknown_key(section["clears"].where(index), key, known, "clears", place))
    if "add_another" in section:
        _check_repeater(join(place, f"add-another {section['add_another']['id']}"), section["add_another"], problems)
    if "tabs" in section:
        _check_tabs(join(place, f"tabs {section['tabs']['id']}"), section["tabs"], known, problems)


def _check_repeater(place: str, spec: LocDict, problems: list[Problem]) -> None:
    if spec["max"] > MAX_ADD_ANOTHER:
        problems.append(
            Problem(
                spec.where("max"),
                "ADD_ANOTHER_MAX",
                f"max is {spec['max']}, but an add-another shows at most {MAX_ADD_ANOTHER} entries",
                f"set max to {MAX_ADD_ANOTHER} or fewer",
                place,
            )
        )
    prefixes = spec["prefixes"]
    if len(prefixes) != spec["max"]:
        problems.append(
            Problem(
                spec.where("prefixes"),
                "PREFIX_MISMATCH",
                f"max is {spec['max']} but {len(prefixes)} prefixes are given",
                "give exactly one prefix per entry, as many as max",
                place,
            )
        )
    if len(set(prefixes)) != len(prefixes):
        problems.append(
            Problem(
                spec.where("prefixes"),
                "PREFIX_MISMATCH",
                "a prefix is listed twice, so two entries would share their answer keys",
                "give every entry its own prefix",
                place,
            )
        )
    first = prefixes[0] if prefixes else ""
    stem = first[:-1]
    for index, prefix in enumerate(prefixes[1:], start=2):
        if prefix != f"{stem}_{index}_":
            problems.append(
                Problem(
                    prefixes.where(index - 1),
                    "PREFIX_MISMATCH",
                    f"prefix '{prefix}' does not follow '{first}'",
                    f"entry {index} should be '{stem}_{index}_'",
                    place,
                )
            )


def _check_tabs(place: str, spec: LocDict, known: set[str], problems: list[Problem]) -> None:
    tab_ids = [tab["id"] for tab in spec["options"]]
    if spec["default"] not in tab_ids:
        problems.append(
            Problem(
                spec.where("default"),
                "REF_UNKNOWN_TAB",
                f"the default tab '{spec['default']}' is not one of the tabs ({', '.join(tab_ids)})",
                did_you_mean(spec["default"], tab_ids) or f"use one of: {', '.join(tab_ids)}",
                place,
            )
        )
    if len(set(tab_ids)) != len(tab_ids):
        problems.append(
            Problem(
                spec.where("options"),
                "DUPLICATE_ID",
                "two tabs have the same id",
                "give every tab its own id (it is the chosen_tab saved with PUT /api/tabs)",
                place,
            )
        )
    for tab in spec["options"]:
        for index, key in enumerate(tab.get("clears") or []):
            if key not in known:
                problems.append(
                    unknown_key(tab["clears"].where(index), key, known, "clears", join(place, f"tab {tab['id']}"))
                )


def _check_options(model: FormModel, source, problems: list[Problem]) -> None:
    lists = set(source.options)
    for use in model.uses:
        if use.instance > 1:
            continue  # a repeater's entries share their definition: report it once
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
                        did_you_mean(ref, lists)
                        or f"add options/{ref}.yaml, or use one of: {', '.join(sorted(lists))}",
                        use.place,
                    )
                )
        if "options" in REGISTRY[use.type].requires and "options" not in use.spec:
            problems.append(
                Problem(
                    use.spec.where(),
                    "MISSING_OPTIONS",
                    f"a {use.type} needs options",
                    "add options: <list id> or an inline list of {value, label}",
                    use.place,
                )
            )


def _check_routes(source, problems: list[Problem]) -> None:
    routes: dict[str, str] = {}
    for name, page in source.pages:
        route = page.get("route")
        if route in routes:
            problems.append(
                Problem(
                    page.where("route"),
                    "DUPLICATE_ROUTE",
                    f"route '{route}' is also the route of {routes[route]}",
                    "give every page its own route",
                    f"page {page_id(route)}",
                )
            )
        routes[route] = name
    default = source.tenant.get("default_route")
    if default and routes and default not in routes:
        problems.append(
            Problem(
                source.tenant.where("default_route"),
                "REF_UNKNOWN_ROUTE",
                f"default_route '{default}' is not the route of any page",
                did_you_mean(default, routes) or f"use one of: {', '.join(routes)}",
                "tenant",
            )
        )


def _check_banners(source, known: set[str], problems: list[Problem]) -> None:
    banners = source.tenant.get("banners") or {}
    welcome = banners.get("welcome") or {}
    for index, key in enumerate(welcome.get("name_keys") or []):
        if key not in known:
            where = welcome["name_keys"].where(index)
            problems.append(unknown_key(where, key, known, "name_keys", "tenant > banners > welcome"))
    settings = source.tenant.get("settings") or {}
    setting = settings.get("applicant_name") or []
    for keys in setting["any"] if isinstance(setting, dict) else [setting]:
        for index, key in enumerate(keys):
            if key not in known and isinstance(keys, LocList):
                problems.append(unknown_key(keys.where(index), key, known, "applicant_name", "tenant > settings"))
    routes = [page["route"] for _, page in source.pages] + list(AUTH_ROUTES)
    for name in ("first_login", "returning", "anonymous", "submitted", "not_open", "closed"):
        _check_banner_link(
            (welcome.get(name) or {}).get("link"), routes, f"tenant > banners > welcome > {name}", problems
        )
    max_logins = welcome.get("max_logins", DEFAULT_MAX_LOGINS)
    if isinstance(welcome, LocDict) and "returning" in welcome and max_logins == 1:
        problems.append(
            Problem(
                welcome.where("returning"),
                "BANNER_NEVER_SHOWN",
                "the returning banner never shows: max_logins is 1, so the welcome banner shows on the first login "
                "only, and that one gets first_login",
                "set max_logins: 2 (or more) to greet returning applicants, or remove returning",
                "tenant > banners > welcome > returning",
            )
        )
    seen: set[str] = set()
    for banner in banners.get("dated") or []:
        place = f"tenant > banners > dated > banner {banner['id']}"
        if banner["id"] in seen:
            problems.append(
                Problem(banner.where("id"), "DUPLICATE_ID", "two dated banners have this id", "rename one", place)
            )
        seen.add(banner["id"])
        _check_banner_dates(banner, place, problems)
        _check_banner_link(banner.get("link"), routes, place, problems)


def _check_banner_link(link, routes: list[str], place: str, problems: list[Problem]) -> None:
    if isinstance(link, LocDict) and link.get("route") not in routes:
        problems.append(
            Problem(
                link.where("route"),
                "REF_UNKNOWN_ROUTE",
                f"the link goes to '{link.get('route')}', which is neither a page nor an account route",
                did_you_mean(str(link.get("route")), routes) or f"use one of: {', '.join(routes)}",
                f"{place} > link",
            )
        )


def _check_banner_dates(banner: LocDict, place: str, problems: list[Problem]) -> None:
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
                    place,
                )
            )
    if len(parsed) == 2 and parsed["from"] > parsed["to"]:
        problems.append(
            Problem(
                banner.where("to"),
                "BAD_DATE_RANGE",
                f"the banner ends ({banner['to']}) before it starts ({banner['from']}), so it never shows",
                "swap from and to, or fix the year",
                place,
            )
        )
