"""The answer columns of an export: one per answer key in definition order (add-another entries as
numbered columns), headed by key with the question's label, and each answer as staff read it
(a selection as its label, a checkbox as Yes/No, a document as its file name).

Pure: works on compiled forms' data; applications on different versions export together, with the
union of the versions' columns (the current version's order first, then keys only older ones had).
"""

from dataclasses import dataclass, field

COMPANION = "desc"  # a choice's companion key (<key>_desc) holds the label: shown in the choice's column
DOCUMENT = "file"


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    field: str
    options: dict = field(default_factory=dict, compare=False)  # value -> label, for fixed option lists

    def value(self, answers: dict, documents: dict) -> str | int | float:
        """The answer as staff read it, or "" when unanswered; a number stored as a number stays one."""
        if self.field == DOCUMENT:
            return (documents.get(self.key) or {}).get("file_name", "")
        raw = answers.get(self.key)
        if raw is None or raw == "":
            return ""
        if isinstance(raw, bool):
            return "Yes" if raw else "No"
        if isinstance(raw, int | float) and not self.options:
            return raw
        label = answers.get(f"{self.key}_desc")
        if label:
            return str(label)
        return str(self.options.get(str(raw), raw))


def _dicts(node):
    """Every mapping in a compiled tree (pages -> sections -> fields, branches, tabs ...)."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _dicts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _dicts(value)


def _labels(form_data: dict) -> dict[str, str]:
    labels = {}
    for page in form_data["pages"]:
        for key, ui in page.get("ui_schema", {}).items():
            if isinstance(ui, dict) and ui.get("ui:title"):
                labels[key] = ui["ui:title"]
    # Confirm-to-continue keys are labelled on their section, not in the uiSchema.
    for node in _dicts(form_data["pages"]):
        confirm = node.get("confirm")
        if isinstance(confirm, dict) and confirm.get("key") and confirm.get("label"):
            labels.setdefault(confirm["key"], confirm["label"])
    return labels


def _fixed_options(form_data: dict) -> dict[str, dict]:
    """key -> {value: label} for fields whose options are one fixed list."""
    lists = {
        list_id: {str(o["value"]): o["label"] for o in spec.get("options", []) if o.get("value") != ""}
        for list_id, spec in form_data.get("options", {}).items()
        if isinstance(spec, dict) and spec.get("kind") == "fixed"
    }
    return {
        node["key"]: lists[node["options"]]
        for node in _dicts(form_data["pages"])
        if node.get("key") and isinstance(node.get("options"), str) and node["options"] in lists
    }


def columns_of(form_data: dict) -> list[Column]:
    """One form version's answer columns, in definition order."""
    labels = _labels(form_data)
    options = _fixed_options(form_data)
    columns = []
    for key, spec in form_data["data_model"].items():
        if spec.get("field") == COMPANION:
            continue
        label = labels.get(key, key)
        if spec.get("repeater"):
            label = f"{label} ({spec.get('instance', 1)})"
        columns.append(Column(key, label, spec.get("field", ""), options.get(key, {})))
    return columns


def union(forms: list[dict]) -> list[Column]:
    """The columns of several versions: the first form's (the current one) in its order, then each
    key only an earlier version had, in that version's order."""
    merged: dict[str, Column] = {}
    for form_data in forms:
        for column in columns_of(form_data):
            merged.setdefault(column.key, column)
    return list(merged.values())
