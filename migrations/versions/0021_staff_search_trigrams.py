"""The staff list's searches on PostgreSQL through trigram indexes (pg_trgm): `LIKE '%word%'` over
`applications.answer_text` of submitted applications (the answer search and the name's first test), over the lower-cased
reference and over `accounts.username` find their rows in the index instead of reading every
application (docs/benchmarks.md, Staff list). pg_trgm ships with PostgreSQL (contrib) and is a
trusted extension since PostgreSQL 13: the database's owner, who runs migrations, may create it.
Where it cannot be created the indexes are left out and the searches read every row, as before.
SQLite is left as it is.

Revision ID: staff_search_trigrams
Revises: answers_lz4
"""

import sqlalchemy as sa
from alembic import op

revision = "staff_search_trigrams"
down_revision = "answers_lz4"
branch_labels = None
depends_on = None

INDEXES = {
    # Submitted applications only: a draft's every save rewrites its search text, and indexing the
    # trigrams of a 1,500-answer draft made each of its saves 2.4 times slower (docs/benchmarks.md);
    # the search reads drafts' rows, a small share of a season's list, one by one.
    "ix_applications_answer_text_trgm": (
        "applications USING gin (answer_text gin_trgm_ops) WHERE submitted_at IS NOT NULL"
    ),
    "ix_applications_reference_trgm": "applications USING gin (lower(coalesce(reference, '')) gin_trgm_ops)",
    "ix_accounts_username_trgm": "accounts USING gin (username gin_trgm_ops)",
}


def _can_use_trigrams(bind) -> bool:
    if bind.dialect.name != "postgresql":
        return False
    if bind.execute(sa.text("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")).first():
        return True
    available = bind.execute(sa.text("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'")).first()
    allowed = bind.execute(sa.text("SELECT has_database_privilege(current_database(), 'CREATE')")).scalar()
    return bool(available and allowed)


def upgrade() -> None:
    bind = op.get_bind()
    if not _can_use_trigrams(bind):
        return
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, target in INDEXES.items():
        op.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {target}")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for name in INDEXES:
            op.execute(f"DROP INDEX IF EXISTS {name}")
