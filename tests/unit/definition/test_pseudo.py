"""`formengine pseudo`: a copy of a tenant with every word an applicant reads pseudo-localized."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.cli import main
from engine.definition import load_and_compile
from engine.definition.catalogue import DEFAULT_TEXTS
from engine.definition.pseudo import CLOSE, OPEN, PDF, RLM, RLO, RTL_LANGUAGE, pseudo_line, pseudo_text
from engine.i18n.direction import direction

ROOT = Path(__file__).resolve().parents[3]
TENANTS = sorted(p.name for p in (ROOT / "tenants").iterdir() if p.is_dir())
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def test_a_line_is_wrapped_accented_longer_and_keeps_placeholders_links_and_addresses():
    text = "Write to {support_email} or see [the guide](https://example.org/a-b) for help"
    out = pseudo_line(text)
    assert out.startswith(OPEN) and out.endswith(CLOSE)
    assert len(pseudo_line("Write to {support_email} or see the guide for help")) - 2 >= 1.35 * 50
    assert PLACEHOLDER.findall(out) == ["{support_email}"]
    assert "](https://example.org/a-b)" in out and "Wríítéé" in out
    assert "ann@example.edu" in pseudo_line("Mail ann@example.edu")
    assert pseudo_line(out) == out  # already pseudo-localized: left as it is


def test_a_markdown_text_wraps_each_line_after_its_marks():
    out = pseudo_text("# Help\n\n- one\n1. two\nplain")
    lines = out.split("\n")
    assert lines[0].startswith("# ⟦") and lines[1] == "" and lines[2].startswith("- ⟦")
    assert lines[3].startswith("1. ⟦") and lines[4].startswith("⟦")


def _strings(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, (*path, key))
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value, path)
    elif isinstance(node, str):
        yield path, node


@pytest.mark.parametrize("tenant", TENANTS)
def test_the_copy_validates_and_wraps_every_word_but_keys_values_and_routes(tenant, tmp_path):
    out = tmp_path / "pseudo"
    done = CliRunner().invoke(main, ["pseudo", str(ROOT / "tenants" / tenant), str(out)], catch_exceptions=False)
    assert done.exit_code == 0, done.stderr
    original, copy = load_and_compile(ROOT / "tenants" / tenant).data, load_and_compile(out).data
    # Every engine text and message, the tenant's wording of it included, is wrapped, placeholders kept.
    assert set(copy["texts"]) == set(DEFAULT_TEXTS)
    for group in ("texts", "messages"):
        for name, text in copy[group].items():
            assert text.strip().startswith(OPEN) and text.strip().endswith(CLOSE), (group, name, text)
            assert PLACEHOLDER.findall(text) == PLACEHOLDER.findall(original[group][name])
    # What the client reads as a page's or an option's words is wrapped; keys and values are not.
    assert copy["data_model"].keys() == original["data_model"].keys()
    for page, before in zip(copy["pages"], original["pages"], strict=True):
        assert page["route"] == before["route"] and page["title"].startswith(OPEN)
    for list_id, options in copy["options"].items():
        for option, before in zip(options["options"], original["options"][list_id]["options"], strict=True):
            assert option["value"] == before["value"]
            no_word = option["label"] == before["label"] and not re.search(r"[^\W\d_]", str(before["label"]))
            assert option["label"].startswith(OPEN) or no_word, option  # generated years, a "--" placeholder
    words = [text for path, text in _strings(copy["pages"]) if path[-1] in ("label", "title", "help", "text")]
    assert words and all(OPEN in text for text in words)


def test_it_refuses_a_folder_that_holds_something(tmp_path):
    (tmp_path / "kept.txt").write_text("mine")
    done = CliRunner().invoke(main, ["pseudo", str(ROOT / "tenants" / TENANTS[0]), str(tmp_path)])
    assert done.exit_code == 1 and "is not empty" in done.stderr
    assert (tmp_path / "kept.txt").read_text() == "mine"


def test_the_copy_is_in_the_pseudo_language_alone(tmp_path):
    out = tmp_path / "pseudo"
    assert CliRunner().invoke(main, ["pseudo", str(ROOT / "tenants" / "example_scholarship"), str(out)]).exit_code == 0
    compiled = load_and_compile(out)
    assert "languages" not in compiled.data and compiled.data["settings"]["language"] == "en"
    assert not (out / "translations").exists() and compiled.warnings == []


def test_a_right_to_left_line_mirrors_each_word_and_keeps_placeholders_links_and_addresses():
    out = pseudo_line("Write to {support_email} or ann@example.edu, see [the guide](https://example.org)", rtl=True)
    assert out.startswith(OPEN) and out.endswith(CLOSE)
    assert f"{RLM}{RLO}Wríítéé{PDF}{RLM}" in out
    # A number in groups reads left to right inside the right-to-left line, as a translator writes it.
    assert "\u2066+44 20 7946 0958\u2069" in pseudo_line("Call +44 20 7946 0958 or 112.", rtl=True)
    # What is kept as written is outside any override (as many opened as closed before it): it reads as typed.
    for kept in ("{support_email}", "ann@example.edu", "](https://example.org)"):
        before = out[: out.index(kept)]
        assert before.count(RLO) == before.count(PDF), kept
    # Every letter of the wrapped words is inside an override.
    for kept in ("{support_email}", "ann@example.edu", "](https://example.org)"):
        out = out.replace(kept, " ")
    assert re.sub(f"{RLM}{RLO}[^{PDF}]*{PDF}{RLM}", "", out).strip(OPEN + CLOSE + " ,[·") == ""


def test_the_right_to_left_copy_reads_right_to_left_in_its_pseudo_language_alone(tmp_path):
    out = tmp_path / "rtl"
    args = ["pseudo", "--rtl", str(ROOT / "tenants" / "intl_undergrad"), str(out)]
    assert CliRunner().invoke(main, args, catch_exceptions=False).exit_code == 0
    compiled = load_and_compile(out)
    assert compiled.data["settings"]["language"] == RTL_LANGUAGE and "languages" not in compiled.data
    assert direction(RTL_LANGUAGE) == "rtl" and compiled.warnings == []
    for group in ("texts", "messages"):
        for name, text in compiled.data[group].items():
            words = PLACEHOLDER.sub("", text)  # a text of placeholders alone has no word to mirror
            assert text.strip().startswith(OPEN) and (RLO in text or not re.search(r"[^\W\d_]", words)), name
    assert all(RLO in page["title"] for page in compiled.data["pages"])
    # The shipped tenants never offer it: it exists only in a generated copy.
    for tenant in TENANTS:
        assert RTL_LANGUAGE not in (ROOT / "tenants" / tenant / "tenant.yaml").read_text()
