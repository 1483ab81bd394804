"""Moving a draft to the current definition version: the one place where a draft's data follows a
new version. Called with the application row locked, inside the write's transaction."""

from collections.abc import Callable

from engine.applications.drafts import move_draft
from engine.definition import CompiledForm


def migrate_draft(
    application,
    from_compiled: CompiledForm | None,
    to_compiled: CompiledForm,
    documents: dict,
    move_documents: Callable[[dict, list], dict],
) -> None:
    """Move the (locked, not submitted) application from the version it is on to `to_compiled`:
    its answers, documents, add-another counts and tab choices follow the new version, and what it
    has no place for goes to the application's archive (engine.applications.drafts).

    `from_compiled` is None when the application has no version yet or its version is not stored.
    The caller bumps its row version and commits."""
    move_draft(application, from_compiled, to_compiled, documents, move_documents)
    application.definition_version = to_compiled.etag
