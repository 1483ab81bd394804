"""How PostgreSQL stores the answers: compressed with lz4 (a save rewrites the whole map, and lz4
makes that cheaper than the default pglz for a large application; docs/benchmarks.md)."""

import pytest


def test_the_stored_answers_are_compressed_with_lz4_on_postgresql(app, sql):
    if app.extensions["db_engine"].dialect.name != "postgresql":
        pytest.skip("a PostgreSQL column setting")
    (offered,) = sql("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
    if "lz4" not in offered[0]:
        pytest.skip("this PostgreSQL is built without lz4: the column keeps pglz")
    compression = sql(
        "SELECT attcompression FROM pg_attribute WHERE attrelid = 'applications'::regclass AND attname = 'answers'"
    )
    assert compression == [("l",)]
