"""GET /api/pdf's answer."""

import marshmallow as ma
from marshmallow import fields, validate

from engine.documents.models import ConversionStatus

STATUSES = [s.value for s in ConversionStatus if s is not ConversionStatus.NOT_ANSWERED]


class PdfStatusSchema(ma.Schema):
    status = fields.String(required=True, validate=validate.OneOf(STATUSES), metadata={"enum": STATUSES})
    url = fields.String(
        required=True, metadata={"description": "A short-lived signed download URL once completed; else empty"}
    )
    message = fields.String(required=True)
