"""Definition versions: the tenant each belongs to. A database belongs to one tenant: a process
started with another tenant on a database holding this one's applications refuses to start
(engine.versions), and each tenant's current version is its own newest publication. Versions
recorded before this revision get the tenant id their compiled form names.

Revision ID: version_tenant
Revises: archived_answers
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "version_tenant"
down_revision = "token_parents"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("definition_versions") as batch:
        batch.add_column(sa.Column("tenant_id", sa.String(length=64), nullable=True))
    versions = sa.table("definition_versions", sa.column("id"), sa.column("compiled"), sa.column("tenant_id"))
    connection = op.get_bind()
    for version_id, compiled in connection.execute(sa.select(versions.c.id, versions.c.compiled)).all():
        tenant_id = (json.loads(compiled).get("tenant") or {}).get("id")
        connection.execute(sa.update(versions).where(versions.c.id == version_id).values(tenant_id=tenant_id))
    op.create_index("ix_definition_versions_tenant_id", "definition_versions", ["tenant_id"])


def downgrade() -> None:
    op.drop_index("ix_definition_versions_tenant_id", table_name="definition_versions")
    with op.batch_alter_table("definition_versions") as batch:
        batch.drop_column("tenant_id")
