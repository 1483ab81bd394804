"""`make audit`: known vulnerabilities in the pinned dependencies, Python (pip-audit, over what
`make install` put in .venv) and the client (npm audit, over client/package-lock.json).

A vulnerability found fails the audit unless docs/deploy.md lists its id with a reason (the
"Known vulnerabilities" table). When the advisory data cannot be reached (no network, a mirror
without the advisory endpoint) the audit says which ecosystem was NOT audited and fails too (exit
2): an audit that could not look has not passed, and a release check must not read it as clean.

    .venv/bin/python scripts/audit.py
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "docs" / "deploy.md"
UNREACHABLE = (
    "connection",
    "max retries",
    "name or service not known",
    "temporary failure",
    "timed out",
    "network",
    "proxy",
    "ssl",
    "405",
    "403",
    "502",
    "503",
    "audit endpoint returned an error",
    "enotfound",
    "eai_again",
    "econnrefused",
)


def accepted() -> set[str]:
    """The ids listed in docs/deploy.md's Known vulnerabilities table (first column)."""
    text = DEPLOY.read_text()
    _, _, section = text.partition("### Known vulnerabilities")
    section = section.split("\n#", 1)[0]
    return {match.group(1) for match in re.finditer(r"^\|\s*`?([A-Za-z]+-[\w-]+)`?\s*\|", section, re.M)}


def _unreachable(output: str) -> bool:
    lowered = output.lower()
    return any(word in lowered for word in UNREACHABLE)


def python_findings() -> list[tuple[str, str, set[str]]] | None:
    """(package version, id, ids and aliases) per vulnerability; None when advisories are out of reach."""
    done = subprocess.run(
        [
            str(ROOT / ".venv" / "bin" / "pip-audit"),
            "--skip-editable",
            "--format",
            "json",
            "--progress-spinner",
            "off",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    try:
        report = json.loads(done.stdout)
    except ValueError:
        if _unreachable(done.stderr):
            print("pip-audit: the advisory data (PyPI) cannot be reached; Python dependencies NOT audited:")
            print("  " + (done.stderr.strip().splitlines() or ["(no output)"])[-1])
            return None
        sys.exit(f"pip-audit failed:\n{done.stderr}")
    findings = []
    for dependency in report.get("dependencies", []):
        for vuln in dependency.get("vulns", []):
            ids = {vuln["id"], *vuln.get("aliases", [])}
            findings.append((f"{dependency['name']} {dependency.get('version', '')}", vuln["id"], ids))
    print(f"pip-audit: {len(report.get('dependencies', []))} packages audited, {len(findings)} vulnerabilities")
    return findings


def npm_findings() -> list[tuple[str, str, set[str]]] | None:
    done = subprocess.run(["npm", "audit", "--json"], capture_output=True, text=True, cwd=ROOT / "client", timeout=600)
    try:
        report = json.loads(done.stdout)
    except ValueError:
        report = None
    if not isinstance(report, dict) or ("error" in report and "vulnerabilities" not in report):
        output = done.stdout + done.stderr
        if _unreachable(output):
            reason = report.get("message") if isinstance(report, dict) else None
            print("npm audit: the advisory data (the npm registry's audit endpoint) cannot be reached;")
            print("  client dependencies NOT audited: " + str(reason or output.strip().splitlines()[-1])[:200])
            return None
        sys.exit(f"npm audit failed:\n{output}")
    findings = []
    for name, entry in (report.get("vulnerabilities") or {}).items():
        for via in entry.get("via", []):
            if isinstance(via, dict):
                advisory = str(via.get("url", "")).rstrip("/").rsplit("/", 1)[-1] or str(via.get("source"))
                findings.append((f"{name} {entry.get('range', '')}", advisory, {advisory}))
    total = (report.get("metadata") or {}).get("dependencies", {}).get("total", "?")
    print(f"npm audit: {total} packages audited, {len(findings)} vulnerabilities")
    return findings


NOT_AUDITED = 2  # exit status when an ecosystem could not be audited (and nothing unlisted was found)


def verdict(results: dict[str, list[tuple[str, str, set[str]]] | None], listed: set[str]) -> int:
    """0 when every ecosystem was audited and every finding is listed; 1 on an unlisted finding;
    NOT_AUDITED when one could not be audited (named on the last line)."""
    failed = False
    for findings in results.values():
        for package, ident, ids in findings or []:
            if ids & listed:
                print(f"  {package}: {ident} (listed in docs/deploy.md with its reason)")
            else:
                print(f"  {package}: {ident} NOT listed in docs/deploy.md: fix it (upgrade the pin) or list it")
                failed = True
    missing = [name for name, findings in results.items() if findings is None]
    if missing:
        print(f"audit incomplete: {' and '.join(missing)} NOT audited (the advisory data could not be reached)")
    if failed:
        return 1
    return NOT_AUDITED if missing else 0


def main() -> int:
    listed = accepted()
    return verdict({"Python (pip-audit)": python_findings(), "npm (npm audit)": npm_findings()}, listed)


if __name__ == "__main__":
    sys.exit(main())
