"""The impact of publishing a definition: the diff between the version served and the new one, and
for each change that would archive answers, how many draft and submitted applications hold an answer
it would archive. `formengine diff` prints it; nothing here writes.

The counts come from running the draft migration itself (engine.applications.migration) on every
application's answers and documents, so the report and the migration cannot disagree. Submitted
applications stay on their version (they are never migrated); they are counted so the author knows
whose record names a question that is going away.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from engine.applications.migration import Migration
from engine.applications.models import Application
from engine.db import make_engine
from engine.definition import CompiledForm
from engine.definition.diff.diff import FormDiff, diff
from engine.fieldtypes.registry import holds_document


@dataclass
class Held:
    drafts: int = 0
    submitted: int = 0


@dataclass
class Impact:
    diff: FormDiff
    held: dict[str, Held] = field(default_factory=dict)  # key -> applications whose answer it would archive

    def archiving(self) -> list:
        """The changes that would archive answers: by their kind, or (a rename onto a question already
        answered) because an application's answer would be archived."""
        return [change for change in self.diff.changes if change.archives or change.key in self.held]

    def to_dict(self) -> dict:
        changes = []
        for change in self.diff.changes:
            entry = change.to_dict()
            if change.archives or change.key in self.held:
                held = self.held.get(change.key, Held())
                entry.update(archives=True, drafts=held.drafts, submitted=held.submitted)
            changes.append(entry)
        return {"changes": changes, "archiving": len(self.archiving()), "wording_only": self.diff.wording_only}


def impact(old_data: dict, new_data: dict, applications: Iterable[tuple[bool, dict, dict]]) -> Impact:
    """`applications`: (submitted, answers, documents) of each application, on the old version."""
    result = Impact(diff(old_data, new_data))
    migration = Migration(old_data, new_data)
    for submitted, answers, documents in applications:
        moved = migration.apply(answers or {}, documents=documents)
        for key in moved.archived:
            held = result.held.setdefault(key, Held())
            if submitted:
                held.submitted += 1
            else:
                held.drafts += 1
    return result


def stored_applications(session: Session, with_documents: bool) -> Iterable[tuple[bool, dict, dict]]:
    """Every application as `impact` reads it, streamed."""
    documents: dict[int, dict] = {}
    if with_documents:
        from engine.documents.models import ConversionStatus, DocumentConversion

        rows = session.execute(
            select(
                DocumentConversion.application_id, DocumentConversion.answer_key, DocumentConversion.file_name
            ).where(DocumentConversion.status == ConversionStatus.COMPLETED.value)
        )
        for application_id, key, file_name in rows:
            documents.setdefault(application_id, {})[key] = {"file_name": file_name}
    statement = select(Application.id, Application.submitted_at, Application.answers).execution_options(yield_per=500)
    for application_id, submitted_at, answers in session.execute(statement):
        yield submitted_at is not None, answers or {}, documents.get(application_id, {})


class DatabaseUnreadable(Exception):
    """The database could not be read (not reachable, or not migrated)."""


def served_impact(database_url: str, compiled: CompiledForm) -> tuple[str | None, Impact | None]:
    """(the id of the version the database serves, the impact of `compiled` replacing it); (None,
    None) while the database serves no version yet (nothing can be archived). Reads only."""
    from engine import versions

    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            version_id = versions.newest_id(session)
            served = versions.load(session, version_id) if version_id else None
            if served is None:
                return version_id, None
            has_files = any(holds_document(spec.get("field")) for spec in served.data_model.values())
            return version_id, impact(served.data, compiled.data, stored_applications(session, has_files))
    except SQLAlchemyError as error:
        reason = str(error.orig if getattr(error, "orig", None) else error).strip().splitlines()[0]
        raise DatabaseUnreadable(
            f"cannot read the database at {database_url.split('@')[-1]} ({reason}); "
            "run `formengine db upgrade` and start the app once"
        ) from None
    finally:
        engine.dispose()


_WORDS = {
    "removed": "removed",
    "renamed": "renamed",
    "type": "changed type",
    "options": "changed options",
    "added": "added",
    "rules": "changed rules",
    "label": "changed label",
}


def format_report(tenant, version_id: str | None, new_id: str, report: Impact | None) -> str:
    if report is None:
        return f"{tenant}: the database serves no version yet; publishing it archives nothing"
    lines = [f"{tenant} (version {new_id[:12]}) compared with the version served ({(version_id or '')[:12]}):"]
    if new_id == version_id:
        lines.append("  no changes")
    elif report.diff.wording_only:
        lines.append("  wording only: no key, rule or option changed; publishing moves no draft's answers")
    for change in report.diff.changes:
        lines.append(f"  {_WORDS[change.kind]:<16} {_describe(change)}")
        if change.archives or change.key in report.held:
            held = report.held.get(change.key, Held())
            lines.append(
                f"  {'':<16} would archive answers: held by {_count(held.drafts, 'draft')}"
                f" and {_count(held.submitted, 'submitted application')}"
            )
    archiving = report.archiving()
    lines.append(
        f"{len(report.diff.changes)} change(s); {len(archiving)} would archive answers"
        if archiving
        else f"{len(report.diff.changes)} change(s); none would archive answers"
    )
    return "\n".join(lines)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _describe(change) -> str:
    detail = change.detail
    if change.kind == "renamed":
        return f"{change.key} -> {detail['to']}"
    if change.kind in ("removed", "added"):
        return f'{change.key} "{detail["label"]}" (page {detail["page"]})'
    if change.kind == "label":
        return f'{change.key}: "{detail["from"]}" -> "{detail["to"]}"'
    if change.kind == "type":
        return f"{change.key}: {detail['from']} -> {detail['to']}"
    if change.kind == "options":
        parts = []
        if detail["removed_options"]:
            parts.append("removed " + ", ".join(detail["removed_options"]))
        if detail["added_options"]:
            parts.append("added " + ", ".join(detail["added_options"]))
        return f"{change.key}: {'; '.join(parts)}"
    return change.key
