"""Accounts: the language the applicant chose (a BCP 47 tag of the form's `languages:`; null for a
form in one language, or an account from before). Sign-in on another device reads the form in it,
and e-mails sent without a request (retention reminders) are written in it.

Revision ID: account_language
Revises: application_language
"""

import sqlalchemy as sa
from alembic import op

revision = "account_language"
down_revision = "application_language"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("language", sa.String(length=35), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("language")
