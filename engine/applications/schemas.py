"""Request and response bodies of the applications API, described
exactly for the OpenAPI document. Types are checked here; meaning (known keys, lengths,
counts within the definition's maxima) in the service, with the spec's vocabulary."""

import marshmallow as ma
from marshmallow import fields, validate

from engine.applications.service import WEB_STATUSES

ANSWER_VALUE = {"oneOf": [{"type": "string"}, {"type": "boolean"}, {"type": "number"}]}
ANSWER_MAP = {
    "type": "object",
    "additionalProperties": ANSWER_VALUE,
    "description": "Answer key -> text, true/false or (a number question) a number; an empty string clears the answer",
    "example": {"first_name": "Mei", "gender": "W", "gender_desc": "Woman", "race_asian": True},
}
COUNTS_MAP = {
    "type": "object",
    "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 10},
    "description": "Add-another button id -> number of components (default 1)",
}
TABS_MAP = {
    "type": "object",
    "additionalProperties": {"type": "string"},
    "description": "Tab group id -> chosen tab (the definition's default until chosen)",
}
MAX_VALIDATION_KEYS = 1000
MAX_VALIDATION_MESSAGES = 20


def _answer_value() -> fields.Raw:
    return fields.Raw(metadata=ANSWER_VALUE)


def _errors_map(**kwargs) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.List(fields.String()), **kwargs)


class _Body(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE


class AnswerMapSchema(ma.Schema):
    """PUT /api/answer's body is the answer map itself; the service checks every key."""

    class Meta:
        unknown = ma.INCLUDE


CLEARED_DESCRIPTION = (
    "Answer keys the server removed because the form's hiding rules hide them (sent in this request or "
    "stored before): hidden sections, branches after the first true one, the tabs not chosen, add-another "
    "entries beyond the count, a conditional dropdown whose controller changed or does not allow its value, "
    "and whatever those hide in turn. The client clears them too; empty when nothing was cleared."
)


def _cleared() -> fields.List:
    return fields.List(fields.String(), required=True, metadata={"description": CLEARED_DESCRIPTION})


class AnswerSavedSchema(ma.Schema):
    message = fields.String(required=True)
    cleared = _cleared()
    definition_version = fields.String(
        required=True,
        metadata={
            "description": "The definition version the save was stored under: when it is not the one the "
            "page shows, the form has been updated (load it and the profile again)"
        },
    )


ARCHIVED_DESCRIPTION = (
    "Answers to questions no longer on the form, by the key they had: what a draft moving to a newer "
    "definition version had no place for (a removed question or option, an answer that no longer fits, a "
    "save from a page of an earlier version). Each entry has the answer (`value`) and/or its `document`, "
    "the question's `label` and `page` then, the `version` it was answered in, the `reason` (removed, "
    "option_removed, no_longer_fits, replaced) and `archived_at`; a key archived again keeps the earlier "
    "entries under `earlier`. Never part of `answer` or of validation."
)


class DocumentAnswerSchema(ma.Schema):
    file_name = fields.String(required=True)
    file_size = fields.Integer(required=True, metadata={"description": "Bytes"})


class WebStatusEntrySchema(ma.Schema):
    web_status = fields.String(required=True, validate=validate.OneOf(WEB_STATUSES))


class ProfileSchema(ma.Schema):
    answer = fields.Dict(keys=fields.String(), values=_answer_value(), required=True)
    document_answer = fields.Dict(keys=fields.String(), values=fields.Nested(DocumentAnswerSchema), required=True)
    username = fields.String(required=True)
    last_page = fields.String(
        required=True, allow_none=True, metadata={"description": "The page route saved last; null until the first save"}
    )
    successful_login = fields.List(
        fields.String(), required=True, metadata={"description": "ISO-8601 UTC time of every successful login"}
    )
    web_status = fields.List(
        fields.Nested(WebStatusEntrySchema),
        required=True,
        metadata={"description": "Every posted status, oldest first"},
    )
    reference = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "The application's reference, given at submission; null before",
            "example": "INTL-7K2Q9MXA",
        },
    )
    submitted_at = fields.String(
        required=True, allow_none=True, metadata={"description": "ISO-8601 UTC time of the submission; null before"}
    )
    definition_version = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "The definition version the application is on (a draft: the current one; "
            "a submitted application: the one it was submitted on, for ever)"
        },
    )
    archived_answer = fields.Dict(keys=fields.String(), required=True, metadata={"description": ARCHIVED_DESCRIPTION})
    window = fields.String(
        required=True,
        validate=validate.OneOf(["open", "not_open", "closed"]),
        metadata={"description": "The application window for this applicant (settings.window, any extension)"},
    )


class LastPageSchema(_Body):
    last_page = fields.String(
        required=True,
        validate=validate.Length(min=1, max=300),
        metadata={"description": "A page route of the form", "example": "/about"},
    )


class WebStatusSchema(_Body):
    web_status = fields.String(required=True, validate=validate.OneOf(WEB_STATUSES))


class WebStatusResponseSchema(ma.Schema):
    message = fields.String(required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(("none", *WEB_STATUSES)),
        metadata={"description": "Derived from the number of distinct statuses"},
    )
    web_status = fields.List(fields.Nested(WebStatusEntrySchema), required=True)


class ValidationsSchema(_Body):
    errors = fields.Dict(
        keys=fields.String(validate=validate.Length(min=1, max=200)),
        values=fields.List(
            fields.String(validate=validate.Length(max=1000)), validate=validate.Length(max=MAX_VALIDATION_MESSAGES)
        ),
        required=True,
        validate=validate.Length(max=MAX_VALIDATION_KEYS),
        metadata={"description": "The client's validation errors: answer key -> messages"},
    )
    page = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=300),
        metadata={"description": "The page route validated, if one"},
    )


class SubmitResponseSchema(ma.Schema):
    message = fields.String(required=True)
    submitted_at = fields.String(required=True, metadata={"description": "ISO-8601 UTC"})
    reference = fields.String(required=True, metadata={"description": "The application's reference"})


class ErrorMapSchema(ma.Schema):
    message = fields.String(required=True)
    errors = _errors_map(
        metadata={"description": "Answer key (or field) -> messages (absent when the body as a whole is wrong)"}
    )


class AddAnotherPutSchema(_Body):
    button_id = fields.String(required=True, validate=validate.Length(min=1, max=200))
    num_components = fields.Integer(
        required=True,
        strict=True,
        metadata={"minimum": 1, "maximum": 10, "description": "At most the repeater's maximum in the definition"},
    )


class AddAnotherResponseSchema(ma.Schema):
    message = fields.String(required=True)
    button_id = fields.String(required=True)
    num_components = fields.Integer(required=True)
    cleared = _cleared()


class TabsPutSchema(_Body):
    tab_id = fields.String(required=True, validate=validate.Length(min=1, max=200))
    chosen_tab = fields.String(required=True, validate=validate.Length(min=1, max=200))


class TabsResponseSchema(ma.Schema):
    message = fields.String(required=True)
    cleared = _cleared()
