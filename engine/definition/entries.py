"""Empty add-another entries are never kept in a submission: the later entries move up one place
and the count drops, so the record, the PDF, the print view and every delivery see only entries
the applicant filled in. Pure: plain dicts in, plain dicts out."""

ANSWERED_NOTHING = (None, "", False)


def without_empty_entries(
    repeaters: dict, answers: dict, counts: dict, file_keys: frozenset[str] | set[str] = frozenset()
) -> tuple[dict, dict]:
    """(answers, counts) with the empty entries of each repeater left out. `repeaters` is the
    compiled form's add_another ({id: {prefixes, keys, default}}); a repeater holding a file
    question is left as it is (a document belongs to its key and does not move)."""
    answers, counts = dict(answers), dict(counts)
    for repeater_id, spec in repeaters.items():
        prefixes, keys = spec["prefixes"], spec["keys"]
        if any(prefix + key in file_keys for prefix in prefixes for key in keys):
            continue
        count = max(1, min(int(counts.get(repeater_id, spec.get("default", 1))), len(prefixes)))
        entries = [{key: answers.get(prefix + key) for key in keys} for prefix in prefixes[:count]]
        kept = [entry for entry in entries if any(value not in ANSWERED_NOTHING for value in entry.values())]
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
