"""Query arguments and responses of GET /lookup/find."""

import marshmallow as ma
from marshmallow import fields, validate

from engine.lookup import CATEGORIES
from engine.lookup.service import MAX_RESULTS, MAX_TEXT


class LookupFindArgsSchema(ma.Schema):
    category = fields.String(required=True, validate=validate.OneOf(CATEGORIES))
    text = fields.String(
        validate=validate.Length(max=MAX_TEXT),
        metadata={
            "description": "What the applicant typed; fewer than 2 characters give no suggestions. "
            "Search operators and quotes are plain text."
        },
    )
    id = fields.String(
        validate=validate.Length(min=1, max=1000),
        metadata={"description": "The id of a suggestion, to fetch its detail record instead of suggestions."},
    )
    max_results = fields.Integer(
        load_default=5, metadata={"description": f"How many suggestions at most; clamped to 1..{MAX_RESULTS}."}
    )

    @ma.validates_schema
    def _text_or_id(self, data, **kwargs):
        if ("text" in data) == ("id" in data):
            raise ma.ValidationError("Give either text (suggestions) or id (a detail record).", "text")

    @ma.post_load
    def _clamp(self, data, **kwargs):
        data["max_results"] = min(max(data["max_results"], 1), MAX_RESULTS)
        return data


class LookupResultSchema(ma.Schema):
    text = fields.String(required=True, metadata={"description": "The school's name or the address line"})
    id = fields.String(required=True)
    sub_text = fields.String(required=True, metadata={"description": "Where it is; a school's CEEB code"})


def _detail_schema(name: str, own: dict, state_description: str | None = None) -> type[ma.Schema]:
    """A detail record: its id, the fields of its category, then the address every category has."""
    state = {"metadata": {"description": state_description}} if state_description else {}
    return ma.Schema.from_dict(
        {
            "id": fields.String(required=True),
            **own,
            "address_line_1": fields.String(required=True),
            "city": fields.String(required=True),
            "state": fields.String(required=True, **state),
            "zip": fields.String(required=True),
            "country": fields.String(required=True, metadata={"description": "ISO 3166-1 alpha-3 code"}),
        },
        name=name,
    )


# Category address.
AddressDetailSchema = _detail_schema("AddressDetailSchema", {}, "USPS or Canadian code where there is one")
# Categories hs_ceeb and college_ceeb; empty strings where the source has no value.
SchoolDetailSchema = _detail_schema(
    "SchoolDetailSchema",
    {
        "name": fields.String(required=True),
        "ceeb": fields.String(required=True),
        "nces_id": fields.String(required=True, metadata={"description": "NCES school id or IPEDS unit id"}),
    },
)


FIND_RESPONSE = {
    "oneOf": [
        {"type": "array", "items": LookupResultSchema, "description": "With text: suggestions, best first"},
        SchoolDetailSchema,
        AddressDetailSchema,
    ]
}
