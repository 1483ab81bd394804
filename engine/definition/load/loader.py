"""YAML loading that keeps the file, line and column of every node.

Mappings become LocDict and sequences LocList: ordinary dict/list (so jsonschema and the
compiler read them as usual) that also remember where each key and item was written.
"""

import re
from pathlib import Path

import yaml

from engine.definition.problems import Location, Problem


class LocDict(dict):
    loc: Location
    key_locs: dict
    value_locs: dict

    def where(self, key=None) -> Location:
        if key is None:
            return self.loc
        return self.value_locs.get(key) or self.key_locs.get(key) or self.loc


class LocList(list):
    loc: Location
    item_locs: list

    def where(self, index=None) -> Location:
        if index is None or index >= len(self.item_locs):
            return self.loc
        return self.item_locs[index]


try:  # libyaml when the wheel has it: 5x faster
    from yaml import CSafeLoader as _BaseLoader
except ImportError:
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]


class _Loader(_BaseLoader):
    """SafeLoader with YAML 1.2-style scalars: only true/false are booleans and dates stay
    strings (the engine checks them itself, so 2025-02-30 gets a clear message)."""

    # set by load_yaml on each instance
    name: str
    display_name: str
    problems: list[Problem]


_Loader.yaml_implicit_resolvers = {
    first: [
        (tag, regexp)
        for tag, regexp in resolvers
        if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")
    ]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))


def _location(loader, mark) -> Location:
    return Location(loader.display_name, mark.line + 1, mark.column + 1)


def _construct_mapping(loader, node):
    result = LocDict()
    result.loc = _location(loader, node.start_mark)
    result.key_locs, result.value_locs = {}, {}
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, str):
            key = str(key)
        if key in result:
            loader.problems.append(
                Problem(
                    _location(loader, key_node.start_mark),
                    "YAML_DUPLICATE_KEY",
                    f"'{key}' is written twice in this mapping",
                    "keep one of them",
                )
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_locs[key] = _location(loader, key_node.start_mark)
        result.value_locs[key] = _location(loader, value_node.start_mark)
    return result


def _construct_sequence(loader, node):
    result = LocList(loader.construct_object(child, deep=True) for child in node.value)
    result.loc = _location(loader, node.start_mark)
    result.item_locs = [_location(loader, child.start_mark) for child in node.value]
    return result


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


def load_yaml(path: Path, display_name: str, problems: list[Problem]):
    """Parse one file; syntax errors become problems (and None is returned)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.append(Problem(Location(display_name, 1, 1), "FILE_MISSING", f"file '{display_name}' does not exist"))
        return None
    except (UnicodeDecodeError, OSError) as exc:
        problems.append(
            Problem(
                Location(display_name, 1, 1), "FILE_UNREADABLE", f"cannot read the file: {exc}", "save it as UTF-8 text"
            )
        )
        return None
    loader = _Loader(text)
    loader.name = display_name
    loader.display_name = display_name
    loader.problems = problems
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(display_name, mark.line + 1, mark.column + 1) if mark else Location(display_name, 1, 1)
        problems.append(
            Problem(
                where,
                "YAML_SYNTAX",
                f"{exc.problem or exc.context}",
                "check indentation, colons and quotes around values with ':' or '#'",
            )
        )
        return None
    except yaml.YAMLError as exc:
        problems.append(Problem(Location(display_name, 1, 1), "YAML_SYNTAX", str(exc)))
        return None
    finally:
        loader.dispose()
