"""The definition's rules for hidden answers, compiled once into data that every reader walks the
same way (engine/definition/visibility.py on the server, client/src/form/visibility.js in the browser):

  rules      [{id, when, keys}]: while the condition `when` (compiled JSON Schema) does not hold,
             `keys` are hidden; a hidden answer is never stored, validated, printed or sent.
             One rule per section condition, confirm-to-continue, branch (the first true one
             shows), tab (the chosen one shows; a tab's own `clears` list goes while it is chosen),
             add-another entry beyond the button's count, field condition, and conditional
             dropdown whose controller's value has no option list.
  dropdowns  [{id, key, desc_key, controller, allowed}]: a conditional dropdown's allowed values
             per controller value (a list, or a year list's spec, which moves with today).

Every `id` names the place by its ids ("page about > section mailing_address"), for authors and logs.
"""

from engine.definition.compile.conditions import (
    conjunction,
    count_at_least,
    map_keys,
    negation,
    tab_chosen,
    to_schema,
)
from engine.definition.load.model import FormModel, field_parts, section_keys, written_keys
from engine.fieldtypes.registry import REGISTRY, follows_controller


def place(*parts: str) -> str:
    return " > ".join(parts)


class HidingRules:
    def __init__(self, model: FormModel, source, options: dict):
        self.model = model
        self.source = source
        self.options = options
        self.rules: list[dict] = []
        self.dropdowns: list[dict] = []

    def build(self) -> dict:
        for _, page in self.source.pages:
            page_place = f"page {page['route'].strip('/')}"
            for section in page["sections"]:
                self._section(place(page_place, f"section {section['id']}"), section)
        return {"rules": self.rules, "dropdowns": self.dropdowns}

    def _rule(self, where: str, when: dict, keys: list[str]) -> None:
        keys = list(dict.fromkeys(keys))
        if keys:
            self.rules.append({"id": where, "when": when, "keys": keys})

    def _section(self, where: str, section: dict) -> None:
        keys = section_keys(section)
        if "show_if" in section:
            self._rule(where, to_schema(section["show_if"]), keys + list(section.get("clears") or []))
        if "confirm" in section:
            confirmed = {"valueKey": section["confirm"]["key"], "operator": "equals", "target": True}
            self._rule(place(where, "confirm"), to_schema(confirmed), keys)
        if "add_another" in section:
            spec = section["add_another"]
            for number, prefix in enumerate(spec["prefixes"], start=1):
                entry = place(where, f"entry {number}")
                if number > 1:
                    self._rule(entry, count_at_least(spec["id"], number), _keys(section["fields"], prefix))
                self._fields(entry, section["fields"], prefix)
        elif "branches" in section:
            earlier: list[dict] = []
            for branch in section["branches"]:
                condition = branch.get("show_if")
                parts = [negation(to_schema(c)) for c in earlier] + ([to_schema(condition)] if condition else [])
                branch_place = place(where, f"branch {branch['id']}")
                when = conjunction(*parts)
                if when:
                    self._rule(branch_place, when, _keys(branch["fields"]))
                self._fields(branch_place, branch["fields"])
                if condition:
                    earlier.append(condition)
        elif "tabs" in section:
            self._tabs(where, section["tabs"])
        else:
            self._fields(where, section["fields"])

    def _tabs(self, where: str, spec: dict) -> None:
        group = self.model.tabs[spec["id"]]
        for tab in spec["options"]:
            tab_place = place(where, f"tab {tab['id']}")
            chosen = tab_chosen(spec["id"], tab["id"])
            self._rule(tab_place, chosen, _keys(tab["fields"]))
            others = {k for other in spec["options"] if other is not tab for k in _keys(other["fields"])}
            extra = [key for key in group.clears(tab) if key not in others]
            self._rule(place(tab_place, "clears"), negation(chosen), _with_desc(extra, self.model))
            self._fields(tab_place, tab["fields"])

    def _fields(self, where: str, fields: list, prefix: str = "") -> None:
        use_of = self.model.by_key
        for spec in fields:
            name = spec.get("key") or spec.get("id") or spec.get("type")
            field_place = place(where, f"field {prefix}{name}")
            resolve = use_of[prefix + field_parts(spec)[0]["key"]].resolve if field_parts(spec) else None
            if "show_if" in spec and resolve:
                self._rule(field_place, to_schema(map_keys(spec["show_if"], resolve)), _keys([spec], prefix))
            for part in field_parts(spec):
                use = use_of[prefix + part["key"]]
                part_place = field_place if part is spec else place(where, f"field {use.key}")
                if part is not spec and "show_if" in part:
                    self._rule(part_place, to_schema(map_keys(part["show_if"], use.resolve)), _keys([part], prefix))
                if follows_controller(part):
                    self._dropdown(part_place, part, use)

    def _dropdown(self, where: str, spec: dict, use) -> None:
        by = spec["options_by"]
        controller = use.resolve(by["controller"])
        extra = list(spec.get("extra_values") or [])
        allowed = {str(value): self._allowed(ref, extra) for value, ref in by["options"].items()}
        has_list = to_schema({"valueKey": controller, "operator": "in", "target": list(allowed)})
        self._rule(place(where, "options"), has_list, [use.key, use.key + "_desc"])
        self.dropdowns.append(
            {"id": where, "key": use.key, "desc_key": use.key + "_desc", "controller": controller, "allowed": allowed}
        )

    def _allowed(self, ref, extra: list[str]):
        """The values a dropdown may hold for one controller value (a year list: its spec)."""
        if isinstance(ref, str):
            listed = self.options[ref]
            if listed["kind"] == "years":
                return {**listed["years"], "extra": extra}
            values = [o["value"] for o in listed["options"]]
        else:
            values = [str(o["value"]) for o in ref]
        return [v for v in dict.fromkeys(values + extra) if v != ""]


def _keys(fields, prefix: str = "") -> list[str]:
    return [prefix + key for key in written_keys(fields)]


def _with_desc(keys: list[str], model: FormModel) -> list[str]:
    out = []
    for key in keys:
        out.append(key)
        use = model.by_key.get(key)
        if use is not None and REGISTRY[use.type].has_options:
            out.append(key + "_desc")
    return out
