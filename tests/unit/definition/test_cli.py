"""`formengine validate` and `formengine compile` as a form author runs them."""

import contextlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.cli import main

ROOT = Path(__file__).resolve().parents[3]
FORMENGINE = [sys.executable, "-m", "engine.cli"]


def run(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    """The command run in this process by click's runner (its exit code, stdout and stderr apart);
    an exception the command does not turn into a message fails the test. test_missing_folder...
    runs the real console script."""
    with contextlib.chdir(cwd):
        result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr)


def run_process(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([*FORMENGINE, *args], capture_output=True, text=True, cwd=cwd)


@pytest.mark.parametrize("tenant", sorted(p.name for p in (ROOT / "tenants").iterdir() if p.is_dir()))
def test_every_shipped_tenant_is_valid(tenant):
    result = run("validate", f"tenants/{tenant}")
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.match(rf"tenants/{tenant}: OK - \d+ pages, \d+ sections, \d+ answer keys", result.stdout)


@pytest.mark.parametrize("tenant", ["example_scholarship", "intl_undergrad"])
def test_the_example_tenants_have_no_warnings(tenant):
    # Every language of both shipped tenants is translated in full: --strict turns a missing or fuzzy
    # translation into an error.
    result = run("validate", f"tenants/{tenant}", "--strict")
    assert result.returncode == 0 and "warning" not in result.stdout + result.stderr, result.stdout


def test_warnings_are_printed_apart_and_fail_only_with_strict(tmp_path):
    tenant = tmp_path / "scholarship"
    shutil.copytree(ROOT / "tenants" / "example_scholarship", tenant)
    (tenant / "options" / "regions.yaml").write_text("options:\n  - {value: N, label: North}\n")
    with (tenant / "translations" / "fr.po").open("a") as french:  # translated: the one warning is the list's
        french.write('\nmsgctxt "option list regions > option \'N\' > label"\nmsgid "North"\nmsgstr "Nord"\n')
    yaml = tenant / "tenant.yaml"
    yaml.write_text(
        yaml.read_text().replace("options/award_years.yaml]", "options/award_years.yaml, options/regions.yaml]")
    )

    lenient = run("validate", str(tenant))
    assert lenient.returncode == 0
    ok, heading, warning, hint = lenient.stdout.splitlines()
    assert ok.endswith("OK - 2 pages, 6 sections, 25 answer keys, 24 rules, 3 option lists") and heading == "warnings:"
    assert re.match(r".*/options/regions\.yaml:1:1: warning UNUSED_OPTIONS option list regions: no field uses", warning)
    assert hint.startswith("    hint: name it in a field (options: regions)")
    assert lenient.stderr.strip() == f"1 warning(s) in {tenant}"

    strict = run("validate", str(tenant), "--strict")
    assert strict.returncode == 1 and "OK" not in strict.stdout and "UNUSED_OPTIONS" in strict.stdout

    as_json = json.loads(run("validate", str(tenant), "--strict", "--json").stdout)
    assert as_json["ok"] is False and as_json["problems"] == []
    assert [(w["code"], w["severity"], w["line"]) for w in as_json["warnings"]] == [("UNUSED_OPTIONS", "warning", 1)]
    assert json.loads(run("validate", str(tenant), "--json").stdout)["ok"] is True


def test_there_are_two_tenants_with_different_keys():
    keys = {}
    for tenant in ("intl_undergrad", "example_scholarship"):
        compiled = json.loads(run("compile", f"tenants/{tenant}").stdout)
        keys[tenant] = set(compiled["data_model"])
    assert keys["example_scholarship"] and not keys["example_scholarship"] & {"first_name", "hs_name", "essay"}


def test_seeded_errors_are_reported_with_locations_and_exit_1(tmp_path):
    tenant = tmp_path / "intl"
    shutil.copytree(ROOT / "tenants" / "intl_undergrad", tenant)
    about = tenant / "pages" / "about.yaml"
    text = about.read_text()
    # A duplicate key: a second field named last_name, and a condition on an unknown key. (The suffix
    # field is renamed: nothing else refers to it, so these are the only two problems.)
    text = text.replace("key: suffix", "key: last_name", 1)
    text = text.replace("valueKey: gender,", "valueKey: gendre,", 1)
    about.write_text(text)
    result = run("validate", str(tenant))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    place = r"page about > section identity > field"
    assert any(
        re.match(rf".*/pages/about\.yaml:\d+:\d+: DUPLICATE_KEY {place} last_name: answer key 'last_name'", line)
        for line in lines
    )
    assert any(
        re.match(rf".*/pages/about\.yaml:\d+:\d+: REF_UNKNOWN_KEY {place} add_another_gender: .*'gendre'", line)
        for line in lines
    )
    assert "did you mean 'gender'?" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr

    as_json = json.loads(run("validate", str(tenant), "--json").stdout)
    assert as_json["ok"] is False
    assert {"DUPLICATE_KEY", "REF_UNKNOWN_KEY"} <= {p["code"] for p in as_json["problems"]}
    assert {p["severity"] for p in as_json["problems"]} == {"error"}
    assert all(p["line"] > 0 and p["col"] > 0 for p in as_json["problems"])
    assert all(p["place"].startswith("page about > section identity > field ") for p in as_json["problems"])


def test_missing_folder_is_a_clear_error(tmp_path):
    result = run_process("validate", str(tmp_path / "nope"))
    assert result.returncode == 1 and "TENANT_MISSING" in result.stdout and "Traceback" not in result.stderr


def test_compile_prints_the_compiled_form():
    compiled = json.loads(run("compile", "tenants/intl_undergrad", "--today", "2026-01-01").stdout)
    assert [p["nav_label"] for p in compiled["pages"]] == ["About You", "ACADEMICS", "FINISH UP"]
    assert ["hs_", "hs_2_", "hs_3_", "hs_4_"] in [r["prefixes"] for r in compiled["add_another"].values()]
    assert compiled["pages"][0]["schema"]["type"] == "object"
