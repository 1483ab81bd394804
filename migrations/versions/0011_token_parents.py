"""Service tokens: the staff token a print-view token was made on the authority of, so revoking the
staff token voids every print view opened with it.

Revision ID: token_parents
Revises: archived_answers
"""

import sqlalchemy as sa
from alembic import op

revision = "token_parents"
down_revision = "archived_answers"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("service_tokens") as batch:
        batch.add_column(sa.Column("parent_token_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            op.f("fk_service_tokens_parent_token_id_staff_tokens"),
            "staff_tokens",
            ["parent_token_id"],
            ["id"],
            ondelete="CASCADE",
        )
        batch.create_index(op.f("ix_service_tokens_parent_token_id"), ["parent_token_id"])


def downgrade() -> None:
    with op.batch_alter_table("service_tokens") as batch:
        batch.drop_index(op.f("ix_service_tokens_parent_token_id"))
        batch.drop_constraint(op.f("fk_service_tokens_parent_token_id_staff_tokens"), type_="foreignkey")
        batch.drop_column("parent_token_id")
