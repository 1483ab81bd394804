"""Request and response bodies of the documents API."""

import marshmallow as ma
from marshmallow import fields, validate

from engine.documents.models import ConversionStatus

MAX_KEY_LENGTH = 255
MAX_FILE_NAME = 1000  # what we accept on the wire; the tenant's rule (32) is checked with its message


class PresignPostSchema(ma.Schema):
    answer_key = fields.String(
        required=True,
        validate=validate.Length(min=1, max=100),
        metadata={"description": "A file-upload answer key of the form", "example": "essay_file"},
    )


class PresignedPostSchema(ma.Schema):
    url = fields.String(required=True, metadata={"description": "Where to POST the form fields and the file"})
    fields = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Form fields to send before the file (including `key`)"},
    )


class ConversionPostSchema(ma.Schema):
    file_key = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_KEY_LENGTH),
        metadata={"description": "The `key` field of the presigned upload"},
    )
    file_name = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_FILE_NAME),
        metadata={"description": "The name of the file the applicant picked"},
    )


class ConversionStatusSchema(ma.Schema):
    status = fields.String(
        required=True,
        validate=validate.OneOf([s.value for s in ConversionStatus]),
        metadata={"enum": [s.value for s in ConversionStatus]},
    )
    message = fields.String(required=True, metadata={"description": "Why a conversion failed; empty otherwise"})


class DocumentAnswerSchema(ma.Schema):
    file_name = fields.String(required=True)
    file_size = fields.Integer(required=True, metadata={"description": "Bytes of the uploaded file"})


DOCUMENT_ANSWERS_MAP = {
    "type": "object",
    "additionalProperties": {
        "type": "object",
        "required": ["file_name", "file_size"],
        "additionalProperties": False,
        "properties": {"file_name": {"type": "string"}, "file_size": {"type": "integer", "minimum": 0}},
    },
    "description": "File-upload answer key -> the converted file's name and size in bytes",
    "example": {"essay_file": {"file_name": "essay.docx", "file_size": 48213}},
}


class UploadSchema(ma.Schema):
    """The presigned POST: its fields, then the file, as multipart/form-data (S3's order)."""

    class Meta:
        unknown = ma.EXCLUDE  # S3 also accepts fields the policy does not name

    key = fields.String(required=True, validate=validate.Length(max=MAX_KEY_LENGTH))
    policy = fields.String(required=True, validate=validate.Length(max=4096))
    x_amz_algorithm = fields.String(data_key="x-amz-algorithm", validate=validate.Length(max=64))
    x_amz_signature = fields.String(data_key="x-amz-signature", required=True, validate=validate.Length(max=128))
    file = fields.Raw(required=True, metadata={"type": "string", "format": "binary"})


class DownloadQuerySchema(ma.Schema):
    key = fields.String(required=True, validate=validate.Length(max=MAX_KEY_LENGTH))
    expires = fields.Integer(required=True, strict=False, validate=validate.Range(min=0, max=2**40))
    name = fields.String(required=True, validate=validate.Length(max=200))
    signature = fields.String(required=True, validate=validate.Length(max=128))
