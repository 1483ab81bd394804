"""Erasures: the tombstone an erased application or account leaves (its id, its reference where it had
one, when and by whom; what could not be cleared yet), never personal data.

Revision ID: erasures
Revises: staff_people_audit
"""

import sqlalchemy as sa
from alembic import op

revision = "erasures"
down_revision = "staff_people_audit"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "erasures",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("application_id", sa.Integer(), nullable=True),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("reference", sa.String(length=50), nullable=True),
        sa.Column("erased_at", sa.DateTime(), nullable=False),
        sa.Column("erased_by", sa.String(length=254), nullable=False),
        sa.Column("ids", sa.Text(), nullable=False),
        sa.Column("pending", sa.Text(), nullable=False),
    )
    op.create_index("ix_erasures_application_id", "erasures", ["application_id"])
    op.create_index("ix_erasures_reference", "erasures", ["reference"])
    op.create_table(
        "retention_reminders",
        sa.Column(
            "application_id",
            sa.Integer(),
            sa.ForeignKey("applications.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("sent_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("retention_reminders")
    op.drop_table("erasures")
