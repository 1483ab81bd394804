"""scripts/make_large_tenant.py: the generated large tenant (about 1,500 questions over 15 pages)
passes `formengine validate`, the same seed writes the same files, and the mistakes it can be told
to make (`--break cycle`, `--break unreachable`) are reported at their places, not crashed on."""

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.cli import main as cli
from engine.definition.load.model import ModelBuilder
from engine.definition.load.source import read_source

ROOT = Path(__file__).resolve().parents[3]
spec = importlib.util.spec_from_file_location("make_large_tenant", ROOT / "scripts" / "make_large_tenant.py")
generator = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generator)


def _model(folder: Path):
    problems: list = []
    source = read_source(folder, problems)
    builder = ModelBuilder(problems)
    for _, page in source.pages:
        builder.add_page(page)
    return builder.model


def _reads(condition) -> set:
    """The answer keys a written condition reads."""
    if isinstance(condition, list):
        return set().union(*(_reads(c) for c in condition))
    if not isinstance(condition, dict):
        return set()
    own = {condition["valueKey"]} if "valueKey" in condition else set()
    return own.union(*(_reads(v) for v in condition.values() if isinstance(v, (dict, list))))


def test_the_large_tenant_validates_and_holds_what_it_promises(tmp_path):
    folder = tmp_path / "large"
    assert generator.main(["--seed", "3", "--out", str(folder), "--answers", str(tmp_path / "a.json")]) == 0
    result = CliRunner().invoke(cli, ["validate", str(folder), "--strict"])
    assert result.exit_code == 0, result.output
    assert "15 pages" in result.output and "200 option lists" in result.output
    model = _model(folder)
    assert 1600 <= len(model.uses) <= 1800
    written = [r for r in model.references if r.instance == 1 and r.attribute in ("show_if", "required_if")]
    assert len(written) >= 400
    assert sum(r.attribute == "controller" for r in model.references if r.instance == 1) == 50
    assert len(model.repeaters) == 10 and all(len(r.spec["prefixes"]) == 10 for r in model.repeaters.values())
    assert len(model.tabs) == 5
    assert (folder / "options" / "programmes.yaml").read_text().count("value:") == 2000
    answers = json.loads((tmp_path / "a.json").read_text())["answers"]
    assert set(answers) <= {use.key for use in model.uses}


def test_one_first_page_field_is_read_by_100_conditions_and_one_change_hides_200_questions(tmp_path):
    """What the browser benchmark times: typing into the first page's count re-decides more than 100
    conditions, and the mode's third choice hides more than 200 of the first page's questions."""
    from engine.definition import load_and_compile

    folder = tmp_path / "large"
    generator.main(["--seed", "1", "--out", str(folder), "--answers", str(tmp_path / "a.json")])
    references = _model(folder).references
    readers = [r for r in references if r.instance == 1 and "p01_count" in _reads(r.condition)]
    assert len(readers) >= 100
    compiled = load_and_compile(folder)
    full = json.loads((tmp_path / "a.json").read_text())
    counts, tabs = full["add_another"], full["tabs"]

    def hidden(changes: dict) -> set:
        answers = {**full["answers"], **changes}
        return {k for k in compiled.visibility.all_hidden(answers, counts, tabs) if k.startswith("p01_")}

    assert hidden({}) == set()
    gone = hidden({"p01_mode": "c"})
    assert len(gone) >= 200 and {"p01_s1_choice", "p01_b01_q01", "p01_b20_q10"} <= gone
    # Between a count of 2 and one of 25 (the keystrokes the benchmark types) some questions go and come back.
    assert hidden({"p01_count": "25"}) < hidden({"p01_count": "2"})


def test_the_same_seed_writes_the_same_tenant(tmp_path):
    generator.generate(5, tmp_path / "a")
    generator.generate(5, tmp_path / "b")
    generator.generate(6, tmp_path / "c")
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.yaml"))
    assert all((tmp_path / "a" / f).read_text() == (tmp_path / "b" / f).read_text() for f in files)
    assert any((tmp_path / "a" / f).read_text() != (tmp_path / "c" / f).read_text() for f in files)


@pytest.mark.parametrize(
    ("broken", "code", "file", "place", "fragment"),
    [
        ("cycle", "CONDITION_CYCLE", "pages/page-02.yaml", "page page-02 > section p02_s1", "p02_s2_choice"),
        ("unreachable", "PAGE_UNREACHABLE", "pages/page-15.yaml", "page page-15", "'p01_mode' to be one of"),
    ],
)
def test_a_broken_tenant_fails_validate_with_located_problems(tmp_path, broken, code, file, place, fragment):
    folder = tmp_path / broken
    generator.generate(2, folder, broken)
    result = CliRunner().invoke(cli, ["validate", str(folder), "--json"])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    problems = json.loads(result.output)["problems"]
    found = [p for p in problems if p["code"] == code]
    assert found, result.output
    assert found[0]["file"].endswith(file) and found[0]["line"] > 0
    assert found[0]["place"] == place and fragment in found[0]["message"]
