"""Bodies and answers of the prepared-file endpoints (the applicant's own data, staff exports)."""

import marshmallow as ma
from marshmallow import fields, validate

from engine.accounts.passwords import MAX_LENGTH
from engine.downloads.models import STATES

SHOWN_STATES = ("none", *STATES, "expired")


class PasswordSchema(ma.Schema):
    password = fields.String(required=True, validate=validate.Length(max=MAX_LENGTH))


class PreparedFileSchema(ma.Schema):
    id = fields.Integer(required=True, allow_none=True)
    state = fields.String(required=True, validate=validate.OneOf(SHOWN_STATES))
    done = fields.Integer(required=True, metadata={"description": "Progress: steps done of `total`"})
    total = fields.Integer(required=True)
    message = fields.String(allow_none=True)
    file_name = fields.String(allow_none=True)
    file_size = fields.Integer(allow_none=True)
    expires_at = fields.String(allow_none=True, metadata={"description": "ISO-8601 UTC: when the link ends"})
    url = fields.String(allow_none=True, metadata={"description": "The download, once ready (for whoever asked only)"})
