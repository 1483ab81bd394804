"""No function in engine/ runs over MAX_LINES lines unless a `# long: <reason>` comment stands directly
above its def (above its decorators, if any). Lines run from the def (or first decorator) to the end of
the body, as ast counts them.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 60
REASON = "# long:"


def long_functions(source: str, name: str, limit: int = MAX_LINES) -> list[str]:
    """`name:line function (n lines)` for each function over limit lines with no `# long:` reason."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        size = node.end_lineno - node.lineno + 1
        if size <= limit:
            continue
        first = min([node.lineno] + [decorator.lineno for decorator in node.decorator_list])
        above = lines[first - 2].strip() if first >= 2 else ""
        if not above.startswith(REASON) or not above[len(REASON) :].strip():
            found.append(f"{name}:{node.lineno} {node.name} ({size} lines)")
    return found


def test_the_checker_sees_a_long_function_and_accepts_a_reason():
    body = "".join(f"    x{i} = {i}\n" for i in range(3))
    short = f"def short():\n{body}"
    long_ = f"def long_one():\n{body}"
    assert long_functions(short + "\n", "m.py", limit=4) == []
    assert long_functions(long_, "m.py", limit=3) == ["m.py:1 long_one (4 lines)"]
    assert long_functions(f"# long: a table\n{long_}", "m.py", limit=3) == []
    assert long_functions(f"# long:\n{long_}", "m.py", limit=3) == ["m.py:2 long_one (4 lines)"]
    method = f"class C:\n    # long: a table\n    @staticmethod\n    def m():\n{body.replace('    ', '        ')}"
    assert long_functions(method, "m.py", limit=3) == []


def test_no_function_in_engine_is_long_without_a_reason():
    found = []
    paths = sorted((ROOT / "engine").rglob("*.py"))
    assert len(paths) > 50, "the engine's modules were not found: nothing checked"
    for path in paths:
        found += long_functions(path.read_text(), str(path.relative_to(ROOT)))
    assert found == [], f"split these, or put `{REASON} <reason>` directly above the def: {found}"
