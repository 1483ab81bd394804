"""school_search: a school found by name (part search) with its code (part ceeb) and more parts;
the PDF shows the name with its code ("(Ceeb: code)", the form's service_ceeb text)."""

from engine.fieldtypes.block import Block


class SchoolSearch(Block):
    name = "school_search"

    def pdf(self, renderer, field: dict) -> None:
        parts = field.get("parts", {})
        search, ceeb = parts.get("search"), parts.get("ceeb")
        if search and renderer.visible(search):
            name = renderer.value(search["key"])
            code = renderer.value(ceeb["key"]) if ceeb else ""
            shown = f"{name} {renderer.school_code.replace('{code}', code)}" if name and code else name
            renderer.add(renderer.question(search), shown)
        for role, part in parts.items():
            if role not in ("search", "ceeb"):
                renderer.field(part)


TYPE = SchoolSearch()
