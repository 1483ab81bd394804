"""FormModel -> the compiled form: per-page JSON Schema with the tenant's messages, uiSchema,
layout, clear rules, repeaters, tabs, option lists, banners and settings. One artefact for the
server, the client, the print view and the PDF."""

import datetime as dt

from engine.definition.catalogue import DEFAULT_TEXTS
from engine.definition.compile.comparisons import comparison, compiled_rule
from engine.definition.compile.conditions import conjunction, map_keys, negation, tab_chosen, to_schema
from engine.definition.dates import parse_when
from engine.definition.diff.renames import renamed_from
from engine.definition.entries import entry_name, entry_title, in_entry
from engine.definition.fields import DEFAULT_MESSAGES, SETTING_PLACEHOLDERS
from engine.definition.load.loader import LocDict
from engine.definition.load.model import FieldUse, FormModel
from engine.definition.validation import year_options
from engine.fieldtypes.email import EMAIL_PATTERN
from engine.fieldtypes.registry import REGISTRY

EMPTY_OPTION = {"value": "", "label": "--"}


def compile_options(source, today: dt.date) -> dict[str, dict]:
    compiled = {}
    for list_id, (_, tree) in sorted(source.options.items()):
        if "years" in tree:
            spec = tree["years"]
            options = [{"value": v, "label": v} for v in year_options(today, spec)]
            compiled[list_id] = {"kind": "years", "years": dict(spec), "options": [EMPTY_OPTION, *options]}
        else:
            options = [{"value": str(o["value"]), "label": o["label"]} for o in tree["options"]]
            compiled[list_id] = {"kind": "fixed", "options": [EMPTY_OPTION, *options]}
    return compiled


class Compiler:
    def __init__(self, source, model: FormModel, today: dt.date, language: str | None = None):
        self.source = source
        self.model = model
        self.today = today
        self.messages = {**DEFAULT_MESSAGES, **(source.tenant.get("messages") or {})}
        self.texts = {**DEFAULT_TEXTS, **(source.tenant.get("texts") or {})}
        self.options = compile_options(source, today)
        settings = source.tenant.get("settings") or {}  # the language a number in a message is written in
        self.language = language or str(settings.get("language") or (settings.get("languages") or ["en"])[0])
        self._inline_lists = 0

    # -- options ----------------------------------------------------------------------------
    def _options_id(self, ref) -> str:
        if isinstance(ref, str):
            return ref
        self._inline_lists += 1
        list_id = f"_inline_{self._inline_lists}"
        options = [{"value": str(o["value"]), "label": o["label"]} for o in ref]
        self.options[list_id] = {"kind": "fixed", "options": [EMPTY_OPTION, *options]}
        return list_id

    def _list_values(self, ref, extra) -> list[str] | dict:
        """The values a choice may take: a list, or for a year list the years spec (it moves with today)."""
        list_id = self._options_id(ref)
        if self.options[list_id]["kind"] == "years":
            return {**self.options[list_id]["years"], "extra": list(extra)}
        values = [o["value"] for o in self.options[list_id]["options"] if o["value"] != ""]
        return list(dict.fromkeys(values + list(extra)))

    def _choice_constraint(self, values) -> dict:
        if isinstance(values, dict):
            return {"fe_years": values, "x-messages": {"fe_years": self.messages["choice"]}}
        return {"enum": values, "x-messages": {"enum": self.messages["choice"]}}

    def _choice_rules(self, use: FieldUse) -> list[dict]:
        spec, extra = use.spec, use.spec.get("extra_values") or []
        if "options" in spec:
            return [{"properties": {use.key: self._choice_constraint(self._list_values(spec["options"], extra))}}]
        controller = use.resolve(spec["options_by"]["controller"])
        rules = []
        for value, ref in spec["options_by"]["options"].items():
            when = to_schema({"valueKey": controller, "operator": "equals", "target": value})
            rules.append(
                {"if": when, "then": {"properties": {use.key: self._choice_constraint(self._list_values(ref, extra))}}}
            )
        # A controller value without options hides the dropdown: like any hidden field, no rule applies
        # (the client clears it when the controller changes).
        return rules

    # -- schema -----------------------------------------------------------------------------
    def _visible(self, use: FieldUse) -> dict | None:
        parts = [to_schema(c) for c in use.visible]
        if use.tab:
            parts.append(tab_chosen(*use.tab))
        return conjunction(*parts)

    @staticmethod
    def _rule(condition: dict | None, then: dict) -> dict:
        return {"if": condition, "then": then} if condition else then

    def _required(self, key: str, message: str, boolean: bool = False) -> dict:
        then = {"required": [key], "x-messages": {"required": message}}
        if boolean:
            then["properties"] = {key: {"const": True, "x-messages": {"const": message}}}
        return then

    @staticmethod
    def _message(value, default: str) -> str:
        if isinstance(value, dict):
            return value.get("message", default)
        return value if isinstance(value, str) else default

    # -- add-another entries -------------------------------------------------------------------
    def in_entry(self, title: str, message: str) -> str:
        """A later entry's message, named by the entry's title."""
        return in_entry(self.messages, title, message)

    def entry_title(self, use: FieldUse) -> str | None:
        """A later entry's title ("School 2"); None for entry 1 and fields outside a repeater."""
        if use.repeater is None or use.instance == 1:
            return None
        return entry_title(self.texts, self._entry_name(self.model.repeaters[use.repeater].spec), use.instance)

    def _entry_name(self, spec) -> str:
        return entry_name(spec, self.texts["entry_default_label"])

    def _entry_started(self, use: FieldUse) -> dict | None:
        """A later entry holds some answer: only then do its rules apply (an empty one is not there)."""
        if use.repeater is None or use.instance == 1:
            return None
        keys = self.model.repeaters[use.repeater].base_keys
        return {"anyOf": [to_schema({"valueKey": use.prefix + k, "operator": "answered"}) for k in keys]}

    def _named(self, schema, title: str):
        """The schema with every message named by its entry."""
        if isinstance(schema, list):
            return [self._named(s, title) for s in schema]
        if not isinstance(schema, dict):
            return schema
        out = {name: self._named(value, title) for name, value in schema.items() if name != "x-messages"}
        if "x-messages" in schema:
            out["x-messages"] = {k: in_entry(self.messages, title, m) for k, m in schema["x-messages"].items()}
        return out

    def _field_rules(self, use: FieldUse) -> list[dict]:
        spec, key = use.spec, use.key
        # Entry 1 is always checked; a later entry only once it holds an answer, and then all of it.
        visible = conjunction(self._visible(use), self._entry_started(use))
        boolean = REGISTRY[use.type].value == "boolean"
        rules = []
        if spec.get("required"):
            message = self._message(spec["required"], use.label)
            rules.append(self._rule(visible, self._required(key, message, boolean)))
        if spec.get("must_be_true"):
            rules.append(self._rule(visible, self._required(key, spec["must_be_true"], True)))
        if "required_if" in spec:
            required_if = spec["required_if"]
            condition = required_if["when"] if "when" in required_if else required_if
            message = required_if.get("message", use.label) if "when" in required_if else use.label
            when = conjunction(visible, to_schema(_resolve(condition, use)))
            rules.append(self._rule(when, self._required(key, message, boolean)))
        for rule in spec.get("rules") or []:
            when = conjunction(visible, to_schema(_resolve(rule["when"], use)) if "when" in rule else None)
            other = comparison(rule)
            if other is not None:
                then = compiled_rule(use, self.model, other, rule, self.messages, self.texts)
            else:
                then = self._value_rule(use, rule)
            rules.append(self._rule(when, then))
        return rules

    def _value_rule(self, use: FieldUse, rule: dict) -> dict:
        key = use.key
        message = rule.get("message", use.label)
        if "one_of_required" in rule:
            # Required unless one of the alternatives is answered: an "if" on the alternatives.
            others = [
                {"not": to_schema({"valueKey": use.resolve(k), "operator": "answered"})}
                for k in rule["one_of_required"]
            ]
            return {"if": conjunction(*others), "then": self._required(key, message)}
        if "pattern" in rule:
            constraint = {"pattern": rule["pattern"]}
        elif "min_length" in rule:
            constraint = {"minLength": rule["min_length"]}
        elif "email" in rule:
            constraint = {"pattern": EMAIL_PATTERN}
        elif "earliest" in rule:
            constraint = {"fe_date": {"op": "gte", "years": -rule["earliest"]["years_ago"]}}
        elif "latest" in rule:
            constraint = {"fe_date": {"op": "lte", "years": -rule["latest"]["years_ago"]}}
        elif "not_before" in rule:
            constraint = {"fe_date": {"op": "gte", **(parse_when(rule["not_before"]) or {})}}
        elif "not_after" in rule:
            constraint = {"fe_date": {"op": "lte", **(parse_when(rule["not_after"]) or {})}}
        elif "min_words" in rule or "max_words" in rule:
            op, count = ("gte", rule["min_words"]) if "min_words" in rule else ("lte", rule["max_words"])
            constraint = {"fe_words": {"op": op, "count": count}}
        elif "min_year" in rule:
            constraint = {"fe_year": {"op": "gte", "years": rule["min_year"]["years_from_now"]}}
        else:
            constraint = {"fe_year": {"op": "lte", "years": rule["max_year"]["years_from_now"]}}
        keyword = next(iter(constraint))
        return {"properties": {key: {**constraint, "x-messages": {keyword: message}}}}

    def page_schema(self, route: str) -> dict:
        properties, rules = {}, []
        for use in self.model.uses:
            if use.page != route:
                continue
            field_type = REGISTRY[use.type]
            own: dict = {use.key: field_type.property_schema(use.spec, self.messages, self.language)}
            own_rules = []
            if field_type.has_options:
                own_rules.extend(self._choice_rules(use))
                own[use.key + "_desc"] = {
                    "type": "string",
                    "maxLength": 300,
                    "x-messages": {
                        "type": self.messages["type_string"],
                        "maxLength": self.messages["max_length"].replace("{limit}", "300"),
                    },
                }
            own_rules.extend(self._field_rules(use))
            title = self.entry_title(use)
            if title:
                own, own_rules = self._named(own, title), self._named(own_rules, title)
            properties.update(own)
            rules.extend(own_rules)
        for key, (page, _) in self.model.confirm_keys.items():
            if page == route:
                properties[key] = {"type": "boolean", "x-messages": {"type": self.messages["type_boolean"]}}
        schema: dict = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": properties,
        }
        if rules:
            schema["allOf"] = rules
        return schema

    # -- data model -------------------------------------------------------------------------
    def data_model(self) -> dict:
        model = {}
        for use in self.model.uses:
            field_type = REGISTRY[use.type]
            entry: dict = {"type": field_type.value, "page": use.page, "field": use.type}
            if field_type.value in ("string", "number"):  # a number's draft may hold text as typed
                entry["max_length"] = use.spec.get("max_length", field_type.default_max_length)
            if use.repeater:
                entry["repeater"], entry["instance"] = use.repeater, use.instance
                title = self.entry_title(use)
                if title:
                    entry["entry"] = title  # names the entry in every message and summary line
            if use.tab:
                entry["tab"] = list(use.tab)
            earlier = [use.prefix + old for old in renamed_from(use.spec)]
            if earlier:
                entry["renamed_from"] = earlier
            model[use.key] = entry
            if field_type.has_options:
                model[use.key + "_desc"] = {
                    "type": "string",
                    "page": use.page,
                    "field": "desc",
                    "max_length": 300,
                    "companion_of": use.key,
                    **({"renamed_from": [old + "_desc" for old in earlier]} if earlier else {}),
                }
        for key, (page, _) in self.model.confirm_keys.items():
            model[key] = {"type": "boolean", "page": page, "field": "confirm"}
        return model

    # -- layout for renderers ---------------------------------------------------------------
    def field_layout(self, spec: LocDict, use_of) -> dict:
        """One field entry as renderers need it; use_of(key) gives the FieldUse for a written key."""
        kind = spec["type"]
        field_type = REGISTRY[kind]
        layout: dict = {"widget": field_type.widget, "type": kind}
        for name in ("label", "review_label", "help", "placeholder", "rows", "inputmode", "autocomplete", "id"):
            if name in spec:
                layout[name] = spec[name]
        if "text" in spec:
            layout["text"] = self._markdown(spec["text"])
        if not field_type.keyed:
            return field_type.block_layout(self, spec, use_of, layout)
        use = use_of(spec["key"])
        layout["key"] = use.key
        always = bool(spec.get("required") or spec.get("must_be_true"))
        started = self._entry_started(use)
        # A later entry's questions are required once the entry holds an answer (the marker follows).
        layout["required"] = always and started is None
        when = None
        if "required_if" in spec:
            required_if = spec["required_if"]
            condition = required_if["when"] if "when" in required_if else required_if
            when = to_schema(_resolve(condition, use))
        if started is not None and (always or when):
            when = started if always else conjunction(started, when)
        if when:
            layout["required_when"] = when
        visible = self._visible(use)
        if use.visible and visible:
            layout["visible_when"] = (
                to_schema({"all": use.visible}) if len(use.visible) > 1 else to_schema(use.visible[0])
            )
        if field_type.value == "string":
            layout["max_length"] = spec.get("max_length", field_type.default_max_length)
        for rule in spec.get("rules") or []:  # the word counter shows the limits
            layout.update({name: rule[name] for name in ("min_words", "max_words") if name in rule})
        if "options" in spec:
            layout["options"] = self._options_id(spec["options"])
        if "options_by" in spec:
            layout["options_by"] = {
                "controller": use.resolve(spec["options_by"]["controller"]),
                "options": {value: self._options_id(ref) for value, ref in spec["options_by"]["options"].items()},
            }
        if field_type.has_options:
            layout["desc_key"] = use.key + "_desc"
        field_type.add_layout(self, spec, use, layout)
        return layout

    def _markdown(self, value) -> str:
        text = self.source.contents.get(value["file"], "") if isinstance(value, dict) else value
        settings = self.source.tenant.get("settings") or {}
        for name in SETTING_PLACEHOLDERS:
            text = text.replace("{" + name + "}", str(settings.get(name, "")))
        return text

    def sections_layout(self, route: str, page: dict) -> list:
        """The page's sections as renderers lay them out (what hides and clears: hiding.py)."""
        sections = []
        by_key = self.model.by_key
        for section in page["sections"]:
            out = {"id": section["id"]}
            for name in ("title",):
                if name in section:
                    out[name] = section[name]
            if "text" in section:
                out["text"] = self._markdown(section["text"])
            if "show_if" in section:
                out["visible_when"] = to_schema(section["show_if"])
                out["condition"] = dict(section["show_if"])
            if "confirm" in section:
                confirm = section["confirm"]
                out["confirm"] = {
                    "kind": confirm["kind"],
                    "key": confirm["key"],
                    "label": confirm["label"],
                    **({"review_label": confirm["review_label"]} if "review_label" in confirm else {}),
                    **{n: self._markdown(confirm[n]) for n in ("before", "after") if n in confirm},
                }
            if "add_another" in section:
                out.update(self._add_another_layout(section))
            elif "branches" in section:
                out["branches"] = self._branches_layout(section)
            elif "tabs" in section:
                out["tabs"] = self._tabs_layout(section)
            else:
                out["fields"] = [self.field_layout(f, by_key.__getitem__) for f in section["fields"]]
            sections.append(out)
        return sections

    def _add_another_layout(self, section: dict) -> dict:
        """An add-another section: its spec and one set of fields per entry prefix."""
        by_key = self.model.by_key
        spec = section["add_another"]
        name = self._entry_name(spec)
        return {
            "add_another": {
                "id": spec["id"],
                "label": spec.get("label", self.texts["add_another_default_label"]),
                "entry_label": name,
                "max": spec["max"],
                "prefixes": list(spec["prefixes"]),
            },
            "instances": [
                {
                    "prefix": prefix,
                    "title": entry_title(self.texts, name, number),
                    "fields": [
                        self.field_layout(f, lambda k, p=prefix: by_key.get(p + k) or by_key[k])
                        for f in section["fields"]
                    ],
                }
                for number, prefix in enumerate(spec["prefixes"], start=1)
            ],
        }

    def _branches_layout(self, section: dict) -> list:
        """Branches: each visible when its condition holds and no earlier branch's did."""
        by_key = self.model.by_key
        branches = []
        earlier: list[dict] = []
        for branch in section["branches"]:
            condition = branch.get("show_if")
            parts = [negation(to_schema(c)) for c in earlier] + ([to_schema(condition)] if condition else [])
            visible = conjunction(*parts)
            fields = [self.field_layout(f, by_key.__getitem__) for f in branch["fields"]]
            branches.append(
                {
                    "id": branch["id"],
                    "visible_when": visible,
                    "fields": fields,
                    **({"title": branch["title"]} if "title" in branch else {}),
                }
            )
            if condition:
                earlier.append(condition)
        return branches

    def _tabs_layout(self, section: dict) -> dict:
        by_key = self.model.by_key
        spec = section["tabs"]
        group = self.model.tabs[spec["id"]]
        return {
            "id": spec["id"],
            "default": spec["default"],
            "options": [
                {
                    "id": tab["id"],
                    "label": tab["label"],
                    "clears": group.clears(tab),
                    "fields": [self.field_layout(f, by_key.__getitem__) for f in tab["fields"]],
                }
                for tab in spec["options"]
            ],
        }

    def ui_schema(self, route: str) -> dict:
        ui: dict = {"ui:order": []}
        for use in self.model.uses:
            if use.page == route:
                ui["ui:order"].append(use.key)
                ui[use.key] = {"ui:widget": REGISTRY[use.type].widget, "ui:title": use.label}
        return ui


def _resolve(condition, use: FieldUse):
    """The condition with its keys read in this field's repeater instance."""
    return map_keys(condition, use.resolve)
