"""The shared base of the blocks (address, school_search): several text answers, one per role
(parts: {role: field}), filled together by a lookup (autocomplete:)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.fieldtypes.base import FieldType, as_loc
from engine.fieldtypes.schema import ref

if TYPE_CHECKING:
    from engine.definition.load.loader import LocDict


ROLES = ["search", "line1", "line2", "ceeb", "city", "state", "zip", "country"]
LOOKUPS = ["address", "hs_ceeb", "college_ceeb"]  # the lookup categories (engine/lookup)


class Block(FieldType):
    value = "none"
    keyed = False
    requires = ("parts", "autocomplete")

    def properties(self) -> dict:
        parts = {"type": "object", "minProperties": 1, "propertyNames": {"enum": ROLES}}
        return {"autocomplete": {"enum": LOOKUPS}, "parts": {**parts, "additionalProperties": ref("field_part")}}

    def parts(self, spec: LocDict) -> list[LocDict]:
        """Each part, a text field unless it says otherwise, marked with its role."""
        parts: list[LocDict] = []
        for role, part in (spec.get("parts") or {}).items():
            if isinstance(part, dict):
                part.setdefault("type", "text")
                part["_role"] = role
                parts.append(as_loc(part))
        return parts

    def block_layout(self, compiler, spec: LocDict, use_of, layout: dict) -> dict:
        layout["parts"] = {part["_role"]: compiler.field_layout(part, use_of) for part in self.parts(spec)}
        return layout

    def pdf(self, renderer, field: dict) -> None:
        for part in field.get("parts", {}).values():
            renderer.field(part)
