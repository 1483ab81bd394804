"""The pieces of JSON Schema that the meta-schema (engine/definition/_gen_schema.py) and the field
types' own property fragments are written with."""

KEY = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
TEXT = {"type": "string", "minLength": 1}
RENAMED_FROM = {
    "description": "an earlier answer key of this field, or a list of them",
    "oneOf": [KEY, {"type": "array", "items": KEY, "minItems": 1}],
}


def obj(required=(), **properties):
    schema = {"type": "object", "additionalProperties": False, "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


def ref(name):
    return {"$ref": f"#/$defs/{name}"}


def array(items, **extra):
    return {"type": "array", "items": items, **extra}
