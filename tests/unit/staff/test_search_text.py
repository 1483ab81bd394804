"""The staff answer search's text is one expression per database: the engine derives a draft's with
it and the migrations have the database store a submitted application's with a copy of it (a
migration never imports the engine). The copies must read the same, or a word found in a draft
would be missed once it is submitted."""

import importlib.util
from pathlib import Path

from engine.staff import search_text

VERSIONS = Path(__file__).resolve().parents[3] / "migrations" / "versions"


def _migration(file_name: str):
    spec = importlib.util.spec_from_file_location(file_name.removesuffix(".py"), VERSIONS / file_name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_migrations_store_the_text_the_search_derives():
    for file_name in ("0016_answer_text.py", "0022_submitted_answer_text.py"):
        migration = _migration(file_name)
        assert migration.PG_VALUES == search_text.POSTGRES.format(answers="answers"), file_name
        assert migration.SQLITE_VALUES == search_text.SQLITE.format(answers="{row}.answers"), file_name
