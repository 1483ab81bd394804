"""engine/applications/ is split by concern: a module over MAX_LINES lines is a second concern hiding
in it (locking, saving, the hot paths, submit, choices: see service.py), so it fails here."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MAX_LINES = 250


def test_no_applications_module_is_over_250_lines():
    modules = sorted((ROOT / "engine" / "applications").glob("*.py"))
    assert len(modules) > 5
    sizes = {path.name: len(path.read_text().splitlines()) for path in modules}
    assert {name: size for name, size in sizes.items() if size > MAX_LINES} == {}
