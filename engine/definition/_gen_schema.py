"""Writes tenant.schema.json (run: python -m engine.definition._gen_schema). The JSON file
is the published grammar; this script only keeps it readable to edit. It also writes the client's
copy of the engine's words (client/src/strings/catalogue.js, formCatalogue.js) from texts.yaml."""

import json
from pathlib import Path

from engine.definition.catalogue import DEFAULT_TEXTS, render_client
from engine.definition.fields import DEFAULT_MESSAGES
from engine.fieldtypes.registry import REGISTRY
from engine.fieldtypes.schema import KEY, RENAMED_FROM, TEXT, array, obj, ref

MESSAGE_NAMES = sorted(DEFAULT_MESSAGES)
TEXT_NAMES = sorted(DEFAULT_TEXTS)

ID = {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}
ROUTE = {"type": "string", "pattern": "^/[a-z0-9][a-z0-9-]*$"}
DATE = {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
MARKDOWN = {
    "oneOf": [
        TEXT,
        {"type": "object", "required": ["file"], "additionalProperties": False, "properties": {"file": TEXT}},
    ]
}
COLOUR = {"type": "string", "pattern": "^(#[0-9a-fA-F]{3,8}|rgba?\\([0-9 .,%]+\\)|[a-z]+)$"}
THEME_COLOURS = ["primary", "secondary", "accent", "neutral", "white", "error", "disabled"]
THEME_SHADES = ["extraLight", "light", "main", "dark"]
OPERATORS = ["equals", "notEquals", "lt", "lte", "gt", "gte", "answered", "notAnswered", "in", "notIn"]
FIELD_TYPES = list(REGISTRY)


# What each type requires besides its type (FieldType.requires; a keyed type also key and label),
# in the order tenant.schema.json has published them: a new requirement goes last.
KEY_AND_LABEL = ("key", "label")
REQUIREMENT_ORDER = [("parts", "autocomplete"), KEY_AND_LABEL, ("items", "label"), ("options",), ("options_by",)]


def _of_types(names: list[str]) -> dict:
    return {"required": ["type"], "properties": {"type": {"enum": names} if len(names) > 1 else {"const": names[0]}}}


def _rank(requirement: tuple) -> int:
    return REQUIREMENT_ORDER.index(requirement) if requirement in REQUIREMENT_ORDER else len(REQUIREMENT_ORDER)


# The field properties in the order tenant.schema.json has published them; a type's own properties
# (FieldType.properties) take their place here, and a new one goes last.
PROPERTY_ORDER = [
    *("type", "key", "renamed_from", "id", "label", "help", "placeholder", "text", "required", "required_if"),
    *("show_if", "max_length", "rows", "inputmode", "rules", "options", "extra_values", "options_by"),
    *("must_be_true", "email_message", "phone", "items", "file", "autocomplete", "parts", "review_label"),
]


def type_properties() -> dict:
    """The properties the field types add, each once (types that share one share its schema)."""
    found: dict[str, dict] = {}
    for field_type in REGISTRY.values():
        for name, schema in field_type.properties().items():
            if found.setdefault(name, schema) != schema:
                raise ValueError(f"two field types give the property {name} different schemas")
    return found


def _published(properties: dict) -> dict:
    def place(name: str) -> int:
        return PROPERTY_ORDER.index(name) if name in PROPERTY_ORDER else len(PROPERTY_ORDER)

    return {name: properties[name] for name in sorted(properties, key=place)}


def type_requirements() -> list[dict]:
    """The field's if/then blocks: for each requirement, the types that have it."""
    by_requirement: dict[tuple, list[str]] = {}
    for name, field_type in REGISTRY.items():
        if field_type.requires:
            by_requirement.setdefault(field_type.requires, []).append(name)
    keyless = sorted(
        (name for name, field_type in REGISTRY.items() if not field_type.keyed),
        key=lambda name: _rank(REGISTRY[name].requires),
    )
    blocks = {
        requirement: {"if": _of_types(names), "then": {"required": list(requirement)}}
        for requirement, names in by_requirement.items()
    }
    blocks[KEY_AND_LABEL] = {"if": _of_types(keyless), "else": {"required": list(KEY_AND_LABEL)}}
    return [blocks[requirement] for requirement in sorted(blocks, key=_rank)]


option = obj(["value", "label"], value={"type": ["string", "number"]}, label=TEXT)
option_list_inline = array(option, minItems=1)

defs = {
    "condition": {
        "description": "{valueKey, operator, target}, or all/any/not of conditions",
        "oneOf": [
            obj(
                ["valueKey", "operator"],
                valueKey=KEY,
                operator={"enum": OPERATORS},
                target={"oneOf": [{"type": ["string", "number", "boolean", "array"]}, ref("other_answer")]},
            ),
            obj(["all"], all=array(ref("condition"), minItems=1)),
            obj(["any"], any=array(ref("condition"), minItems=1)),
            obj(["not"], **{"not": ref("condition")}),
        ],
    },
    "message_or_true": {
        "description": "true, a message, or {message: ...}",
        "oneOf": [{"const": True}, TEXT, obj(["message"], message=TEXT)],
    },
    "required_if": {
        "description": "a condition or {when: <condition>, message: ...}",
        "oneOf": [ref("condition"), obj(["when"], when=ref("condition"), message=TEXT)],
    },
    "relative_years": obj(["years_ago"], years_ago={"type": "integer"}),
    "years_from_now": obj(["years_from_now"], years_from_now={"type": "integer"}),
    "relative_date": {
        "description": "today, today - 16y, today + 6m, today - 2w, today + 30d (y, m, w, d), or a date YYYY-MM-DD",
        "type": "string",
        "minLength": 1,
    },
    "other_answer": {
        **obj(["answer"], answer=KEY),
        "description": "another question's answer to compare with: {answer: key}",
    },
    "other_number": {
        "description": "another question's answer, {answer: key}, or an add-another's number of entries, {entries: id}",
        "oneOf": [ref("other_answer"), obj(["entries"], entries=ID)],
    },
    "rule": {
        "description": (
            "one rule kind (pattern, min_length, email, earliest, latest, not_before, not_after, min_year, "
            "max_year, one_of_required, min_words, max_words, min, max)"
        ),
        "type": "object",
        "minProperties": 1,
        "additionalProperties": False,
        "properties": {
            "pattern": TEXT,
            "min_length": {"type": "integer", "minimum": 1},
            "email": {"const": True},
            "earliest": ref("relative_years"),
            "latest": ref("relative_years"),
            "not_before": {"oneOf": [ref("relative_date"), ref("other_answer")]},
            "not_after": {"oneOf": [ref("relative_date"), ref("other_answer")]},
            "min_year": ref("years_from_now"),
            "max_year": ref("years_from_now"),
            "one_of_required": array(KEY, minItems=1),
            "min_words": {"type": "integer", "minimum": 1, "description": "at least this many words"},
            "max_words": {"type": "integer", "minimum": 1, "description": "at most this many words"},
            "min": {**ref("other_number"), "description": "no less than another answer, or a number of entries"},
            "max": {**ref("other_number"), "description": "no more than another answer, or a number of entries"},
            "message": TEXT,
            "when": ref("condition"),
        },
        "oneOf": [
            {"required": [k]}
            for k in (
                "pattern",
                "min_length",
                "email",
                "earliest",
                "latest",
                "not_before",
                "not_after",
                "min_year",
                "max_year",
                "one_of_required",
                "min_words",
                "max_words",
                "min",
                "max",
            )
        ],
    },
    "options_ref": {"description": "an option list id or a list of {value, label}", "oneOf": [ID, option_list_inline]},
    "field": {
        "type": "object",
        "required": ["type"],
        "additionalProperties": False,
        "properties": _published(
            {
                "type": {"enum": FIELD_TYPES},
                "key": KEY,
                "renamed_from": RENAMED_FROM,
                "id": ID,
                "label": TEXT,
                "review_label": {
                    **TEXT,
                    "description": "the question as the review names it, where the label is a prompt",
                },
                "help": TEXT,
                "placeholder": TEXT,
                "text": MARKDOWN,
                "required": ref("message_or_true"),
                "required_if": ref("required_if"),
                "show_if": ref("condition"),
                "max_length": {"type": "integer", "minimum": 1, "maximum": 100000},
                "inputmode": {"enum": ["text", "numeric", "tel", "email", "decimal"]},
                "rules": array(ref("rule")),
                **type_properties(),
            }
        ),
        "allOf": type_requirements(),
    },
    "field_part": {
        "description": "a field inside an address or school block; type defaults to text",
        "allOf": [ref("field_without_type_requirement")],
    },
    "section_fields": array(ref("field"), minItems=1),
    "section": {
        "type": "object",
        "required": ["id"],
        "additionalProperties": False,
        "properties": {
            "id": ID,
            "title": TEXT,
            "text": MARKDOWN,
            "show_if": ref("condition"),
            "clears": array(KEY),
            "confirm": obj(
                ["kind", "key", "label"],
                kind={"enum": ["button", "checkbox"]},
                key=KEY,
                label=TEXT,
                review_label=TEXT,
                before=MARKDOWN,
                after=MARKDOWN,
            ),
            "fields": ref("section_fields"),
            "branches": array(
                obj(
                    ["id", "fields"],
                    id=ID,
                    show_if=ref("condition"),
                    title=TEXT,
                    text=MARKDOWN,
                    fields=ref("section_fields"),
                ),
                minItems=2,
            ),
            "add_another": obj(
                ["id", "max", "prefixes"],
                id=ID,
                label=TEXT,
                entry_label={**TEXT, "description": "Names each entry, numbered: School gives School 1, School 2"},
                max={"type": "integer", "minimum": 1},
                prefixes=array({"type": "string", "pattern": "^[a-z][a-z0-9_]*_$"}, minItems=1),
            ),
            "tabs": obj(
                ["id", "default", "options"],
                id=ID,
                default=ID,
                options=array(
                    obj(["id", "label", "fields"], id=ID, label=TEXT, fields=ref("section_fields"), clears=array(KEY)),
                    minItems=2,
                ),
            ),
        },
        "oneOf": [{"required": ["fields"]}, {"required": ["branches"]}, {"required": ["tabs"]}],
        "description": "a section with exactly one of fields, branches or tabs",
    },
    "page": obj(
        ["route", "title", "nav_label", "sections"],
        route=ROUTE,
        title=TEXT,
        nav_label=TEXT,
        text=MARKDOWN,
        sections=array(ref("section"), minItems=1),
    ),
    "option_list": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "label": TEXT,
            "options": option_list_inline,
            "years": obj(
                ["num_years", "direction"],
                start_year={"type": "integer"},
                offset={"type": "integer", "minimum": -200, "maximum": 200},
                num_years={"type": "integer", "minimum": 1, "maximum": 200},
                direction={"enum": ["past", "future"]},
            ),
        },
        "oneOf": [{"required": ["options"]}, {"required": ["years"]}],
    },
    "texts": {"type": "object", "propertyNames": {"enum": TEXT_NAMES}, "additionalProperties": TEXT},
    "banner_link": obj(["label", "route"], label=TEXT, route=TEXT),
    "banner_text": obj(["text"], title=TEXT, text=TEXT, link=ref("banner_link")),
    "tenant": obj(
        ["schema_version", "id", "name", "default_route", "settings", "pages", "options"],
        schema_version={"const": 1},
        id={"type": "string", "pattern": "^[a-z0-9_]+$"},
        name=TEXT,
        default_route=ROUTE,
        settings=obj(
            ["support_email", "admissions_email"],
            support_email=TEXT,
            admissions_email=TEXT,
            postal_address=array(TEXT),
            phone=TEXT,
            language={
                "type": "string",
                "pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$",
                "description": "The language the form is written in, as a BCP 47 tag (default en)",
            },
            languages={
                "type": "array",
                "minItems": 1,
                "uniqueItems": True,
                "items": {"type": "string", "pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"},
                "description": "The languages an applicant can choose, as BCP 47 tags: the first is the one the "
                "form is written in, each other one has a gettext catalogue translations/<tag>.po",
            },
            idle=obj(
                ["timeout_ms", "prompt_ms"],
                timeout_ms={"type": "integer", "minimum": 60000},
                prompt_ms={"type": "integer", "minimum": 1000},
            ),
            breakpoints=obj(["tablet", "mobile"], tablet={"type": "integer"}, mobile={"type": "integer"}),
            test_providers=array(obj(["name", "url"], name=TEXT, url=TEXT, code={"type": "string"})),
            evaluation_services=array(obj(["name", "url"], name=TEXT, url=TEXT)),
            validation_summary=obj(["title", "text"], title=TEXT, text=TEXT),
            theme={
                "type": "object",
                "propertyNames": {"enum": THEME_COLOURS},
                "additionalProperties": {"oneOf": [COLOUR, obj(**dict.fromkeys(THEME_SHADES, COLOUR))]},
            },
            header_images={"type": "object", "additionalProperties": {"type": "string", "pattern": "^(/|https://)"}},
            applicant_name={
                "oneOf": [
                    array(KEY, minItems=1),
                    obj(["any"], any=array(array(KEY, minItems=1), minItems=1)),
                ],
                "description": "Answer keys that make up the applicant's name for staff (print view, delivery): "
                "[keys] joins the answered ones; {any: [[first_name, last_name], [org_name]]} takes the first "
                "alternative whose keys are all answered",
            },
            review_before_submit={
                "type": "boolean",
                "description": "Show the applicant every answer to check before the final submit; default true",
            },
            reference_prefix={
                "type": "string",
                "pattern": "^[A-Z][A-Z0-9]{0,7}$",
                "description": "Starts every application reference (INTL gives INTL-7K2Q9MXA); default APP",
            },
            institution={
                **TEXT,
                "description": "The institution's name, at the head of the application PDF and the print view",
            },
            time_zone={
                "type": "string",
                "minLength": 1,
                "description": "The institution's time zone, an IANA name such as Europe/London (default UTC): "
                "the submitted time on the PDF, the receipt and the print view is read in it",
            },
            window={
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "opens": {
                        "type": "string",
                        "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?$",
                        "description": "When the form opens: a local time in settings.time_zone, e.g. 2027-03-01T09:00",
                    },
                    "closes": {
                        "type": "string",
                        "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?$",
                        "description": "When the form closes: drafts become read-only and submit is refused",
                    },
                    "grace_minutes": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 1440,
                        "description": "A submit or save that reached the server this long after closes still counts",
                    },
                },
                "description": "The application window, read in settings.time_zone (the window has no zone of its own)",
            },
            date_style={
                "enum": ["long", "medium", "short"],
                "description": "How dates read in the review, receipt, print view and PDF, in the form's language "
                "(long: 14 March 2008; medium: 14 Mar 2008; short: 14/03/2008); default long",
            },
            pdf_empty={
                "enum": ["omit", "collapse"],
                "description": "An unanswered section or question on the application PDF: left out (omit, the "
                "default) or one line saying it was not answered (collapse)",
            },
        ),
        modals={"type": "object", "additionalProperties": obj(["title", "body"], title=TEXT, body=MARKDOWN)},
        footer=obj(text=MARKDOWN),
        banners=obj(
            welcome=obj(
                max_logins={
                    "type": "integer",
                    "minimum": 1,
                    "description": "Logged-in applicants see first_login/returning on their first max_logins "
                    "logins (1: the first login only); default 2",
                },
                name_keys=array(KEY, minItems=1),
                first_login=ref("banner_text"),
                returning=ref("banner_text"),
                anonymous=ref("banner_text"),
                submitted=ref("banner_text"),
                not_open=ref("banner_text"),
                closed=ref("banner_text"),
            ),
            dated=array(
                obj(
                    ["id", "text", "from", "to"],
                    id=ID,
                    title=TEXT,
                    text=TEXT,
                    link=ref("banner_link"),
                    **{"from": DATE, "to": DATE},
                    tone={"enum": ["info", "urgent"]},
                )
            ),
        ),
        messages={"type": "object", "propertyNames": {"enum": MESSAGE_NAMES}, "additionalProperties": TEXT},
        texts=ref("texts"),
        pages=array(TEXT, minItems=1),
        options={"oneOf": [TEXT, array(TEXT)]},
        delivery={
            **array(ref("delivery_target")),
            "description": "Where each submitted application is sent (docs/deploy.md, Delivery)",
        },
        retention={
            **obj(
                ["drafts_days", "submitted_years", "unconfirmed_accounts_days"],
                drafts_days={"type": "integer"},
                reminder_days_before={"type": "integer"},
                submitted_years={"type": "integer"},
                unconfirmed_accounts_days={"type": "integer"},
            ),
            "description": "How long applicants' data is kept (docs/authoring.md, Retention)",
        },
    ),
    "delivery_target": {
        "description": "one target: {email: {to: [addresses]}} or {webhook: {url, secret_env}}",
        "oneOf": [
            obj(
                ["email"],
                email=obj(
                    ["to"],
                    to=array({"type": "string", "pattern": "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"}, minItems=1),
                ),
            ),
            obj(
                ["webhook"],
                webhook=obj(
                    ["url", "secret_env"],
                    url={"type": "string", "pattern": "^https?://", "description": "http(s) URL the JSON is POSTed to"},
                    secret_env={
                        "type": "string",
                        "pattern": "^[A-Z_][A-Z0-9_]*$",
                        "description": "The environment variable holding the HMAC-SHA256 signing secret",
                    },
                    timeout_s={"type": "number", "minimum": 1, "maximum": 60, "description": "Default 10"},
                ),
            ),
        ],
    },
}
# A block part is a field whose type may be omitted (it defaults to text).
part = json.loads(json.dumps(defs["field"]))
part["required"] = ["key", "label"]
part["allOf"] = [a for a in part["allOf"] if "else" not in a]
defs["field_without_type_requirement"] = part
defs["field_part"] = ref("field_without_type_requirement")

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://formengine.local/schemas/tenant.schema.json",
    "title": "formengine tenant definition",
    "description": "Lints tenant.yaml, pages/*.yaml and options/*.yaml files (docs/authoring.md).",
    "schema_version": 1,
    "$defs": defs,
    "if": {"required": ["schema_version"]},
    "then": ref("tenant"),
    "else": {"if": {"required": ["route"]}, "then": ref("page"), "else": ref("option_list")},
}

TARGET = Path(__file__).with_name("tenant.schema.json")


def render() -> str:
    """The text of tenant.schema.json as this script writes it."""
    return json.dumps(SCHEMA, indent=2) + "\n"


if __name__ == "__main__":
    TARGET.write_text(render())
    print(f"wrote {TARGET}")
    for path, text in render_client().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
