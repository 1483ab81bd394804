"""Applications: the stored answers compressed with lz4 on PostgreSQL (14 and later, built with lz4).

A save merges one answer into the whole stored map, which PostgreSQL decompresses and compresses
again at every write; with 1,500 answers (some 56 KB of JSON) pglz, the default, makes a save into
a large application markedly slower than into a small one, lz4 much less so (docs/benchmarks.md,
Large generated tenant). Only the column's setting changes: values are recompressed as they are
next written. SQLite, and a PostgreSQL without lz4, are left as they are.

Revision ID: answers_lz4
Revises: prepared_files
"""

import sqlalchemy as sa
from alembic import op

revision = "answers_lz4"
down_revision = "prepared_files"
branch_labels = None
depends_on = None


def _has_lz4(bind) -> bool:
    if bind.dialect.name != "postgresql":
        return False
    found = bind.execute(
        sa.text("SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)")
    ).first()
    return found is not None


def upgrade() -> None:
    if _has_lz4(op.get_bind()):
        op.execute("ALTER TABLE applications ALTER COLUMN answers SET COMPRESSION lz4")


def downgrade() -> None:
    if _has_lz4(op.get_bind()):
        op.execute("ALTER TABLE applications ALTER COLUMN answers SET COMPRESSION pglz")
