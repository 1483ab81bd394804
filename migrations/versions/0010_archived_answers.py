"""Applications: the archive of answers to questions no longer on the form (a draft moved to a newer
definition version keeps there what the new version has no place for; shown to staff, never lost).

Revision ID: archived_answers
Revises: definition_versions
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "archived_answers"
down_revision = "definition_versions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
    with op.batch_alter_table("applications") as batch:
        batch.add_column(sa.Column("archived_answers", json, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("applications") as batch:
        batch.drop_column("archived_answers")
