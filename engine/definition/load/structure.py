"""Structure check: each file against its part of tenant.schema.json, with author-friendly messages."""

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator

from engine.definition.load.loader import LocDict, LocList
from engine.definition.places import tree_place
from engine.definition.problems import Location, Problem, did_you_mean
from engine.fieldtypes.file import EXECUTABLE_KINDS

SCHEMA_PATH = Path(__file__).parent.parent / "tenant.schema.json"


@cache
def _validator(part: str) -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text())
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/{part}"})


def _locate(tree, path, fallback: Location) -> Location:
    node, where = tree, fallback
    for step in path:
        if isinstance(node, LocDict) and step in node:
            where, node = node.where(step), node[step]
        elif isinstance(node, LocList) and isinstance(step, int) and step < len(node):
            where, node = node.where(step), node[step]
        else:
            break
    return where


def _key_location(tree, path, key, fallback: Location) -> Location:
    node = tree
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return fallback
    if isinstance(node, LocDict) and key in node.key_locs:
        return node.key_locs[key]
    return fallback


def _leaf_errors(error):
    """oneOf/anyOf errors hide the real cause in their context: pick the branch that got furthest."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        by_branch: dict[int, list] = {}
        for sub in error.context:
            by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
        depth = len(error.absolute_path)
        if all(len(e.absolute_path) == depth for e in error.context):
            yield error  # no branch got further than the value itself: say which shapes are allowed
            return
        # The branch whose errors are deepest (matched the most) is the author's intent.
        best = max(by_branch.values(), key=lambda errs: (max(len(e.absolute_path) for e in errs), -len(errs)))
        for sub in best:
            yield from _leaf_errors(sub)
    else:
        yield error


_KINDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "empty",
}


def _kind(expected) -> str:
    names = expected if isinstance(expected, list) else [expected]
    return " or ".join(_KINDS.get(str(name), str(name)) for name in names)


def _type_hint(expected, instance) -> str:
    """A hint that fits the type the grammar expects (never the opposite of the fix)."""
    names = expected if isinstance(expected, list) else [expected]
    if isinstance(instance, (dict, list)) and not {"array", "object"} & set(names):
        return "write one value here, not a " + ("mapping" if isinstance(instance, dict) else "list")
    if "string" in names and not isinstance(instance, str):
        return 'quote the value to keep it as text, e.g. "01" or "Y"'
    if names in (["integer"], ["number"]):
        return "write a number without quotes or words, e.g. 13"
    if names == ["boolean"]:
        return "write true or false without quotes"
    if names == ["array"]:
        return "write a list: [a, b] or one '- item' per line"
    if names == ["object"]:
        return "write a mapping of 'name: value' lines (see docs/authoring.md)"
    return "see docs/authoring.md for what this part holds"


# long: one branch per JSON Schema keyword, side by side (see the comment inside)
def _describe(error, tree, location: Location, root: str) -> Problem:
    # One branch per JSON Schema keyword, each an instruction for the author; a table of small
    # functions would only scatter what reads best side by side.
    path = list(error.absolute_path)
    place = tree_place(root, tree, path)
    validator = error.validator
    if validator == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in allowed]
        key = extra[0] if extra else "?"
        hint = did_you_mean(key, allowed) or f"allowed here: {', '.join(allowed)}"
        return Problem(
            _key_location(tree, path, key, location),
            "UNKNOWN_PROPERTY",
            f"'{key}' is not a property you can write here; remove it or fix its name",
            hint,
            place,
        )
    if validator == "required":
        return _missing(error, tree, path, location, place)
    if validator == "enum" and len(path) > 1 and path[-2] == "keep":
        return _keep_problem(error, location, place)
    if validator == "enum":
        allowed = [str(v) for v in error.validator_value]
        hint = did_you_mean(error.instance, allowed) or f"one of: {', '.join(allowed)}"
        code = "UNKNOWN_FIELD_TYPE" if path and path[-1] == "type" else "BAD_VALUE"
        return Problem(location, code, f"'{error.instance}' is not allowed; use one of the values listed", hint, place)
    if validator == "type":
        expected = error.validator_value
        shown = f"{type(error.instance).__name__} {error.instance!r}"[:120]
        return Problem(
            location,
            "WRONG_TYPE",
            f"write {_kind(expected)} here, not {shown}",
            _type_hint(expected, error.instance),
            place,
        )
    if validator == "pattern":
        return Problem(
            location, "BAD_NAME", f"{error.instance!r} is not a valid name here", _pattern_hint(error), place
        )
    if validator == "const":
        return Problem(location, "BAD_VALUE", f"write {error.validator_value!r} here", "", place)
    if validator in ("minimum", "exclusiveMinimum"):
        return Problem(
            location,
            "IMPOSSIBLE_BOUND",
            f"{error.instance!r} is too small: the least allowed here is {error.validator_value}",
            f"use {error.validator_value} or more; counts, lengths and ages cannot be negative or zero",
            place,
        )
    if validator in ("maximum", "exclusiveMaximum"):
        return Problem(
            location,
            "IMPOSSIBLE_BOUND",
            f"{error.instance!r} is too large: the most allowed here is {error.validator_value}",
            f"use {error.validator_value} or less",
            place,
        )
    if validator in ("minItems", "minProperties"):
        word = "entry" if error.validator_value == 1 else "entries"
        return Problem(
            location,
            "EMPTY",
            f"this list is empty; give at least {error.validator_value} {word}",
            "an empty list shows the applicant nothing: fill it in or remove it",
            place,
        )
    if validator == "minLength":
        return Problem(location, "EMPTY", "this text is empty; write it or remove the property", "", place)
    if validator in ("oneOf", "anyOf"):
        return _ambiguous(error, tree, path, location, place)
    return Problem(location, "SCHEMA", f"{error.message}"[:300], "see docs/authoring.md", place)


def _keep_problem(error, location: Location, place: str) -> Problem:
    """A `keep:` kind outside the kept set: one that runs code or carries macros is named as such."""
    kind = str(error.instance).lower().lstrip(".")
    allowed = ", ".join(str(v) for v in error.validator_value)
    if kind in EXECUTABLE_KINDS:
        return Problem(
            location,
            "EXECUTABLE_FILE_KIND",
            f"'{error.instance}' files can run code or carry macros; no question keeps them",
            f"keep only these kinds: {allowed} (a workbook as xlsx, which is refused when it holds macros)",
            place,
        )
    hint = did_you_mean(kind, list(error.validator_value)) or f"keep only these kinds: {allowed}"
    return Problem(
        location,
        "UNKNOWN_FILE_KIND",
        f"'{error.instance}' is not a kind a question can keep as it is",
        f"{hint}; documents to convert to PDF go under types: (png, jpeg, jpg, pdf, docx)",
        place,
    )


# A property missing while its look-alike is written: (missing, written instead) -> the fix.
_MIX_UPS = {
    ("options_by", "options"): (
        "a conditional_select takes its lists from options_by: {controller: <answer key>, "
        "options: {<controller value>: <list id>}}; options: is for select and radio"
    ),
    ("options", "options_by"): "options_by is for type conditional_select; a select or radio lists its choices "
    "with options: <list id> (or change the type)",
    ("label", "title"): "a field's words are its label: (title: is for pages and sections)",
    ("title", "label"): "a page or section is named by title: (label: is for fields)",
    ("key", "id"): "a field that holds an answer is named by key: (id: names sections, tabs and blocks)",
    ("id", "key"): "sections, tabs and branches are named by id: (key: names a field's answer)",
}


def _what(instance) -> str:
    """A part named by what the author wrote: `the conditional_select 'state'`."""
    if not isinstance(instance, dict):
        return "this part"
    kind = instance.get("type") if isinstance(instance.get("type"), str) else ""
    name = next((instance[n] for n in ("key", "id") if isinstance(instance.get(n), str)), "")
    if kind and name:
        return f"the {kind} '{name}'"
    return f"'{name}'" if name else (f"this {kind}" if kind else "this part")


def _missing(error, tree, path, location: Location, place: str) -> Problem:
    missing = error.message.split("'")[1] if "'" in error.message else error.message
    instance = error.instance if isinstance(error.instance, dict) else {}
    for (wanted, written), fix in _MIX_UPS.items():
        if wanted == missing and written in instance:
            return Problem(
                _key_location(tree, path, written, location),
                "MISSING_PROPERTY",
                f"{_what(instance)} needs '{missing}', and '{written}' is written instead",
                fix,
                place,
            )
    return Problem(
        location,
        "MISSING_PROPERTY",
        f"add '{missing}': {_what(instance)} needs it",
        "see docs/authoring.md for what this part must contain",
        place,
    )


def _item_word(path) -> str:
    """What an item of the list holding this part is called (a section, a rule)."""
    collection = path[-2] if len(path) >= 2 and isinstance(path[-1], int) else ""
    return {"sections": "section", "rules": "rule", "dated": "banner"}.get(str(collection), "item")


def _ambiguous(error, tree, path, location: Location, place: str) -> Problem:
    """`exactly one of`: name the parts that were found (two, or none)."""
    shapes = error.schema.get("description", "exactly one of the allowed shapes")
    branches = error.validator_value
    parts = [b["required"][0] for b in branches if isinstance(b, dict) and list(b) == ["required"]]
    if len(parts) == len(branches) and isinstance(error.instance, dict):
        found = [part for part in parts if part in error.instance]
        if len(found) > 1:
            both = ", ".join(found[:-1]) + f" and {found[-1]}"
            return Problem(
                _key_location(tree, path, found[1], location),
                "AMBIGUOUS",
                f"this has both {both}, but takes exactly one of {', '.join(parts)}",
                f"keep one of {both} here and move the other into a {_item_word(path)} of its own",
                place,
            )
        if not found:
            return Problem(
                location,
                "AMBIGUOUS",
                f"this has none of {', '.join(parts)}; write {shapes}",
                "see docs/authoring.md",
                place,
            )
    return Problem(location, "AMBIGUOUS", f"write this as {shapes}", "see docs/authoring.md", place)


def _pattern_hint(error) -> str:
    pattern = error.validator_value
    if pattern == "^[a-z][a-z0-9_]*$":
        return "answer keys use lower-case letters, digits and _, starting with a letter (e.g. first_name)"
    if pattern == "^[a-z][a-z0-9_-]*$":
        return "ids use lower-case letters, digits, _ and -, starting with a letter (e.g. mailing_address)"
    if pattern.startswith("^/"):
        return "routes start with / and use lower-case letters, digits and - (e.g. /final-steps)"
    if pattern == "^[a-z][a-z0-9_]*_$":
        return "prefixes are lower-case and end with _ (e.g. hs_2_)"
    return f"it must match {pattern}"


def check_structure(part: str, tree, fallback: Location, root: str) -> list[Problem]:
    """Every problem of one file against its part of the grammar; `root` names the file's place
    (`page about`, `tenant`, `option list countries`)."""
    problems = []
    seen = set()
    for error in _validator(part).iter_errors(tree):
        for leaf in _leaf_errors(error):
            location = _locate(tree, leaf.absolute_path, fallback)
            problem = _describe(leaf, tree, location, root)
            if (problem.location, problem.code, problem.message) not in seen:
                seen.add((problem.location, problem.code, problem.message))
                problems.append(problem)
    return sorted(problems, key=lambda p: (p.location.line, p.location.col))
