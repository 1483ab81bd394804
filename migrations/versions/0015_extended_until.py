"""Applications: the deadline staff extended for one applicant past the application window's close.

Revision ID: extended_until
Revises: erasures
"""

import sqlalchemy as sa
from alembic import op

revision = "extended_until"
down_revision = "erasures"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("applications") as batch:
        batch.add_column(sa.Column("extended_until", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("applications") as batch:
        batch.drop_column("extended_until")
