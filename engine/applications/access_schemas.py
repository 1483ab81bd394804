"""Request and response bodies of the applications API's other ways in: a visitor's saved draft
(`POST /public/tmp`, its link) and the service-token view of an application (`GET /service/tmp-pdf`)."""

import marshmallow as ma
from marshmallow import fields, validate

from engine.applications.schemas import ARCHIVED_DESCRIPTION, DocumentAnswerSchema, _answer_value, _Body
from engine.applications.submit import WEB_STATUSES


class DraftPostSchema(_Body):
    answers = fields.Dict(
        keys=fields.String(),
        values=_answer_value(),
        required=True,
        metadata={"description": "Answer key -> text or true/false"},
    )
    email = fields.String(
        load_default=None,
        validate=validate.Length(max=400),
        metadata={"description": "Optional: e-mail the link to continue to this address"},
    )


class DraftTokenSchema(ma.Schema):
    message = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "Open /{page}?token=... to continue"})


class TokenQuerySchema(ma.Schema):
    token = fields.String(required=True, validate=validate.Length(min=1, max=200))


class DraftSchema(ma.Schema):
    answer = fields.Dict(keys=fields.String(), values=_answer_value(), required=True)


class ServiceQuerySchema(ma.Schema):
    service_token = fields.String(
        load_default="", metadata={"description": "The token from `formengine service-token create`"}
    )
    language = fields.String(
        load_default="",
        validate=validate.Length(max=35),
        metadata={"description": "Read the view in this language of the form (default: the form's default)"},
    )


class ServiceApplicantSchema(ma.Schema):
    name = fields.String(required=True, metadata={"description": "From the tenant's settings.applicant_name keys"})
    email = fields.String(required=True)
    reference = fields.String(required=True, allow_none=True, metadata={"description": "Null before submission"})
    status = fields.String(required=True, validate=validate.OneOf(("none", *WEB_STATUSES)))
    submitted_at = fields.String(required=True, allow_none=True, metadata={"description": "ISO-8601 UTC"})


class ServiceViewSchema(ma.Schema):
    answer = fields.Dict(keys=fields.String(), values=_answer_value(), required=True)
    add_another = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    document_answer = fields.Dict(keys=fields.String(), values=fields.Nested(DocumentAnswerSchema), required=True)
    tabs = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    applicant = fields.Nested(ServiceApplicantSchema, required=True)
    document_links = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Answer key -> link opening its converted document (valid while the token is)"},
    )
    definition_version = fields.String(
        required=True, allow_none=True, metadata={"description": "The definition version the view renders"}
    )
    archived_answer = fields.Dict(keys=fields.String(), required=True, metadata={"description": ARCHIVED_DESCRIPTION})
    form = fields.Dict(
        load_default=None,
        metadata={
            "description": "The compiled form of that version when it is not the one /public/form serves "
            "(a submitted application's view renders the form it was submitted on), and always for a "
            "form in several languages (in the language read)"
        },
    )
    language = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "BCP 47: the applicant's (submitted in; a draft: the account's); null: one language"},
    )
    languages = fields.List(fields.String(), required=True, metadata={"description": "The form's, default first"})
    language_name = fields.String(
        required=True, allow_none=True, metadata={"description": "The applicant's language named in the one read"}
    )
    read_in = fields.Dict(
        required=True,
        allow_none=True,
        metadata={"description": "{language, name}: the other language to read the view in (null: none)"},
    )
