"""Applications: the application row (answers, counts, tabs, validations), web-status
history, anonymous saved drafts, staff service tokens.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

JSONMap = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "applications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("answers", JSONMap, nullable=False),
        sa.Column("add_another", JSONMap, nullable=False),
        sa.Column("tabs", JSONMap, nullable=False),
        sa.Column("validation_errors", JSONMap, nullable=False),
        sa.Column("last_page", sa.String(length=300), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("validated_at", sa.DateTime(), nullable=True),
        sa.Column("submitted_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_applications_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_applications")),
        sa.UniqueConstraint("account_id", name=op.f("uq_applications_account_id")),
    )
    op.create_table(
        "web_status_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("application_id", sa.Integer(), nullable=False),
        sa.Column("web_status", sa.String(length=20), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["application_id"],
            ["applications.id"],
            name=op.f("fk_web_status_events_application_id_applications"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_web_status_events")),
    )
    op.create_index("ix_web_status_events_application", "web_status_events", ["application_id", "id"])
    op.create_table(
        "saved_drafts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("answers", JSONMap, nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_saved_drafts")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_saved_drafts_token_hash")),
    )
    op.create_index(op.f("ix_saved_drafts_expires_at"), "saved_drafts", ["expires_at"])
    op.create_table(
        "service_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("application_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("revoked_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["application_id"],
            ["applications.id"],
            name=op.f("fk_service_tokens_application_id_applications"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_service_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_service_tokens_token_hash")),
    )
    op.create_index(op.f("ix_service_tokens_application_id"), "service_tokens", ["application_id"])


def downgrade() -> None:
    op.drop_table("service_tokens")
    op.drop_table("saved_drafts")
    op.drop_table("web_status_events")
    op.drop_table("applications")
