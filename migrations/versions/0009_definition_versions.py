"""Definition versions: every compiled form the app serves, kept with its compiled JSON, and the
version each application is on (a submitted application's for ever).

Applications from before this revision get the first version recorded after it (the form the
app serves when it starts on this revision): engine.versions pins them then.

Revision ID: definition_versions
Revises: deliveries
"""

import sqlalchemy as sa
from alembic import op

revision = "definition_versions"
down_revision = "deliveries"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "definition_versions",
        sa.Column("id", sa.String(length=64), primary_key=True),
        # The compiled form's JSON as text: JSONB would reorder its keys (pages, fields, options).
        sa.Column("compiled", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("published", sa.Integer(), nullable=False),
        sa.Column("published_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_definition_versions_published", "definition_versions", ["published"])
    with op.batch_alter_table("applications") as batch:
        # A version is kept while any application refers to it.
        batch.add_column(
            sa.Column(
                "definition_version",
                sa.String(length=64),
                sa.ForeignKey("definition_versions.id", name="fk_applications_definition_version_definition_versions"),
                nullable=True,
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("applications") as batch:
        batch.drop_constraint("fk_applications_definition_version_definition_versions", type_="foreignkey")
        batch.drop_column("definition_version")
    op.drop_index("ix_definition_versions_published", table_name="definition_versions")
    op.drop_table("definition_versions")
