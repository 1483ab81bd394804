"""An engine package's `__init__.py` says what the package is for and re-exports its public names;
the code lives in named modules, so a reader finds it by its file name. A function or a class
written in an `__init__.py` fails here (move it into a module of the package and import it back)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def definitions(source: str) -> list[str]:
    """The functions and classes written in a module's source, by line and name."""
    return [
        f"{node.lineno}: {getattr(node, 'name', 'lambda')}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, DEFINITIONS)
    ]


def test_the_reader_sees_a_function_a_class_and_a_lambda_but_not_re_exports():
    source = (
        '"""A package."""\n\nfrom engine.x.y import f\n\n__all__ = ["f"]\nLIMIT = 3\n\n'
        "def g():\n    pass\n\nclass C:\n    pass\n\nh = lambda: 1\n"
    )
    assert definitions(source) == ["8: g", "11: C", "14: lambda"]
    assert definitions('"""A package."""\n\nfrom engine.x.y import f\n\n__all__ = ["f"]\n') == []


def test_no_engine_package_init_holds_a_function_or_a_class():
    inits = sorted((ROOT / "engine").rglob("__init__.py"))
    assert ROOT / "engine" / "definition" / "__init__.py" in inits, "the engine's packages were not found"
    found = {
        str(path.relative_to(ROOT)): names for path in inits if (names := definitions(path.read_text(encoding="utf-8")))
    }
    assert found == {}, "code in an __init__.py: move it into a named module and re-export its public names"
