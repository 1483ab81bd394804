"""Files prepared by a worker job for one person (a staff export, an applicant's own data), and the
applicants' mail log (date, template, subject and message id of each e-mail sent to an account).

Revision ID: prepared_files
Revises: account_language
"""

import sqlalchemy as sa
from alembic import op

revision = "prepared_files"
down_revision = "account_language"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "prepared_files",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("staff_kind", sa.String(length=10), nullable=True),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.Column("staff_label", sa.String(length=254), nullable=True),
        sa.Column("origin", sa.Text(), nullable=True),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("message", sa.Text(), nullable=True),
        sa.Column("job_id", sa.String(length=64), nullable=True),
        sa.Column("storage_key", sa.String(length=255), nullable=True),
        sa.Column("file_name", sa.String(length=255), nullable=True),
        sa.Column("file_size", sa.Integer(), nullable=True),
        sa.Column("once", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("ready_at", sa.DateTime(), nullable=True),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("taken_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_prepared_files")),
    )
    op.create_index("ix_prepared_files_account_id", "prepared_files", ["account_id"])
    op.create_index("ix_prepared_files_expires_at", "prepared_files", ["expires_at"])
    op.create_table(
        "mail_log",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=False),
        sa.Column("template", sa.String(length=100), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("message_id", sa.String(length=255), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_log")),
    )
    op.create_index("ix_mail_log_account_id", "mail_log", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_mail_log_account_id", table_name="mail_log")
    op.drop_table("mail_log")
    op.drop_index("ix_prepared_files_expires_at", table_name="prepared_files")
    op.drop_index("ix_prepared_files_account_id", table_name="prepared_files")
    op.drop_table("prepared_files")
