"""check_group: a labelled list of checkboxes (items: [{key, label}]), each item its own
true/false answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.fieldtypes.base import FieldType
from engine.fieldtypes.schema import KEY, RENAMED_FROM, TEXT, array, obj

if TYPE_CHECKING:
    from engine.definition.load.loader import LocDict


class CheckGroup(FieldType):
    name = "check_group"
    value = "none"
    keyed = False
    requires = ("items", "label")

    def properties(self) -> dict:
        return {"items": array(obj(["key", "label"], key=KEY, label=TEXT, renamed_from=RENAMED_FROM), minItems=1)}

    def parts(self, spec: LocDict) -> list[LocDict]:
        return [_item_as_checkbox(item) for item in spec.get("items") or []]

    def block_layout(self, compiler, spec: LocDict, use_of, layout: dict) -> dict:
        layout["items"] = [{"key": use_of(item["key"]).key, "label": item["label"]} for item in spec["items"]]
        return layout

    def pdf(self, renderer, field: dict) -> None:
        """The label, then each item on its own line, marked when ticked."""
        items = [
            f"{renderer.mark(renderer.answers.get(item['key']) is True)} {item['label']}"
            for item in field.get("items", [])
        ]
        renderer.add(renderer.question(field), "\n" + "\n".join(items))


def _item_as_checkbox(item: LocDict) -> LocDict:
    # type(item) is the loader's LocDict: made here without importing the definition package.
    checkbox = type(item)(type="checkbox", key=item["key"], label=item["label"])
    if "renamed_from" in item:
        checkbox["renamed_from"] = item["renamed_from"]
    checkbox.loc, checkbox.key_locs, checkbox.value_locs = item.loc, item.key_locs, item.value_locs
    return checkbox


TYPE = CheckGroup()
