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


FINDING = ("jinja2 3.1.0", "GHSA-abcd-1234-wxyz", {"GHSA-abcd-1234-wxyz"})


def test_an_ecosystem_that_could_not_be_audited_fails_the_audit_and_is_named(capsys):
    status = audit.verdict({"Python (pip-audit)": [], "npm (npm audit)": None}, set())
    assert status == audit.NOT_AUDITED != 0
    assert "npm (npm audit) NOT audited" in capsys.readouterr().out


def test_a_clean_audit_of_both_ecosystems_passes_and_an_unlisted_finding_fails():
    assert audit.verdict({"Python (pip-audit)": [], "npm (npm audit)": []}, set()) == 0
    assert audit.verdict({"Python (pip-audit)": [FINDING], "npm (npm audit)": None}, set()) == 1
    assert audit.verdict({"Python (pip-audit)": [FINDING], "npm (npm audit)": []}, {"GHSA-abcd-1234-wxyz"}) == 0
