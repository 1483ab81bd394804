"""Imports in engine/ and in client/src flow one way: no module reaches itself again through what it
imports.

Every import counts, wherever it is written (at the top, inside a function) and however (a
`from` import, `importlib.import_module("engine.x")`, or a job or hook named by its dotted path,
which RQ and registries import by name). A module started as a program of its own
(`python -m engine.worker` in an argument list) is another process, not an import.
A loop is a strongly connected group of modules.

In client/src every relative module specifier counts: `import ... from`, `export ... from`, a bare
`import "x"` and a dynamic `import("x")` (a lazy chunk still evaluates its imports in order).
"""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOTTED = re.compile(r"^engine(\.\w+)+(:\w+)?$")
CLIENT_SRC = ROOT / "client" / "src"
CLIENT_SUFFIXES = (".js", ".jsx", ".mjs")
JS_IMPORTS = (
    re.compile(r"""^\s*(?:import|export)\s+[\w\s{},*$]*?\s*from\s*["']([^"']+)["']""", re.MULTILINE),
    re.compile(r"""^\s*import\s*["']([^"']+)["']""", re.MULTILINE),
    re.compile(r"""\bimport\s*\(\s*["']([^"']+)["']\s*\)"""),
)

# Loops still to untangle, each as the set of modules in it: none. This list only shrinks: a new
# loop fails the test; so does a listed loop that is gone (remove it here).
KNOWN_LOOPS: list[set[str]] = []


def modules() -> dict[str, Path]:
    found = {}
    for path in (ROOT / "engine").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _owner(name: str, known: dict) -> str | None:
    """The engine module a dotted name lives in (engine.pdf.jobs.render -> engine.pdf.jobs)."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def _started_programs(tree: ast.AST) -> set[int]:
    """The ids of the constants that follow "-m" in a list or tuple (a command line)."""
    started = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.List | ast.Tuple):
            for flag, program in zip(node.elts, node.elts[1:], strict=False):
                if isinstance(flag, ast.Constant) and flag.value == "-m":
                    started.add(id(program))
    return started


def _imported_names(tree: ast.AST, package: str) -> list[str]:
    names = []
    programs = _started_programs(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            names += [base] + [f"{base}.{alias.name}" for alias in node.names]
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and DOTTED.match(node.value)
            and id(node) not in programs
        ):
            names.append(node.value.split(":")[0])
    return names


def import_graph() -> dict[str, set[str]]:
    known = modules()
    graph = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = {_owner(imported, known) for imported in _imported_names(ast.parse(path.read_text()), package)}
        graph[name] = {target for target in targets if target and target != name}
    return graph


def js_specifiers(source: str) -> list[str]:
    """The module specifiers a client module imports, in the three forms above."""
    return [spec for pattern in JS_IMPORTS for spec in pattern.findall(source)]


def _js_module(importer: Path, specifier: str) -> Path | None:
    """The client/src module a relative specifier names (packages and style sheets: None)."""
    if not specifier.startswith("."):
        return None
    base = (importer.parent / specifier).resolve()
    for candidate in (base, base.with_name(base.name + ".js"), base.with_name(base.name + ".jsx"), base / "index.js"):
        if candidate.is_file() and candidate.suffix in CLIENT_SUFFIXES and CLIENT_SRC in candidate.parents:
            return candidate
    return None


def client_import_graph() -> dict[str, set[str]]:
    graph = {}
    for path in CLIENT_SRC.rglob("*"):
        if path.suffix in CLIENT_SUFFIXES:
            targets = {_js_module(path, spec) for spec in js_specifiers(path.read_text())}
            graph[str(path.relative_to(CLIENT_SRC))] = {
                str(target.relative_to(CLIENT_SRC)) for target in targets if target and target != path
            }
    return graph


def loops(graph: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected groups of more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(group)
    return found


def test_the_loop_finder_sees_a_loop_through_a_function_level_import_and_a_dotted_name():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert loops(graph) == [{"a", "b", "c"}]
    tree = ast.parse(
        'def f():\n    from engine.jobs import x\nJOB = "engine.pdf.jobs.render"\nCMD = ["python", "-m", "engine.worker"]\n'
    )
    assert _imported_names(tree, "engine") == ["engine.jobs", "engine.jobs.x", "engine.pdf.jobs.render"]


def test_engine_has_no_import_loops_but_the_known_ones():
    graph = import_graph()
    assert graph.get("engine.app"), "the engine's modules or their imports were not found: nothing checked"
    found = loops(graph)
    new = [sorted(group) for group in found if not any(group <= known for known in KNOWN_LOOPS)]
    assert new == [], "an import loop (pass the collaborator in, move the shared piece down, or register it)"
    gone = [sorted(known) for known in KNOWN_LOOPS if not any(group & known for group in found)]
    assert gone == [], "a known loop is gone: remove it from KNOWN_LOOPS"


def test_the_client_import_reader_sees_every_form_of_import():
    source = (
        'import { a,\n  b as c } from "./one.js";\nimport D, * as e from "../two.jsx";\nimport "./style.css";\n'
        'export { f } from "./three.js";\nconst g = lazy(() => import("./four.jsx"));\n'
        'const h = "from ./not-an-import.js";\n'
    )
    assert sorted(js_specifiers(source)) == ["../two.jsx", "./four.jsx", "./one.js", "./style.css", "./three.js"]


def test_client_src_has_no_import_loops():
    graph = client_import_graph()
    assert "widgets/registry.js" in graph.get("form/theme.js", ()), "client/src imports were not found"
    assert [sorted(group) for group in loops(graph)] == [], (
        "an import loop in client/src (move the shared piece down into a module both can import)"
    )


# What a client folder may import from the rest of client/src (docs/client.md): the words and the HTTP
# calls sit at the bottom, so every other folder can use them.
CLIENT_FOLDERS_BELOW = {"strings": set(), "api": {"strings"}}


def test_client_strings_and_api_import_nothing_above_them():
    graph = client_import_graph()
    wrong = [
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        if (folder := module.split("/")[0]) in CLIENT_FOLDERS_BELOW
        and not module.endswith((".test.js", ".test.jsx"))
        and target.split("/")[0] not in CLIENT_FOLDERS_BELOW[folder] | {folder}
    ]
    assert wrong == []
