"""Bodies and answers of the staff API (read-only), described for the OpenAPI document."""

import marshmallow as ma
from marshmallow import fields, validate

from engine.staff.listing import MAX_PER_PAGE, PER_PAGE, STATUSES
from engine.staff.tokens import MAX_TOKEN_LENGTH


class SessionPostSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    token = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_TOKEN_LENGTH),
        metadata={"description": "The staff token from `formengine staff-token` (the link's #token=...)"},
    )


class SessionSchema(ma.Schema):
    message = fields.String(required=True)
    name = fields.String(required=True, metadata={"description": "The token's name, if it was given one"})
    expires_at = fields.String(required=True, metadata={"description": "ISO-8601 UTC"})


class ListQuerySchema(ma.Schema):
    q = fields.String(
        load_default="",
        validate=validate.Length(max=200),
        metadata={"description": "Words each found in the reference, the name or the e-mail address"},
    )
    status = fields.String(load_default="all", validate=validate.OneOf(STATUSES))
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=1_000_000))
    per_page = fields.Integer(load_default=PER_PAGE, validate=validate.Range(min=1, max=MAX_PER_PAGE))


class ApplicationRowSchema(ma.Schema):
    id = fields.Integer(required=True)
    reference = fields.String(required=True, allow_none=True, metadata={"description": "Null for a draft"})
    name = fields.String(required=True, metadata={"description": "From the tenant's settings.applicant_name keys"})
    email = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(("none", "started", "validating", "submitted")))
    submitted_at = fields.String(required=True, allow_none=True, metadata={"description": "ISO-8601 UTC"})
    updated_at = fields.String(required=True, metadata={"description": "ISO-8601 UTC"})
    definition_version = fields.String(required=True, allow_none=True)


class ApplicationPageSchema(ma.Schema):
    items = fields.List(fields.Nested(ApplicationRowSchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    per_page = fields.Integer(required=True)
    pages = fields.Integer(required=True)
