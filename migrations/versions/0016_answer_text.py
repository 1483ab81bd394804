"""The staff list's answer search: `applications.answer_text`, the lower-cased string and number
values of the answers (never their keys), kept by the database on every write of `answers`, so no
save path (the ORM's, the PostgreSQL autosave's in-database merge, a draft's move to a new version)
can forget it. PostgreSQL: a stored generated column over a JSON path. SQLite (whose generated
columns cannot walk JSON): triggers after each insert and each update of `answers`.

Revision ID: answer_text
Revises: extended_until
"""

import sqlalchemy as sa
from alembic import op

revision = "answer_text"
down_revision = "extended_until"
branch_labels = None
depends_on = None

PG_VALUES = (
    "lower(CAST(jsonb_path_query_array(answers, "
    """'strict $.** ? (@.type() == "string" || @.type() == "number")') AS text))"""
)
SQLITE_VALUES = (
    "(SELECT lower(group_concat(atom, char(10))) FROM json_tree({row}.answers) "
    "WHERE type IN ('text', 'integer', 'real'))"
)
SQLITE_TRIGGERS = {
    "applications_answer_text_insert": "AFTER INSERT ON applications",
    "applications_answer_text_update": "AFTER UPDATE OF answers ON applications",
}


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.add_column("applications", sa.Column("answer_text", sa.Text(), sa.Computed(PG_VALUES, persisted=True)))
        return
    op.add_column("applications", sa.Column("answer_text", sa.Text(), nullable=True))
    for name, event in SQLITE_TRIGGERS.items():
        op.execute(
            f"CREATE TRIGGER {name} {event} BEGIN "
            f"UPDATE applications SET answer_text = {SQLITE_VALUES.format(row='NEW')} WHERE id = NEW.id; END"
        )
    op.execute(f"UPDATE applications SET answer_text = {SQLITE_VALUES.format(row='applications')}")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        for name in SQLITE_TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    with op.batch_alter_table("applications") as batch:
        batch.drop_column("answer_text")
