"""Add-another entries: what an entry is called, and which entries are there at all.

An entry the applicant started is complete, or it is not there. Entry 1 is always shown; a later
entry holding any answer is checked like the first (compile/compiler.py), and one holding none is never
kept in a submission: the later entries move up one place and the count drops, so the record, the
PDF, the print view and every delivery see only entries the applicant filled in. Every message and
heading of a later entry names it ("School 2: Search for Your School"). Pure: plain dicts in,
plain dicts out."""

DEFAULT_ENTRY_NAME = "Entry"
_FILLERS = ("another", "one more", "more", "an", "a")


def entry_name(spec: dict, default: str = DEFAULT_ENTRY_NAME) -> str:
    """A repeater's entry name: its `entry_label`, else what its button adds ("Add another
    school" -> "School"), else the default (the text `entry_default_label`: "Entry")."""
    if spec.get("entry_label"):
        return str(spec["entry_label"])
    words = str(spec.get("label") or "").strip().rstrip(".").split()
    if len(words) < 2 or words[0].lower() != "add":
        return default
    rest = " ".join(words[1:])
    for filler in _FILLERS:
        if rest.lower() == filler:
            return default
        if rest.lower().startswith(filler + " "):
            rest = rest[len(filler) + 1 :]
            break
    return rest[:1].upper() + rest[1:]


def entry_title(texts: dict, name: str, number: int) -> str:
    """An entry's heading from the `entry_title` text ("{label} {number}"): "School 2"."""
    return texts["entry_title"].replace("{label}", name).replace("{number}", str(number))


def in_entry(messages: dict, title: str, message: str) -> str:
    """A later entry's message or label named by its entry: "School 2: Search for Your School"."""
    return messages["in_entry"].replace("{entry}", title).replace("{message}", message)


def is_answered(value) -> bool:
    """Not absent, empty or false: 0 is an answer (it equals False, so `in (None, "", False)` misreads it)."""
    return not (value is None or value is False or value == "")


def is_empty_entry(answers: dict, prefix: str, keys, documents=()) -> bool:
    """Nothing answered in the entry and no document on any of its keys."""
    return not any(is_answered(answers.get(prefix + key)) or prefix + key in documents for key in keys)


def without_empty_entries(
    repeaters: dict, answers: dict, counts: dict, file_keys: frozenset[str] | set[str] = frozenset()
) -> tuple[dict, dict]:
    """(answers, counts) with the empty entries of each repeater left out. `repeaters` is the
    compiled form's add_another ({id: {prefixes, keys, default}}). In a repeater holding a file
    question (a document belongs to its key and does not move) only the empty entries after the
    last one in use go: the count drops, nothing moves."""
    answers, counts = dict(answers), dict(counts)
    for repeater_id, spec in repeaters.items():
        prefixes, keys = spec["prefixes"], spec["keys"]
        count = max(1, min(int(counts.get(repeater_id, spec.get("default", 1))), len(prefixes)))
        used = [not is_empty_entry(answers, prefix, keys) for prefix in prefixes[:count]]
        if any(prefix + key in file_keys for prefix in prefixes for key in keys):
            last = max((index for index, in_use in enumerate(used, start=1) if in_use), default=1)
            if last < count:
                counts[repeater_id] = last
            continue
        entries = [{key: answers.get(prefix + key) for key in keys} for prefix in prefixes[:count]]
        kept = [entry for entry, in_use in zip(entries, used, strict=True) if in_use]
        if len(kept) == count:
            continue
        for index, prefix in enumerate(prefixes[:count]):
            for key in keys:
                value = kept[index][key] if index < len(kept) else None
                if value is None:
                    answers.pop(prefix + key, None)
                else:
                    answers[prefix + key] = value
        counts[repeater_id] = max(1, len(kept))
    return answers, counts
