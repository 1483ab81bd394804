"""Reads a tenant folder: tenant.yaml, its pages and option lists, each checked for structure."""

from dataclasses import dataclass, field
from pathlib import Path

from engine.definition.load.loader import LocDict, load_yaml
from engine.definition.load.structure import check_structure
from engine.definition.places import option_list_place, page_place
from engine.definition.problems import Location, Problem


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
        if not _failed(problems, name):
            problems.append(
                Problem(
                    Location(name, 1, 1),
                    "EMPTY_FILE",
                    "tenant.yaml is empty, so there is no form to build",
                    "start from docs/authoring.md or a shipped tenant such as tenants/example_scholarship",
                    "tenant",
                )
            )
        return None
    if not isinstance(tenant, LocDict):
        problems.append(Problem(Location(name, 1, 1), "WRONG_TYPE", "tenant.yaml must be a mapping of settings"))
        return None
    problems.extend(check_structure("tenant", tenant, tenant.loc, "tenant"))
    source = TenantSource(folder, tenant)
    for index, page_ref in enumerate(tenant.get("pages") or []):
        if isinstance(page_ref, str):
            _read_page(source, index, page_ref, problems)
    _read_options(source, tenant.get("options"), problems)
    _read_contents(source, problems)
    return source


def _read_page(source: TenantSource, index: int, page_ref: str, problems: list[Problem]) -> None:
    """One page file named in tenant.yaml `pages:`, appended to source.pages when it reads."""
    folder, tenant = source.folder, source.tenant
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
        return
    tree = load_yaml(page_path, page_name, problems)
    if tree is None and not _failed(problems, page_name):
        problems.append(_empty_file(page_name, "page", tenant["pages"].where(index)))
    elif isinstance(tree, LocDict):
        problems.extend(check_structure("page", tree, tree.loc, page_place(tree, page_name)))
        source.pages.append((page_name, tree))
    elif tree is not None:
        problems.append(
            _not_a_mapping(
                page_name,
                "a page file must be a mapping with route, title, nav_label and sections",
                "Pages",
                page_place({}, page_name),
            )
        )


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
        place = option_list_place(path.stem)
        if tree is None and not _failed(problems, name):
            problems.append(_empty_file(name, "option list", source.tenant.where("options"), place))
        if not isinstance(tree, LocDict):
            if tree is not None:
                problems.append(
                    _not_a_mapping(
                        name, "an option list file must be a mapping with options: or years:", "Option lists", place
                    )
                )
            continue
        problems.extend(check_structure("option_list", tree, tree.loc, place))
        source.options[path.stem] = (name, tree)


def _failed(problems: list[Problem], file_name: str) -> bool:
    """Did reading this file already give a problem (a syntax error, an unreadable file)?"""
    return any(problem.location.file == file_name for problem in problems)


def _not_a_mapping(file_name: str, message: str, guide_section: str, place: str) -> Problem:
    return Problem(Location(file_name, 1, 1), "WRONG_TYPE", message, f"see docs/authoring.md, {guide_section}", place)


def _empty_file(file_name: str, what: str, referred_at: Location, place: str = "") -> Problem:
    return Problem(
        Location(file_name, 1, 1),
        "EMPTY_FILE",
        f"this {what} file is empty, so it would add nothing to the form",
        f"write the {what} (see docs/authoring.md) or remove the file and its mention at {referred_at}",
        place or f"{what} file {Path(file_name).stem}",
    )


def _read_contents(source: TenantSource, problems: list[Problem]) -> None:
    def visit(node):
        if isinstance(node, dict):
            if set(node) == {"file"} and isinstance(node["file"], str):
                path = source.folder / node["file"]
                place = f"content file {Path(node['file']).stem}"
                if not path.is_file():
                    problems.append(
                        Problem(
                            node.where("file"),
                            "FILE_MISSING",
                            f"content file '{node['file']}' does not exist",
                            "create it (markdown) next to tenant.yaml, or fix the path",
                            place,
                        )
                    )
                elif not path.read_text(encoding="utf-8").strip():
                    problems.append(
                        Problem(
                            node.where("file"),
                            "EMPTY_FILE",
                            f"content file '{node['file']}' is empty, so this text would show nothing",
                            "write the text, or remove the reference",
                            place,
                        )
                    )
                else:
                    source.contents[node["file"]] = path.read_text(encoding="utf-8")
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(source.tenant)
    for _, page in source.pages:
        visit(page)
