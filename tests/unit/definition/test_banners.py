"""Banners as the grammar promises: the golden cases of tests/golden/banners.json (the client's
vitest runs the same file) and what the compiled form carries for the client to show."""

import json
from pathlib import Path

import pytest
import yaml

from engine.definition import DefinitionInvalid, load_and_compile
from tests.unit.definition.test_author_corpus import write_tenant

GOLDEN = json.loads((Path(__file__).resolve().parents[2] / "golden" / "banners.json").read_text())


def tenant_with(folder: Path, banners: dict) -> Path:
    write_tenant(folder)
    tenant = folder / "tenant.yaml"
    tenant.write_text(tenant.read_text() + yaml.safe_dump({"banners": banners}, sort_keys=False))
    return folder


@pytest.mark.parametrize("case", GOLDEN["shows"], ids=lambda c: c["name"])
def test_a_banner_the_client_shows_is_valid(tmp_path, case):
    compiled = load_and_compile(tenant_with(tmp_path, {"welcome": case["welcome"]}))
    assert compiled.warnings == []
    # The compiled form carries the count the client reads: the last login that sees the banner.
    shown = [int(n) for n, variant in case["logins"].items() if variant]
    assert compiled.data["banners"]["welcome"]["max_logins"] == max(shown)


@pytest.mark.parametrize("case", GOLDEN["never"], ids=lambda c: c["name"])
def test_a_banner_that_can_never_show_is_a_problem(tmp_path, case):
    with pytest.raises(DefinitionInvalid) as caught:
        load_and_compile(tenant_with(tmp_path, {"welcome": case["welcome"]}))
    found = [p for p in caught.value.problems if p.code == case["code"]]
    assert found, "\n".join(p.format() for p in caught.value.problems)
    assert found[0].place.startswith("tenant > banners > welcome") and found[0].hint


def test_a_dated_banner_keeps_its_title_and_link(tmp_path):
    dated = {
        "id": "deadline",
        "title": "Deadline",
        "text": "Apply by March 1.",
        "link": {"label": "Start", "route": "/about"},
        "from": "2025-02-01",
        "to": "2025-03-02",
    }
    compiled = load_and_compile(tenant_with(tmp_path, {"dated": [dated]}))
    assert compiled.data["banners"]["dated"] == [dated]


def test_a_dated_banner_link_to_no_page_is_a_problem(tmp_path):
    dated = {
        "id": "d",
        "text": "x",
        "link": {"label": "Go", "route": "/abuot"},
        "from": "2025-02-01",
        "to": "2025-03-02",
    }
    with pytest.raises(DefinitionInvalid) as caught:
        load_and_compile(tenant_with(tmp_path, {"dated": [dated]}))
    (problem,) = caught.value.problems
    assert problem.code == "REF_UNKNOWN_ROUTE" and problem.place == "tenant > banners > dated > banner d > link"
    assert problem.hint == "did you mean '/about'?"
