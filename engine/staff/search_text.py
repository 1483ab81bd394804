"""The text the staff list's answer search reads: an application's string and number answer values,
lower-cased, never their keys, as each database derives it from the stored answers.

A submitted application's is stored in `applications.answer_text`, which the database writes when
the application is submitted (migration submitted_answer_text); a draft's is NULL there and derived
here when staff search, so a draft's saves never write it (for 1,500 answers it was most of a save's
cost, docs/benchmarks.md). The migrations hold copies of these expressions, since a migration never
imports the engine; tests/unit/staff/test_search_text.py keeps them the same. `{answers}` stands for
the answers column."""

from sqlalchemy import Text, literal_column

POSTGRES = (
    "lower(CAST(jsonb_path_query_array({answers}, "
    """'strict $.** ? (@.type() == "string" || @.type() == "number")') AS text))"""
)
SQLITE = (
    "(SELECT lower(group_concat(atom, char(10))) FROM json_tree({answers}) WHERE type IN ('text', 'integer', 'real'))"
)


def derived(postgres: bool):
    """SQL: the search text of each row of `applications`, derived from its answers now."""
    expression = POSTGRES if postgres else SQLITE
    return literal_column(expression.format(answers="applications.answers"), Text)
