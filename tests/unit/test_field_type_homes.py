"""Each field type's particulars live in its module in engine/fieldtypes/: outside that package no
code in engine/ compares a type's name (`kind == "file"`, `spec.get("type") in ("select", "radio")`,
`entry["field"] != "checkbox"`); it asks the type (engine.fieldtypes.registry) instead.

A comparison counts when one side reads a type (an attribute `.type`/`.field`, a `["type"]`/`["field"]`
subscript, a `.get("type")`/`.get("field")` call, or a name assigned from one of those in the same
module) and the other side is a field type's name, or a list, tuple or set holding one.
"""

import ast
import subprocess
import sys
from pathlib import Path

from engine.fieldtypes.registry import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
TYPE_KEYS = {"type", "field"}


def _reads_type(node: ast.AST, names: set[str]) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr in TYPE_KEYS
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value in TYPE_KEYS
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        first = node.args[0] if node.args else None
        return isinstance(first, ast.Constant) and first.value in TYPE_KEYS
    return isinstance(node, ast.Name) and node.id in names


def _type_names(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant):
        return [node.value] if node.value in REGISTRY else []
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return [name for element in node.elts for name in _type_names(element)]
    return []


def dispatches(source: str) -> list[tuple[int, str]]:
    """(line, type name) of each comparison of a read type with a type's name."""
    tree = ast.parse(source)
    names = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and _reads_type(node.value, set())
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_reads_type(side, names) for side in sides):
                found += [(node.lineno, name) for side in sides for name in _type_names(side)]
    return found


def test_the_finder_sees_each_way_of_naming_a_type():
    source = (
        'kind = spec["type"]\n'
        'if kind in ("address", "school_search"): pass\n'
        'if use.type == "date": pass\n'
        'if part.get("type") != "conditional_select": pass\n'
        'if entry.get("field") == "file": pass\n'
        'if new[key].field in {"file"}: pass\n'
        'if confirm.get("kind") == "checkbox": pass\n'  # a section's confirm kind, not a field type
        'if category != "address": pass\n'
    )
    assert dispatches(source) == [
        (2, "address"),
        (2, "school_search"),
        (3, "date"),
        (4, "conditional_select"),
        (5, "file"),
        (6, "file"),
    ]


def test_no_code_outside_engine_fieldtypes_tests_a_field_types_name():
    home = ROOT / "engine" / "fieldtypes"
    found = [
        f"{path.relative_to(ROOT)}:{line} compares the type name {name!r}"
        for path in sorted((ROOT / "engine").rglob("*.py"))
        if home not in path.parents
        for line, name in dispatches(path.read_text(encoding="utf-8"))
    ]
    assert len(REGISTRY) == 16, "the field types were not found: nothing checked"
    assert found == [], "ask the type (engine/fieldtypes) instead of testing its name"


def test_the_field_types_import_on_their_own():
    """engine/fieldtypes imports nothing from the packages that use it, so it loads first or alone."""
    program = "import engine.fieldtypes.registry as r; print(len(r.REGISTRY))"
    done = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout.strip()) == (0, str(len(REGISTRY))), done.stderr
