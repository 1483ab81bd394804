"""Writes the large generated tenant's compiled form as the three peers' own definitions: a SurveyJS
survey (survey.json), a Form.io wizard (formio.json) and react-jsonschema-form schemas (rjsf.json),
plus the fairness check's answer sets and the engine's own answers to them (fairness.json).

    .venv/bin/python bench/peers/convert.py TENANT_FOLDER OUT_FOLDER [--sets 20] [--seed 1]

Each peer gets the form in its own idiom:
- SurveyJS: pages of panels; `visibleIf` / `requiredIf` expressions; a dynamic panel per add-another
  section (`{panel.kind}` inside); a dropdown's choices each with their own `visibleIf`;
- Form.io: a wizard of panels; JSONLogic `conditional.json`; `validate.custom` for required-when;
  a data grid per add-another section (`row.kind`); a select with a custom data source refreshed on
  its controller;
- react-jsonschema-form: one JSON Schema per page with `if`/`then` for conditions and required-when,
  an array of objects per add-another section, a dropdown's `enum` in the `then` of its controller's
  value.

What no peer expresses the same way is left out of every system's comparison (FEATURES below):
the engine's date rules ("at least 16 years ago", "not after today") and an added entry that is left
blank (the engine does not ask for its required answers; the peers do: the answer sets never leave an
added entry blank). The tab groups become a choice question in each peer, not compared as a question.
"""

import argparse
import datetime as dt
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

UNANSWERED = ("p01_s1_", "p01_s4_", "p01_s6_", "p01_s7_", "p01_b")
FEATURES = {
    "conditions (equals, in, not, number comparisons, all/any, chains)": "all three",
    "required when": "all three (Form.io through validate.custom)",
    "add-another sections": "all three (dynamic panel, data grid, array)",
    "conditional dropdowns": "all three (choice visibleIf, custom data source, if/then enum)",
    "tab groups": "a choice question in each peer (not compared as a question)",
    "date rules (not after today, years ago)": "left out for every system (the engine still checks them)",
    "a blank added entry is not required": "engine only: answer sets never leave an added entry blank",
}


# --- conditions: the compiled form's JSON Schema conditions as a small tree --------------------


def tree(schema: dict) -> tuple:
    """('eq', key, value) | ('in', key, values) | ('cmp', key, op, n) | ('filled', key) |
    ('not', t) | ('all', [t]) | ('any', [t])"""
    if "allOf" in schema:
        return ("all", [tree(s) for s in schema["allOf"]])
    if "anyOf" in schema:
        return ("any", [tree(s) for s in schema["anyOf"]])
    if "not" in schema and "properties" not in schema:
        return ("not", tree(schema["not"]))
    (key,) = schema["required"]
    prop = schema["properties"][key]
    if "const" in prop:
        return ("eq", key, prop["const"])
    if "enum" in prop:
        return ("in", key, prop["enum"])
    if "fe_compare" in prop:
        return ("cmp", key, prop["fe_compare"]["op"], prop["fe_compare"]["target"])
    if prop == {"not": {"const": False}}:
        return ("filled", key)
    raise ValueError(f"condition not converted: {schema}")


def own_part(field_when: dict | None, section_when: dict | None) -> dict | None:
    """A field's condition without its section's (the compiled form repeats the section's)."""
    if field_when is None or field_when == section_when:
        return None
    if section_when and "allOf" in field_when and field_when["allOf"][0] == section_when:
        rest = field_when["allOf"][1:]
        return rest[0] if len(rest) == 1 else {"allOf": rest}
    return field_when


SURVEY_OPS = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}


def lit(value) -> str:
    return json.dumps(value).replace('"', "'")


def survey_expr(t: tuple, local=None) -> str:
    def ref(key):
        return f"{{panel.{local(key)}}}" if local and local(key) else f"{{{key}}}"

    kind = t[0]
    if kind == "eq":
        return f"{ref(t[1])} = {lit(t[2])}"
    if kind == "in":
        return f"{ref(t[1])} anyof {lit(t[2])}"
    if kind == "cmp":
        return f"({ref(t[1])} notempty and {ref(t[1])} {SURVEY_OPS[t[2]]} {t[3]})"
    if kind == "filled":
        return f"{ref(t[1])} notempty"
    if kind == "not":
        return f"!({survey_expr(t[1], local)})"
    joiner = " and " if kind == "all" else " or "
    return "(" + joiner.join(survey_expr(x, local) for x in t[1]) + ")"


JL_OPS = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}


def logic(t: tuple, local=None) -> dict:
    def var(key):
        return {"var": f"row.{local(key)}"} if local and local(key) else {"var": f"data.{key}"}

    kind = t[0]
    if kind == "eq":
        return {"==": [var(t[1]), t[2]]}
    if kind == "in":
        return {"in": [var(t[1]), t[2]]}
    if kind == "cmp":
        return {"and": [{"!!": var(t[1])}, {JL_OPS[t[2]]: [{"+": var(t[1])}, t[3]]}]}
    if kind == "filled":
        return {"!!": var(t[1])}
    if kind == "not":
        return {"!": logic(t[1], local)}
    return {"and" if kind == "all" else "or": [logic(x, local) for x in t[1]]}


def js(t: tuple, local=None) -> str:
    """The same condition as JavaScript for Form.io's validate.custom (data, row in scope)."""

    def ref(key):
        return f"row.{local(key)}" if local and local(key) else f"data.{key}"

    kind = t[0]
    if kind == "eq":
        return f"{ref(t[1])} === {json.dumps(t[2])}"
    if kind == "in":
        return f"{json.dumps(t[2])}.includes({ref(t[1])})"
    if kind == "cmp":
        return f"(!!{ref(t[1])} && Number({ref(t[1])}) {JL_OPS[t[2]]} {t[3]})"
    if kind == "filled":
        return f"!!{ref(t[1])}"
    if kind == "not":
        return f"!({js(t[1], local)})"
    joiner = " && " if kind == "all" else " || "
    return "(" + joiner.join(js(x, local) for x in t[1]) + ")"


def rjsf_if(t: tuple, local=None, numeric=frozenset()) -> dict:
    def name(key):
        return (local(key) if local else None) or key

    kind = t[0]
    if kind == "eq":
        return {"required": [name(t[1])], "properties": {name(t[1]): {"const": t[2]}}}
    if kind == "in":
        return {"required": [name(t[1])], "properties": {name(t[1]): {"enum": t[2]}}}
    if kind == "cmp":
        limit = {"gt": "exclusiveMinimum", "gte": "minimum", "lt": "exclusiveMaximum", "lte": "maximum"}[t[2]]
        return {"required": [name(t[1])], "properties": {name(t[1]): {"type": "number", limit: t[3]}}}
    if kind == "filled":
        return {"required": [name(t[1])]}
    if kind == "not":
        return {"not": rjsf_if(t[1], local, numeric)}
    return {"allOf" if kind == "all" else "anyOf": [rjsf_if(x, local, numeric) for x in t[1]]}


# --- the form, read once ------------------------------------------------------------------------


def numeric(field: dict) -> bool:
    return field.get("inputmode") == "numeric"


def pattern(field: dict) -> str | None:
    return "^[0-9]+$" if numeric(field) else None


class Form:
    def __init__(self, data: dict):
        self.data = data
        self.options = data["options"]

    def choices(self, list_id: str) -> list[dict]:
        items = self.options[list_id]["options"]
        return [{"value": o["value"], "label": o["label"]} for o in items if o["value"] != ""]

    def pages(self):
        return self.data["pages"]


# --- SurveyJS -----------------------------------------------------------------------------------


def survey_question(form: Form, field: dict, section_when, local=None, key=None) -> dict:
    key = key or field["key"]
    q: dict = {"name": key, "title": field["label"]}
    kind = field["type"]
    if kind in ("text", "email", "date"):
        q["type"] = "text"
        q["inputType"] = {"email": "email", "date": "date"}.get(kind, "text")
    elif kind == "textarea":
        q["type"] = "comment"
    elif kind == "radio":
        q.update(
            type="radiogroup",
            choices=[{"value": c["value"], "text": c["label"]} for c in form.choices(field["options"])],
        )
    elif kind == "select":
        q.update(
            type="dropdown", choices=[{"value": c["value"], "text": c["label"]} for c in form.choices(field["options"])]
        )
    elif kind == "checkbox":
        q.update(type="boolean", renderAs="checkbox")
    elif kind == "conditional_select":
        by = field["options_by"]
        choices = []
        for value, list_id in by["options"].items():
            when = f"{{{by['controller']}}} = {lit(value)}"
            choices += [{"value": c["value"], "text": c["label"], "visibleIf": when} for c in form.choices(list_id)]
        q.update(type="dropdown", choices=choices)
        own = {"required": [by["controller"]], "properties": {by["controller"]: {"enum": list(by["options"])}}}
        q["visibleIf"] = survey_expr(tree(own))
    if field.get("max_length") and q["type"] in ("text", "comment"):
        q["maxLength"] = field["max_length"]
    if pattern(field):
        q["validators"] = [{"type": "regex", "regex": pattern(field)}]
    if field.get("required"):
        q["isRequired"] = True
    if field.get("required_when") and not q.get("isRequired"):
        q["requiredIf"] = survey_expr(tree(field["required_when"]), local)
    own = own_part(field.get("visible_when"), section_when)
    if own:
        expr = survey_expr(tree(own), local)
        q["visibleIf"] = f"({q['visibleIf']}) and {expr}" if "visibleIf" in q else expr
    return q


def survey(form: Form) -> dict:
    pages = []
    for page in form.pages():
        elements = []
        for section in page["sections"]:
            when = section.get("visible_when")
            panel: dict = {"type": "panel", "name": section["id"], "title": section.get("title", "")}
            if when:
                panel["visibleIf"] = survey_expr(tree(when))
            if "instances" in section:
                first = section["instances"][0]
                prefix = first["prefix"]
                local = _localiser(prefix)
                panel.update(
                    type="paneldynamic",
                    templateTitle="Entry {panelIndex}",
                    maxPanelCount=section["add_another"]["max"],
                    minPanelCount=0,
                    panelAddText=section["add_another"]["label"],
                    templateElements=[
                        survey_question(form, f, None, local, key=f["key"][len(prefix) :]) for f in first["fields"]
                    ],
                )
            elif "tabs" in section:
                group = section["tabs"]
                panel["elements"] = [
                    {
                        "type": "radiogroup",
                        "name": group["id"],
                        "title": section.get("title", ""),
                        "defaultValue": group["default"],
                        "choices": [{"value": o["id"], "text": o["label"]} for o in group["options"]],
                    }
                ]
                for option in group["options"]:
                    for f in option["fields"]:
                        q = survey_question(form, f, None)
                        q["visibleIf"] = f"{{{group['id']}}} = {lit(option['id'])}"
                        panel["elements"].append(q)
            else:
                panel["elements"] = [survey_question(form, f, when) for f in section["fields"]]
            elements.append(panel)
        pages.append({"name": page["id"], "title": page["title"], "elements": elements})
    return {
        "title": form.data["tenant"].get("name", ""),
        "pages": pages,
        "textUpdateMode": "onTyping",
        "clearInvisibleValues": "onHidden",
        "checkErrorsMode": "onComplete",
        "showProgressBar": "top",
    }


def _localiser(prefix: str):
    return lambda key: key[len(prefix) :] if key.startswith(prefix) else None


# --- Form.io ------------------------------------------------------------------------------------


def formio_component(form: Form, field: dict, section_when, local=None, key=None) -> dict:
    key = key or field["key"]
    c: dict = {"key": key, "label": field["label"], "input": True, "tableView": False}
    kind = field["type"]
    if kind in ("text", "date"):
        c["type"] = "textfield"
        if kind == "date":
            c["inputType"] = "date"
    elif kind == "email":
        c["type"] = "email"
    elif kind == "textarea":
        c["type"] = "textarea"
    elif kind == "radio":
        c.update(type="radio", values=form.choices(field["options"]))
    elif kind == "select":
        c.update(type="select", dataSrc="values", data={"values": form.choices(field["options"])}, widget="html5")
    elif kind == "checkbox":
        c["type"] = "checkbox"
    elif kind == "conditional_select":
        by = field["options_by"]
        table = {value: form.choices(list_id) for value, list_id in by["options"].items()}
        c.update(
            type="select",
            dataSrc="custom",
            widget="html5",
            valueProperty="value",
            template="<span>{{ item.label }}</span>",
            data={"custom": f"values = ({json.dumps(table)})[data.{by['controller']}] || [];"},
            refreshOn=by["controller"],
            clearOnRefresh=True,
        )
        own = {"required": [by["controller"]], "properties": {by["controller"]: {"enum": list(by["options"])}}}
        c["conditional"] = {"json": logic(tree(own))}
    validate: dict = {}
    if field.get("max_length") and c["type"] in ("textfield", "textarea", "email"):
        validate["maxLength"] = field["max_length"]
    if pattern(field):
        validate["pattern"] = pattern(field)
    if field.get("required"):
        validate["required"] = True
    if field.get("required_when") and not field.get("required"):
        cond = js(tree(field["required_when"]), local)
        validate["custom"] = (
            f"valid = !({cond}) || (input !== undefined && input !== null && input !== '') || 'required';"
        )
    if validate:
        c["validate"] = validate
    own = own_part(field.get("visible_when"), section_when)
    if own:
        expr = logic(tree(own), local)
        c["conditional"] = {"json": {"and": [c["conditional"]["json"], expr]} if "conditional" in c else expr}
    return c


def formio(form: Form) -> dict:
    pages = []
    for page in form.pages():
        components = []
        for section in page["sections"]:
            when = section.get("visible_when")
            panel: dict = {"type": "panel", "key": section["id"], "title": section.get("title", ""), "input": False}
            if when:
                panel["conditional"] = {"json": logic(tree(when))}
            if "instances" in section:
                first = section["instances"][0]
                prefix = first["prefix"]
                local = _localiser(prefix)
                panel["components"] = [
                    {
                        "type": "datagrid",
                        "key": section["add_another"]["id"],
                        "label": section.get("title", ""),
                        "input": True,
                        "addAnother": section["add_another"]["label"],
                        "validate": {"maxLength": section["add_another"]["max"]},
                        "initEmpty": False,
                        "components": [
                            formio_component(form, f, None, local, key=f["key"][len(prefix) :]) for f in first["fields"]
                        ],
                    }
                ]
            elif "tabs" in section:
                group = section["tabs"]
                panel["components"] = [
                    {
                        "type": "radio",
                        "key": group["id"],
                        "label": section.get("title", ""),
                        "input": True,
                        "defaultValue": group["default"],
                        "values": [{"value": o["id"], "label": o["label"]} for o in group["options"]],
                    }
                ]
                for option in group["options"]:
                    for f in option["fields"]:
                        c = formio_component(form, f, None)
                        c["conditional"] = {"json": {"==": [{"var": f"data.{group['id']}"}, option["id"]]}}
                        panel["components"].append(c)
            else:
                panel["components"] = [formio_component(form, f, when) for f in section["fields"]]
            components.append(panel)
        pages.append(
            {"type": "panel", "key": page["id"], "title": page["title"], "input": False, "components": components}
        )
    return {"display": "wizard", "components": pages}


# --- react-jsonschema-form ----------------------------------------------------------------------


def rjsf_property(form: Form, field: dict) -> tuple[dict, dict]:
    kind = field["type"]
    ui: dict = {}
    if numeric(field):
        prop: dict = {"type": "integer", "minimum": 0}
    elif kind == "checkbox":
        prop = {"type": "boolean"}
    elif kind in ("radio", "select"):
        # enum with ui:enumNames, not oneOf of consts: ajv's code for a oneOf of 2,000 entries
        # overflows the stack when it validates.
        choices = form.choices(field["options"])
        prop = {"type": "string", "enum": [c["value"] for c in choices]}
        ui["ui:enumNames"] = [c["label"] for c in choices]
        if kind == "radio":
            ui["ui:widget"] = "radio"
    else:
        prop = {"type": "string"}
        if kind == "date":
            prop["format"] = "date"
        elif kind == "email":
            prop["format"] = "email"
        elif kind == "textarea":
            ui["ui:widget"] = "textarea"
        if field.get("max_length"):
            prop["maxLength"] = field["max_length"]
    prop["title"] = field["label"]
    return prop, ui


def rjsf_fields(form: Form, fields: list[dict], section_when, local=None, key_of=None) -> dict:
    """{'properties', 'required', 'allOf', 'ui'} for fields shown together."""
    out: dict = {"properties": {}, "required": [], "allOf": [], "ui": {}, "order": []}
    for field in fields:
        key = key_of(field) if key_of else field["key"]
        out["order"].append(key)
        prop, ui = rjsf_property(form, field)
        if ui:
            out["ui"][key] = ui
        own = own_part(field.get("visible_when"), section_when)
        if field["type"] == "conditional_select":
            by = field["options_by"]
            for value, list_id in by["options"].items():
                branch = {"properties": {key: {**prop, "enum": [c["value"] for c in form.choices(list_id)]}}}
                cond = {"required": [by["controller"]], "properties": {by["controller"]: {"const": value}}}
                out["allOf"].append({"if": cond, "then": branch})
        elif own:
            out["allOf"].append({"if": rjsf_if(tree(own), local), "then": {"properties": {key: prop}}})
        else:
            out["properties"][key] = prop
        if field.get("required"):
            if own:
                out["allOf"].append({"if": rjsf_if(tree(own), local), "then": {"required": [key]}})
            else:
                out["required"].append(key)
        elif field.get("required_when"):
            cond = tree(field["required_when"])
            if own:
                cond = ("all", [tree(own), cond])
            out["allOf"].append({"if": rjsf_if(cond, local), "then": {"required": [key]}})
    return out


def rjsf_page(form: Form, page: dict) -> dict:
    schema: dict = {"type": "object", "title": page["title"], "properties": {}, "required": [], "allOf": []}
    ui: dict = {}
    order: list[str] = []
    for section in page["sections"]:
        when = section.get("visible_when")
        if "instances" in section:
            first = section["instances"][0]
            prefix = first["prefix"]
            local = _localiser(prefix)
            inner = rjsf_fields(form, first["fields"], None, local, key_of=lambda f, p=prefix: f["key"][len(p) :])
            items = {"type": "object", "properties": inner["properties"], "required": inner["required"]}
            if inner["allOf"]:
                items["allOf"] = inner["allOf"]
            group_id = section["add_another"]["id"]
            schema["properties"][group_id] = {
                "type": "array",
                "title": section.get("title", ""),
                "maxItems": section["add_another"]["max"],
                "items": items,
            }
            ui[group_id] = {"items": {**inner["ui"], "ui:order": inner["order"]}}
            order.append(group_id)
            continue
        if "tabs" in section:
            group = section["tabs"]
            schema["properties"][group["id"]] = {
                "type": "string",
                "title": section.get("title", ""),
                "default": group["default"],
                "oneOf": [{"const": o["id"], "title": o["label"]} for o in group["options"]],
            }
            ui[group["id"]] = {"ui:widget": "radio"}
            order.append(group["id"])
            for option in group["options"]:
                inner = rjsf_fields(form, option["fields"], None)
                cond = {"required": [group["id"]], "properties": {group["id"]: {"const": option["id"]}}}
                schema["allOf"].append({"if": cond, "then": {"properties": inner["properties"]}})
                ui.update(inner["ui"])
                order += inner["order"]
            continue
        inner = rjsf_fields(form, section["fields"], when)
        ui.update(inner["ui"])
        order += inner["order"]
        if when:
            then = {"properties": inner["properties"], "required": inner["required"]}
            if inner["allOf"]:
                then["allOf"] = inner["allOf"]
            schema["allOf"].append({"if": rjsf_if(tree(when)), "then": then})
        else:
            schema["properties"].update(inner["properties"])
            schema["required"] += inner["required"]
            schema["allOf"] += inner["allOf"]
    ui["ui:order"] = [*order, "*"]
    return {"id": page["id"], "title": page["title"], "schema": schema, "uiSchema": ui}


def rjsf(form: Form) -> dict:
    numeric_keys = set()
    for page in form.pages():
        for section in page["sections"]:
            if "instances" in section:
                prefix = section["instances"][0]["prefix"]
                numeric_keys |= {f["key"][len(prefix) :] for f in section["instances"][0]["fields"] if numeric(f)}
            else:
                numeric_keys |= {f["key"] for f in section.get("fields", []) if numeric(f)}
    return {"pages": [rjsf_page(form, p) for p in form.pages()], "numeric": sorted(numeric_keys)}


# --- the fairness check's answer sets and the engine's answers to them ------------------------


def questions(form: Form) -> list[dict]:
    """Every question key with where it sits: {key, page, group?, entry?, name?}."""
    out = []
    for page in form.pages():
        for section in page["sections"]:
            if "instances" in section:
                for n, instance in enumerate(section["instances"]):
                    for f in instance["fields"]:
                        name = f["key"][len(instance["prefix"]) :]
                        out.append(
                            {
                                "key": f["key"],
                                "page": page["id"],
                                "group": section["add_another"]["id"],
                                "entry": n,
                                "name": name,
                            }
                        )
            elif "tabs" in section:
                for option in section["tabs"]["options"]:
                    out += [{"key": f["key"], "page": page["id"]} for f in option["fields"]]
            else:
                out += [{"key": f["key"], "page": page["id"]} for f in section["fields"]]
    return out


def answer_sets(form: Form, full: dict, count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    by_key = {f["key"]: f for p in form.pages() for s in p["sections"] for f in s.get("fields", [])}
    sets = []
    for n in range(count):
        answers = dict(full["answers"])
        counts = dict(full["add_another"])
        tabs = dict(full["tabs"])
        if n == 0:
            sets.append({"answers": answers, "add_another": counts, "tabs": tabs})
            continue
        for key in [k for k in answers if k.endswith("_mode") and len(k) == 7]:
            answers[key] = rng.choice(["a", "a", "b", "c"])
        for key in [k for k in answers if k.endswith("_count")]:
            answers[key] = str(rng.choice([0, 2, 4, 7, 12, 50]))
        for key in [k for k in answers if k.endswith("_flag")]:
            answers[key] = rng.random() < 0.7
        for key in [k for k in answers if k.endswith("_region")]:
            answers[key] = rng.choice(["r1", "r2", "r3", "r4", "r5"])
        for key in [k for k in answers if k.endswith("_choice")]:
            answers[key] = rng.choice(["x", "x", "y", "z"])
        for key, field in by_key.items():
            if field["type"] == "conditional_select":
                region = answers.get(field["options_by"]["controller"])
                list_id = field["options_by"]["options"].get(region)
                if list_id:
                    answers[key] = form.choices(list_id)[0]["value"]
                else:
                    answers.pop(key, None)
        for group in counts:
            counts[group] = rng.randint(1, 10)
        for key in list(answers):
            if key.endswith(("_kind",)) or "e_" in key and key.endswith("kind"):
                answers[key] = rng.choice(["paid", "unpaid", "other"])
        for group in tabs:
            tabs[group] = rng.choice(["typed", "typed", "long"])
            if tabs[group] == "long":
                stem = group[: -len("_mode_tabs")]
                for i in range(1, 5):
                    answers.pop(f"{stem}_t{i}", None)
                    answers[f"{stem}_u{i}"] = "Long answer"
        # Leave out about one answer in ten (but never a whole added entry: see FEATURES).
        for key in list(answers):
            if rng.random() < 0.1 and not (by_key.get(key) is None and key.endswith("name")):
                answers.pop(key)
        sets.append({"answers": answers, "add_another": counts, "tabs": tabs})
    return sets


def engine_view(compiled, qs: list[dict], answer_set: dict, today: dt.date) -> dict:
    """The engine's own answer: the settled answers, the questions shown, the required-missing set."""
    answers, counts, tabs = answer_set["answers"], answer_set["add_another"], answer_set["tabs"]
    settled = compiled.visibility.visible_answers(answers, counts, tabs)
    hidden = compiled.visibility.all_hidden(settled, counts, tabs)
    shown = []
    for q in qs:
        if q["key"] in hidden:
            continue
        if "group" in q and q["entry"] >= counts.get(q["group"], 1):
            continue
        shown.append(q["key"])
    errors = compiled.validate(settled, today=today, tabs=tabs, counts=counts)
    missing = sorted(
        k for k, messages in errors.items() if k in set(shown) and not settled.get(k) and settled.get(k) is not False
    )
    return {
        "answers": settled,
        "add_another": counts,
        "tabs": tabs,
        "shown": sorted(shown),
        "required_missing": missing,
        "other_errors": sorted(k for k in errors if k not in missing),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tenant", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--sets", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--answers", type=Path, required=True, help="the generator's complete answer set")
    args = parser.parse_args(argv)
    from engine.definition import load_and_compile

    compiled = load_and_compile(args.tenant)
    form = Form(compiled.data)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "survey.json").write_text(json.dumps(survey(form)))
    (args.out / "formio.json").write_text(json.dumps(formio(form)))
    (args.out / "rjsf.json").write_text(json.dumps(rjsf(form)))
    (args.out / "engine_form.json").write_bytes(compiled.in_language(None).json_bytes)
    qs = questions(form)
    full = json.loads(args.answers.read_text())
    today = dt.date.today()
    sets = [engine_view(compiled, qs, s, today) for s in answer_sets(form, full, args.sets, args.seed)]
    # The timed runs' answers: complete but for the sections the timed changes hide (the engine asks
    # before a change clears answers; an unanswered section hides without asking), settled.
    bench = {**full, "answers": {k: v for k, v in full["answers"].items() if not k.startswith(UNANSWERED)}}
    fairness = {"questions": qs, "features": FEATURES, "sets": sets, "bench": engine_view(compiled, qs, bench, today)}
    (args.out / "fairness.json").write_text(json.dumps(fairness))
    print(json.dumps({"questions": len(qs), "sets": len(sets), "shown": [len(s["shown"]) for s in sets]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
