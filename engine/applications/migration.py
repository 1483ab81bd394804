"""Moving a draft from one version of the form to another, with nothing lost. Pure: no Flask, no
database; it reads the two compiled forms' `data` and the application's stored maps.

- An answer whose key the new version still has stays, unless its chosen option was removed or it
  no longer fits the question (another kind of answer, a shorter limit): then it is archived and
  the question left empty.
- An answer whose key a new field declares in `renamed_from` moves to that field (archived instead
  when that field already holds an answer).
- Any other answer is archived. Documents (file answers) follow the same rules.
- Add-another counts and tab choices the new version no longer has are dropped (they are layout,
  not answers); a count above the new maximum comes down to it.

The archive is a map {key: entry}; an entry keeps the answer (`value`) and/or its document
(`document`), the question's label and page in the version it was answered in, that version, why it
was archived and when. A key archived again keeps its earlier entries under `earlier`.
"""

from dataclasses import dataclass, field

from engine.definition.diff.diff import (
    NO_LONGER_FITS,
    OPTION_REMOVED,
    REMOVED,
    REPLACED,
    KeyFacts,
    fits,
    key_facts,
    option_removed,
    renames,
)
from engine.fieldtypes.registry import holds_document


@dataclass
class Migrated:
    answers: dict
    add_another: dict
    tabs: dict
    archive: dict  # the whole archive: the earlier one with this move's entries added
    archived: list[str] = field(default_factory=list)  # keys archived by this move
    moved: dict = field(default_factory=dict)  # {old key: new key} of answers carried over by renamed_from
    moved_documents: dict = field(default_factory=dict)  # {old key: new key}
    archived_documents: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.archived or self.moved or self.moved_documents or self.archived_documents)


@dataclass
class Archiver:
    """Builds an application's archive: each answer (or document) the new version has no place for."""

    old: dict[str, KeyFacts]
    new: dict[str, KeyFacts]
    version: str
    at: str
    archive: dict
    archived: list[str] = field(default_factory=list)

    def keep(self, key: str, facts: KeyFacts | None, reason: str, value=None, document=None) -> None:
        entry: dict = {
            "label": facts.label if facts else key,
            "page": facts.page if facts else "",
            "version": self.version,
            "reason": reason,
            "archived_at": self.at,
        }
        if value is not None:
            entry["value"] = value
        if document is not None:
            entry["document"] = document
        earlier = self.archive.get(key)
        if earlier is not None and key in self.archived:
            self.archive[key] = {**earlier, **entry}  # the answer and its document, archived together
        else:
            if earlier is not None:
                entry["earlier"] = [{k: v for k, v in earlier.items() if k != "earlier"}, *earlier.get("earlier", [])]
            self.archive[key] = entry
        if key not in self.archived:
            self.archived.append(key)


class Migration:
    """The move from one compiled form (`old_data`) to another, read once and applied to any number
    of applications."""

    def __init__(self, old_data: dict, new_data: dict):
        self.new_data = new_data
        self.old, self.new = key_facts(old_data), key_facts(new_data)
        self.renamed = renames(self.old, self.new)

    def apply(
        self,
        answers: dict,
        *,
        documents: dict | None = None,
        add_another: dict | None = None,
        tabs: dict | None = None,
        archive: dict | None = None,
        version: str = "",
        at: str = "",
    ) -> Migrated:
        """The application's maps moved; `version` names the old version in the archive, `at` is
        when (ISO 8601)."""
        move = Archiver(self.old, self.new, version, at, dict(archive or {}))
        kept, moved = _answers(move, self.renamed, answers)
        moved_documents, archived_documents = _documents(move, self.renamed, documents or {})
        return Migrated(
            answers=kept,
            add_another=_counts(self.new_data, add_another or {}),
            tabs=_tabs(self.new_data, tabs or {}),
            archive=move.archive,
            archived=move.archived,
            moved=moved,
            moved_documents=moved_documents,
            archived_documents=archived_documents,
        )


def migrate(old_data: dict, new_data: dict, answers: dict, **stored) -> Migrated:
    """One application's move from the form `old_data` to `new_data` (see Migration.apply)."""
    return Migration(old_data, new_data).apply(answers, **stored)


def _answers(move: Archiver, renamed: dict[str, str], answers: dict) -> tuple[dict, dict[str, str]]:
    kept: dict = {}
    later: list[tuple[str, str]] = []
    for key, value in answers.items():
        if value == "" or value is None:
            continue
        if key in move.new:
            _place(move, key, key, value, kept)
        elif key in renamed:
            later.append((key, renamed[key]))
        else:
            move.keep(key, move.old.get(key), REMOVED, value)
    moved: dict[str, str] = {}
    for key, target in later:  # after the kept answers: a rename never overwrites an answer
        if target in kept:
            move.keep(key, move.old.get(key), REPLACED, answers[key])
        elif _place(move, key, target, answers[key], kept):
            moved[key] = target
    for key in list(move.archived):  # a choice's description goes with the choice
        companion = renamed.get(key, key) + "_desc"
        if move.new.get(companion) and move.new[companion].field == "desc" and companion in kept:
            move.keep(key + "_desc", move.old.get(key + "_desc"), move.archive[key]["reason"], kept.pop(companion))
            moved.pop(key + "_desc", None)
    return kept, moved


def _place(move: Archiver, source: str, target: str, value, kept: dict) -> bool:
    """Keep `value` (answered under `source` in the old form) as `target`'s answer, or archive it."""
    old, new = move.old.get(source), move.new[target]
    if option_removed(old, new, value):
        move.keep(source, old, OPTION_REMOVED, value)
        return False
    if not fits(new, value):
        move.keep(source, old, NO_LONGER_FITS, value)
        return False
    kept[target] = value
    return True


def _documents(move: Archiver, renamed: dict[str, str], documents: dict) -> tuple[dict[str, str], list[str]]:
    moved: dict[str, str] = {}
    archived: list[str] = []
    for key, document in documents.items():
        target = key if key in move.new else renamed.get(key)
        taken = target in documents and target != key
        if target is not None and holds_document(move.new[target].field) and not taken:
            if target != key:
                moved[key] = target
            continue
        reason = REMOVED if target is None else REPLACED if taken else NO_LONGER_FITS
        move.keep(key, move.old.get(key), reason, document=dict(document))
        archived.append(key)
    return moved, archived


def _counts(new_data: dict, counts: dict) -> dict:
    buttons = new_data["add_another"]
    return {button: min(count, buttons[button]["max"]) for button, count in counts.items() if button in buttons}


def _tabs(new_data: dict, tabs: dict) -> dict:
    groups = new_data["tabs"]
    return {group: tab for group, tab in tabs.items() if group in groups and tab in groups[group]["tabs"]}
