"""`formengine validate` on the corpus of realistic author mistakes (author_corpus.py): every one is
caught, at its file and line, with a code, its place named by ids and a hint."""

import re
from pathlib import Path

import pytest

from engine.definition import DefinitionInvalid, load_and_compile
from tests.unit.definition.author_corpus import MISTAKES, Mistake, about, base_files

POSITIONAL = re.compile(r"\b[a-z_]+\.\d+\b")  # sections.0.fields.6


def write_tenant(folder: Path, mistake: Mistake | None = None) -> Path:
    files = base_files()
    if mistake:
        files.update(mistake.files)
    for name, text in files.items():
        if mistake and name in mistake.remove:
            continue
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def problems_of(folder: Path):
    with pytest.raises(DefinitionInvalid) as caught:
        load_and_compile(folder)
    return caught.value.problems


def test_the_base_tenant_is_valid(tmp_path):
    load_and_compile(write_tenant(tmp_path))


def test_the_corpus_has_at_least_forty_mistakes_with_distinct_names():
    assert len(MISTAKES) >= 40
    assert len({m.name for m in MISTAKES}) == len(MISTAKES)


def test_the_base_tenant_has_no_warnings(tmp_path):
    assert [w.format() for w in load_and_compile(write_tenant(tmp_path)).warnings] == []


@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_each_mistake_is_caught_at_its_place_with_a_hint(tmp_path, mistake):
    if mistake.severity == "warning":  # the form still compiles: the warning comes with it
        problems = load_and_compile(write_tenant(tmp_path, mistake)).warnings
        assert all(p.severity == "warning" for p in problems)
    else:
        problems = problems_of(write_tenant(tmp_path, mistake))
    shown = "\n".join(p.format() for p in problems)
    matching = [p for p in problems if p.code == mistake.code and p.place == mistake.place]
    assert matching, f"expected {mistake.code} at {mistake.place}; got:\n{shown}"
    problem = matching[0]
    assert problem.location.file.endswith(mistake.file), shown
    assert problem.location.line == mistake.line, shown
    assert mistake.fragment in problem.message, shown
    assert mistake.hint in problem.hint, shown
    for each in problems:  # whatever else is reported is written for the author too
        assert each.place and each.hint and each.location.col >= 1, each.format()
        assert not POSITIONAL.search(each.message + each.place), each.format()


@pytest.mark.parametrize(
    "phone",
    [
        "{key: cell, type: phone, label: International Cell Phone, phone: {international: false}}",
        "{key: cell, type: phone, label: International Cell Phone, phone: {international: true}}",
        "{key: cell, type: international_phone, label: International Cell Phone}",
        "{key: cell, type: phone, label: Cell Phone}",
    ],
    ids=["national meant", "international flag", "international type", "not said international"],
)
def test_a_phone_whose_mask_is_meant_is_not_warned_about(tmp_path, phone):
    folder = write_tenant(tmp_path, Mistake("", about(f"- {phone}\n"), "", "", 0, "", "", ""))
    assert "NATIONAL_MASK" not in [w.code for w in load_and_compile(folder).warnings]
