"""Staff as people: staff members (local accounts with a TOTP second factor, or from an identity
provider) with roles, their own sessions, sign-ins waiting for the provider, and the append-only
audit trail. A print-view token opened by a signed-in member names their session
(`service_tokens.parent_session_id`), as one opened with a machine token names that token, and ends
with it.

Revision ID: staff_people_audit
Revises: version_tenant
"""

import sqlalchemy as sa
from alembic import op

revision = "staff_people_audit"
down_revision = "version_tenant"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "staff_members",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("subject", sa.String(length=255), nullable=False, unique=True),
        sa.Column("email", sa.String(length=254), nullable=False, unique=True),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("roles", sa.String(length=100), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=True),
        sa.Column("totp_secret", sa.String(length=64), nullable=True),
        sa.Column("totp_last_step", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("last_sign_in_at", sa.DateTime(), nullable=True),
        sa.Column("disabled_at", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "staff_sessions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token_hash", sa.String(length=64), nullable=False, unique=True),
        sa.Column("staff_id", sa.Integer(), sa.ForeignKey("staff_members.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_staff_sessions_staff_id", "staff_sessions", ["staff_id"])
    with op.batch_alter_table("service_tokens") as batch:
        batch.add_column(sa.Column("parent_session_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            op.f("fk_service_tokens_parent_session_id_staff_sessions"),
            "staff_sessions",
            ["parent_session_id"],
            ["id"],
            ondelete="CASCADE",
        )
        batch.create_index(op.f("ix_service_tokens_parent_session_id"), ["parent_session_id"])
    op.create_table(
        "staff_sign_in_requests",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("state_hash", sa.String(length=64), nullable=False, unique=True),
        sa.Column("nonce", sa.String(length=100), nullable=False),
        sa.Column("code_verifier", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_staff_sign_in_requests_created_at", "staff_sign_in_requests", ["created_at"])
    op.create_table(
        "audit_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("actor_kind", sa.String(length=20), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("actor_label", sa.String(length=254), nullable=False),
        sa.Column("action", sa.String(length=50), nullable=False),
        sa.Column("application_id", sa.Integer(), nullable=True),
        sa.Column("reference", sa.String(length=50), nullable=True),
        sa.Column("ip", sa.String(length=64), nullable=True),
        sa.Column("user_agent", sa.String(length=300), nullable=True),
        sa.Column("detail", sa.Text(), nullable=True),
    )
    op.create_index("ix_audit_events_at", "audit_events", ["at"])
    op.create_index("ix_audit_events_application_id", "audit_events", ["application_id"])
    op.create_index("ix_audit_events_reference", "audit_events", ["reference"])
    op.create_index("ix_audit_events_actor", "audit_events", ["actor_kind", "actor_id"])


def downgrade() -> None:
    op.drop_table("audit_events")
    op.drop_table("staff_sign_in_requests")
    with op.batch_alter_table("service_tokens") as batch:
        batch.drop_index(op.f("ix_service_tokens_parent_session_id"))
        batch.drop_constraint(op.f("fk_service_tokens_parent_session_id_staff_sessions"), type_="foreignkey")
        batch.drop_column("parent_session_id")
    op.drop_table("staff_sessions")
    op.drop_table("staff_members")
