"""Reads a tenant folder: tenant.yaml, its pages and option lists, each checked for structure."""

from dataclasses import dataclass, field
from pathlib import Path

from engine.definition.loader import LocDict, load_yaml
from engine.definition.problems import Location, Problem
from engine.definition.structure import check_structure


@dataclass
class TenantSource:
    folder: Path
    tenant: LocDict
    pages: list[tuple[str, LocDict]] = field(default_factory=list)  # (display name, tree)
    options: dict[str, tuple[str, LocDict]] = field(default_factory=dict)  # id -> (display name, tree)
    contents: dict[str, str] = field(default_factory=dict)  # relative path -> markdown


def _display(folder: Path, path: Path) -> str:
    """Paths as the author typed them: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def read_source(folder: Path, problems: list[Problem]) -> TenantSource | None:
    folder = Path(folder)
    tenant_file = folder / "tenant.yaml"
    name = _display(folder, tenant_file)
    if not folder.is_dir():
        problems.append(
            Problem(
                Location(str(folder), 1, 1),
                "TENANT_MISSING",
                f"'{folder}' is not a folder",
                "give the tenant folder, e.g. tenants/intl_undergrad",
            )
        )
        return None
    tenant = load_yaml(tenant_file, name, problems)
    if tenant is None:
        return None
    if not isinstance(tenant, LocDict):
        problems.append(Problem(Location(name, 1, 1), "WRONG_TYPE", "tenant.yaml must be a mapping of settings"))
        return None
    problems.extend(check_structure("tenant", tenant, tenant.loc))
    source = TenantSource(folder, tenant)
    for index, page_ref in enumerate(tenant.get("pages") or []):
        if not isinstance(page_ref, str):
            continue
        page_path = folder / page_ref
        page_name = _display(folder, page_path)
        if not page_path.is_file():
            problems.append(
                Problem(
                    tenant["pages"].where(index),
                    "FILE_MISSING",
                    f"page file '{page_ref}' does not exist",
                    f"files in {folder}/pages: {', '.join(sorted(p.name for p in (folder / 'pages').glob('*.yaml')))}",
                )
            )
            continue
        tree = load_yaml(page_path, page_name, problems)
        if tree is not None:
            if isinstance(tree, LocDict):
                problems.extend(check_structure("page", tree, tree.loc))
                source.pages.append((page_name, tree))
            else:
                problems.append(Problem(Location(page_name, 1, 1), "WRONG_TYPE", "a page file must be a mapping"))
    _read_options(source, tenant.get("options"), problems)
    _read_contents(source, problems)
    return source


def _read_options(source: TenantSource, options_ref, problems: list[Problem]) -> None:
    refs = [options_ref] if isinstance(options_ref, str) else list(options_ref or [])
    files: list[Path] = []
    for ref in refs:
        path = source.folder / ref
        if path.is_dir():
            files.extend(sorted(path.glob("*.yaml")))
        elif path.is_file():
            files.append(path)
        else:
            problems.append(
                Problem(
                    source.tenant.where("options"),
                    "FILE_MISSING",
                    f"option lists '{ref}' not found",
                    "give a folder such as options/ or a list of files",
                )
            )
    for path in files:
        name = _display(source.folder, path)
        tree = load_yaml(path, name, problems)
        if tree is None:
            continue
        if not isinstance(tree, LocDict):
            problems.append(Problem(Location(name, 1, 1), "WRONG_TYPE", "an option list file must be a mapping"))
            continue
        problems.extend(check_structure("option_list", tree, tree.loc))
        source.options[path.stem] = (name, tree)


def _read_contents(source: TenantSource, problems: list[Problem]) -> None:
    def visit(node):
        if isinstance(node, dict):
            if set(node) == {"file"} and isinstance(node["file"], str):
                path = source.folder / node["file"]
                if path.is_file():
                    source.contents[node["file"]] = path.read_text(encoding="utf-8")
                else:
                    problems.append(
                        Problem(node.where("file"), "FILE_MISSING", f"content file '{node['file']}' does not exist")
                    )
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(source.tenant)
    for _, page in source.pages:
        visit(page)
