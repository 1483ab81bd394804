"""Staff tokens: read-only access to every application (the /staff list), hashed, expiring, revocable.

Revision ID: staff_tokens
Revises: application_reference
"""

import sqlalchemy as sa
from alembic import op

revision = "staff_tokens"
down_revision = "application_reference"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "staff_tokens",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token_hash", sa.String(length=64), nullable=False, unique=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("scope", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("revoked_at", sa.DateTime(), nullable=True),
        sa.Column("last_used_at", sa.DateTime(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("staff_tokens")
