"""scripts/audit.py (`make audit`): which findings docs/deploy.md accepts, and what counts as the
advisory data being out of reach (the audit itself needs the network; it is not part of make test)."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("audit", ROOT / "scripts" / "audit.py")
audit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(audit)


def test_the_known_vulnerabilities_table_is_read_from_the_deploy_guide(tmp_path, monkeypatch):
    guide = tmp_path / "deploy.md"
    guide.write_text(
        "# Deploying\n\n### Dependency audit\n\n| id | x |\n| --- | --- |\n| GHSA-not-this-one | no |\n\n"
        "### Known vulnerabilities\n\n| id | package | why it is accepted |\n| --- | --- | --- |\n"
        "| `GHSA-abcd-1234-wxyz` | jinja2 | the sandbox is not used |\n| PYSEC-2026-17 | pip | build time only |\n"
        "\n## Staff access\n\n| GHSA-after-the-table | no |\n"
    )
    monkeypatch.setattr(audit, "DEPLOY", guide)
    assert audit.accepted() == {"GHSA-abcd-1234-wxyz", "PYSEC-2026-17"}


def test_the_real_guide_lists_nothing_yet():
    assert audit.accepted() == set()


def test_an_unreachable_advisory_service_is_told_apart_from_a_failure():
    assert audit._unreachable(
        "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk"
    )
    assert audit._unreachable("requests.exceptions.ConnectionError: Max retries exceeded with url")
    assert not audit._unreachable("pip-audit: error: unrecognized arguments: --bogus")
