"""Structure check: each file against its part of tenant.schema.json, with author-friendly messages."""

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator

from engine.definition.loader import LocDict, LocList
from engine.definition.problems import Location, Problem, did_you_mean

SCHEMA_PATH = Path(__file__).with_name("tenant.schema.json")


@cache
def _validator(part: str) -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text())
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/{part}"})


def meta_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())


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


def _describe(error, tree, location: Location) -> Problem:
    path = list(error.absolute_path)
    where_text = ".".join(str(p) for p in path) or "the file"
    validator = error.validator
    if validator == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in allowed]
        key = extra[0] if extra else "?"
        hint = did_you_mean(key, allowed) or f"allowed here: {', '.join(allowed)}"
        return Problem(
            _key_location(tree, path, key, location),
            "UNKNOWN_PROPERTY",
            f"'{key}' is not a property of {where_text}",
            hint,
        )
    if validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return Problem(
            location,
            "MISSING_PROPERTY",
            f"{where_text} needs '{missing}'",
            "see docs/authoring.md for what this part must contain",
        )
    if validator == "enum":
        allowed = [str(v) for v in error.validator_value]
        hint = did_you_mean(error.instance, allowed) or f"one of: {', '.join(allowed)}"
        code = "UNKNOWN_FIELD_TYPE" if path and path[-1] == "type" else "BAD_VALUE"
        return Problem(location, code, f"'{error.instance}' is not allowed for {where_text}", hint)
    if validator == "type":
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        return Problem(
            location,
            "WRONG_TYPE",
            f"{where_text} must be {expected}, not {type(error.instance).__name__} {error.instance!r}"[:300],
            'quote values such as "01" or "Y" to keep them as text',
        )
    if validator == "pattern":
        return Problem(
            location,
            "BAD_NAME",
            f"{error.instance!r} is not valid for {where_text}",
            f"it must match {error.validator_value}",
        )
    if validator == "const":
        return Problem(location, "BAD_VALUE", f"{where_text} must be {error.validator_value!r}")
    if validator in ("oneOf", "anyOf"):
        shapes = error.schema.get("description", "exactly one of the allowed shapes")
        return Problem(location, "AMBIGUOUS", f"{where_text} must be {shapes}", "see docs/authoring.md")
    return Problem(location, "SCHEMA", f"{where_text}: {error.message}"[:300])


def check_structure(part: str, tree, fallback: Location) -> list[Problem]:
    problems = []
    seen = set()
    for error in _validator(part).iter_errors(tree):
        for leaf in _leaf_errors(error):
            location = _locate(tree, leaf.absolute_path, fallback)
            problem = _describe(leaf, tree, location)
            if (problem.location, problem.code, problem.message) not in seen:
                seen.add((problem.location, problem.code, problem.message))
                problems.append(problem)
    return sorted(problems, key=lambda p: (p.location.line, p.location.col))
