"""The published meta-schema is what editors lint tenant files with: it must accept every shipped
file through its root (tenant, page or option list), and refuse a broken one."""

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from engine.definition import _gen_schema
from engine.definition.load.loader import load_yaml

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "engine" / "definition" / "tenant.schema.json").read_text())
FILES = sorted(p for p in (ROOT / "tenants").rglob("*.yaml"))


def test_the_published_meta_schema_is_what_its_generator_writes():
    """tenant.schema.json is edited through _gen_schema.py: a hand edit, or a generator change
    whose output was not written, shows here."""
    published = _gen_schema.TARGET.read_text()
    assert published == _gen_schema.render(), "run: python -m engine.definition._gen_schema"


def test_meta_schema_is_a_valid_json_schema_with_a_version():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["schema_version"] == 1


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_file_passes_the_editor_schema(path):
    problems = []
    document = load_yaml(path, str(path), problems)  # YAML 1.2 scalars, as editors' language servers read them
    assert problems == []
    errors = [e.message for e in Draft202012Validator(SCHEMA).iter_errors(document)]
    assert errors == []


def test_editor_schema_refuses_an_unknown_field_type():
    page = {
        "route": "/x",
        "title": "X",
        "nav_label": "X",
        "sections": [{"id": "s", "fields": [{"key": "a", "type": "txt", "label": "A"}]}],
    }
    assert not Draft202012Validator(SCHEMA).is_valid(page)
