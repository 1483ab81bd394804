"""A copy of a tenant for a test to edit, as a form author edits the files of a live instance."""

import shutil
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ABOUT = Path("pages") / "about.yaml"


def copy_tenant(tmp_path: Path, name: str = "intl_undergrad") -> Path:
    folder = tmp_path / "tenant"
    shutil.copytree(ROOT / "tenants" / name, folder)
    return folder


def edit(tenant: Path, old: str, new: str, file: Path = ABOUT) -> None:
    """Replace `old` (which must be there) with `new` in one of the tenant's files."""
    path = tenant / file
    content = path.read_text()
    assert old in content, old
    time.sleep(0.01)  # a new mtime even on coarse clocks
    path.write_text(content.replace(old, new))


def served_version(client) -> str:
    """The id of the version the app serves (the compiled form's ETag)."""
    response = client.get("/public/form")
    assert response.status_code == 200
    return response.headers["ETag"].strip('"')
