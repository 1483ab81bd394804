"""Documents: conversions of uploaded files (the document answers) and the application PDF.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _job_columns() -> list:
    return [
        sa.Column("job_id", sa.String(length=64), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("deadline_at", sa.DateTime(), nullable=True),
    ]


def upgrade() -> None:
    op.create_table(
        "document_conversions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("application_id", sa.Integer(), nullable=False),
        sa.Column("answer_key", sa.String(length=100), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("message", sa.Text(), nullable=True),
        sa.Column("upload_key", sa.String(length=255), nullable=True),
        sa.Column("pdf_key", sa.String(length=255), nullable=True),
        sa.Column("file_name", sa.String(length=255), nullable=False),
        sa.Column("file_size", sa.Integer(), nullable=True),
        sa.Column("file_type", sa.String(length=10), nullable=True),
        *_job_columns(),
        sa.ForeignKeyConstraint(
            ["application_id"],
            ["applications.id"],
            name=op.f("fk_document_conversions_application_id_applications"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_document_conversions")),
        sa.UniqueConstraint("application_id", "answer_key", name=op.f("uq_document_conversions_application_id")),
    )
    op.create_index(op.f("ix_document_conversions_application_id"), "document_conversions", ["application_id"])
    op.create_table(
        "application_pdfs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("application_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("message", sa.Text(), nullable=True),
        sa.Column("fingerprint", sa.String(length=64), nullable=True),
        sa.Column("pdf_key", sa.String(length=255), nullable=True),
        *_job_columns(),
        sa.ForeignKeyConstraint(
            ["application_id"],
            ["applications.id"],
            name=op.f("fk_application_pdfs_application_id_applications"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_application_pdfs")),
        sa.UniqueConstraint("application_id", name=op.f("uq_application_pdfs_application_id")),
    )


def downgrade() -> None:
    op.drop_table("application_pdfs")
    op.drop_table("document_conversions")
