"""The job outbox: jobs recorded in the same transaction as the change that needs them, then
dispatched to RQ (engine/outbox.py), so a Redis outage loses none.

Revision ID: job_outbox
Revises: staff_tokens
"""

import sqlalchemy as sa
from alembic import op

revision = "job_outbox"
down_revision = "staff_tokens"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "job_outbox",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("job_id", sa.String(length=64), nullable=False),
        sa.Column("func", sa.String(length=200), nullable=False),
        sa.Column("args", sa.Text(), nullable=False),
        sa.Column("queue", sa.String(length=100), nullable=False),
        sa.Column("timeout", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("dispatched_at", sa.DateTime(), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.UniqueConstraint("job_id", name="uq_job_outbox_job_id"),
    )
    op.create_index("ix_job_outbox_dispatched_at", "job_outbox", ["dispatched_at"])


def downgrade() -> None:
    op.drop_index("ix_job_outbox_dispatched_at", table_name="job_outbox")
    op.drop_table("job_outbox")
