"""Applications: the language the applicant submitted in (a BCP 47 tag of the form's `languages:`;
null for a form in one language, or an application not submitted yet), which its PDF is written in.

Revision ID: application_language
Revises: answer_text
"""

import sqlalchemy as sa
from alembic import op

revision = "application_language"
down_revision = "answer_text"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("applications") as batch:
        batch.add_column(sa.Column("language", sa.String(length=35), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("applications") as batch:
        batch.drop_column("language")
