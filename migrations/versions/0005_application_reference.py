"""Applications: the reference given at submission (short, unique, unguessable).

Applications submitted before this revision get theirs the first time it is read
(engine.applications.service.reference_for), with the tenant's prefix.

Revision ID: application_reference
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "application_reference"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("applications") as batch:
        batch.add_column(sa.Column("reference", sa.String(length=20), nullable=True))
        batch.create_unique_constraint("uq_applications_reference", ["reference"])


def downgrade() -> None:
    with op.batch_alter_table("applications") as batch:
        batch.drop_constraint("uq_applications_reference", type_="unique")
        batch.drop_column("reference")
