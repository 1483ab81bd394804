"""The engine's words: one catalogue (engine/definition/texts.yaml) that the compiled form carries
in full, that a tenant rewords under `texts:`, and that the client's defaults are written from."""

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from flask import Flask
from tenant_edits import copy_tenant, edit

from engine.definition import load_and_compile
from engine.definition.catalogue import DEFAULT_TEXTS, SOURCE, render_client, tenant_text
from engine.definition.problems import DefinitionInvalid

ROOT = Path(__file__).resolve().parents[3]
TENANT_YAML = Path("tenant.yaml")


def test_the_clients_catalogue_is_what_the_generator_writes():
    """client/src/strings/catalogue.js and formCatalogue.js are written from texts.yaml: a hand edit
    of either side shows here."""
    written = render_client()
    assert {path.name for path in written} == {"catalogue.js", "formCatalogue.js"}
    for path, text in written.items():
        assert path.read_text(encoding="utf-8") == text, "run: python -m engine.definition._gen_schema"


def test_the_compiled_form_carries_every_text_with_the_tenants_wording_first(tmp_path):
    tenant = copy_tenant(tmp_path, "example_scholarship")
    edit(
        tenant,
        "\npages:",
        '\ntexts:\n  shell_help: "Aide"\n  entry_title: "{label} n° {number}"\n\npages:',
        TENANT_YAML,
    )
    texts = load_and_compile(tenant).data["texts"]
    assert set(texts) == set(DEFAULT_TEXTS)
    assert texts["shell_help"] == "Aide" and texts["entry_title"] == "{label} n° {number}"
    assert texts["shell_privacy"] == DEFAULT_TEXTS["shell_privacy"]


def test_an_unknown_text_id_is_a_problem_at_its_place_with_a_near_id(tmp_path):
    tenant = copy_tenant(tmp_path, "example_scholarship")
    edit(tenant, "\npages:", '\ntexts:\n  shell_hlep: "Aide"\n\npages:', TENANT_YAML)
    with pytest.raises(DefinitionInvalid) as refused:
        load_and_compile(tenant)
    (problem,) = refused.value.problems
    line = next(n for n, text in enumerate((tenant / TENANT_YAML).read_text().splitlines(), 1) if "shell_hlep" in text)
    assert (problem.location.line, problem.location.col) == (line, 3)
    assert "'shell_hlep'" in problem.message and "did you mean 'shell_help'?" in problem.hint


def test_every_text_is_a_string_whose_placeholders_are_words():
    groups = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    assert sum(len(texts) for texts in groups.values()) == len(DEFAULT_TEXTS) > 0, "an id in two groups"
    for text in DEFAULT_TEXTS.values():
        assert all(re.fullmatch(r"[a-z_]+", name) for name in re.findall(r"\{([^}]*)\}", text)), text


class _Served:
    """Stands for app.extensions["tenant"]: serves a compiled form's data, or fails like a bug."""

    def __init__(self, texts: dict | None = None, error: Exception | None = None):
        self.texts, self.error = texts, error

    def current(self):
        if self.error is not None:
            raise self.error
        return SimpleNamespace(data={"texts": self.texts})


def _served_text(served, text_id: str) -> str:
    app = Flask(__name__)
    app.extensions["tenant"] = served
    with app.app_context():
        return tenant_text(text_id)


def test_the_server_answers_in_the_served_tenants_words_else_the_catalogues():
    assert _served_text(_Served({**DEFAULT_TEXTS, "shell_help": "Aide"}), "shell_help") == "Aide"
    assert tenant_text("shell_help") == DEFAULT_TEXTS["shell_help"]  # outside an app
    # A version stored before an id was added to texts.yaml does not carry it.
    older = {name: text for name, text in DEFAULT_TEXTS.items() if name != "shell_help"}
    assert _served_text(_Served(older), "shell_help") == DEFAULT_TEXTS["shell_help"]


def test_a_bug_reading_the_served_form_is_raised_not_hidden_behind_the_default_wording():
    with pytest.raises(ZeroDivisionError):
        _served_text(_Served(error=ZeroDivisionError("a bug")), "shell_help")
