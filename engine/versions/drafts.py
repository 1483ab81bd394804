"""Moving a draft to the current definition version: the one place where a draft's data follows a
new version. Called with the application row locked, inside the write's transaction."""

from engine.definition import CompiledForm


def migrate_draft(application, from_compiled: CompiledForm | None, to_compiled: CompiledForm) -> None:
    """Move the (locked, not submitted) application from the version it is on to `to_compiled`.

    `from_compiled` is None when the application has no version yet or its version is not stored.
    Mutate the ORM `application` (answers, add_another, tabs ...); the caller bumps its row version
    and commits. For now only the version moves: the answers stay as they are."""
    application.definition_version = to_compiled.etag
