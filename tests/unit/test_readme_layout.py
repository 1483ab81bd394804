"""The README's layout section names every engine package and every folder of client/src, so a
reader finds each part of the tree from it (a new package fails here until the README says what it is)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def layout_section() -> str:
    readme = (ROOT / "README.md").read_text()
    match = re.search(r"^## Layout\n(.*?)(?=^## |\Z)", readme, re.MULTILINE | re.DOTALL)
    assert match, "README.md has no '## Layout' section"
    return match.group(1)


def named(folder: str, section: str) -> bool:
    return re.search(rf"(?<![\w/.-]){re.escape(folder)}/", section) is not None


def test_every_engine_package_is_in_the_readme_layout():
    packages = sorted(path.parent.name for path in (ROOT / "engine").glob("*/__init__.py"))
    assert "definition" in packages
    section = layout_section()
    assert [package for package in packages if not named(package, section)] == []


def test_every_client_source_folder_is_in_the_readme_layout():
    folders = sorted(path.name for path in (ROOT / "client" / "src").iterdir() if path.is_dir())
    assert "widgets" in folders
    section = layout_section()
    assert [folder for folder in folders if not named(folder, section)] == []


def test_a_package_left_out_is_found():
    assert not named("ops", "engine/ accounts/ pdf/ develops/")
    assert named("ops", "  ops/   request ids")
