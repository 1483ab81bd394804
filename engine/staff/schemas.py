"""Bodies and answers of the staff API (read-only), described for the OpenAPI document."""

import marshmallow as ma
from marshmallow import fields, validate

from engine.accounts.passwords import MAX_LENGTH
from engine.exports.service import FORMATS
from engine.exports.service import STATUSES as EXPORT_STATUSES
from engine.staff.listing import MAX_PER_PAGE, PER_PAGE, STATUSES
from engine.staff.models import ROLES


class SessionPostSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    email = fields.String(required=True, validate=validate.Length(min=1, max=254))
    password = fields.String(required=True, validate=validate.Length(min=1, max=MAX_LENGTH))
    code = fields.String(
        required=True, validate=validate.Length(min=1, max=20), metadata={"description": "The authenticator's 6 digits"}
    )


class SessionSchema(ma.Schema):
    message = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(("staff", "token")))
    name = fields.String(required=True, metadata={"description": "The member's or the token's name"})
    email = fields.String(required=True, allow_none=True, metadata={"description": "Null for a token"})
    role = fields.String(
        required=True, validate=validate.OneOf(ROLES), metadata={"description": "The highest role held"}
    )
    expires_at = fields.String(required=True, metadata={"description": "ISO-8601 UTC"})


class ExportQuerySchema(ma.Schema):
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    status = fields.String(load_default="submitted", validate=validate.OneOf(EXPORT_STATUSES))
    since = fields.NaiveDateTime(
        load_default=None, metadata={"description": "Submitted (with status all: changed) from then"}
    )
    labels = fields.Boolean(load_default=False)


class DeliverySchema(ma.Schema):
    kind = fields.String(required=True)
    target = fields.String(required=True)
    state = fields.String(required=True)
    attempts = fields.Integer(required=True)
    last_error = fields.String(required=True, allow_none=True)
    next_attempt_at = fields.String(required=True, allow_none=True)
    delivered_at = fields.String(required=True, allow_none=True)


class DeliveriesSchema(ma.Schema):
    items = fields.List(fields.Nested(DeliverySchema), required=True)


class ListQuerySchema(ma.Schema):
    q = fields.String(
        load_default="",
        validate=validate.Length(max=200),
        metadata={"description": "Words each found in the reference, the name or the e-mail address"},
    )
    answers = fields.String(
        load_default="",
        validate=validate.Length(max=200),
        metadata={"description": "Words each found in some answer value (a city, a school, a country)"},
    )
    status = fields.String(load_default="all", validate=validate.OneOf(STATUSES))
    version = fields.String(
        load_default="",
        validate=validate.Length(max=64),
        metadata={"description": "A definition version's id, or its start"},
    )
    submitted_from = fields.Date(load_default=None, metadata={"description": "Submitted on or after (UTC day)"})
    submitted_to = fields.Date(load_default=None, metadata={"description": "Submitted on or before (UTC day)"})
    language = fields.String(
        load_default="",
        validate=validate.Length(max=35),
        metadata={"description": "A language of the form (BCP 47): the applications in it"},
    )
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=1_000_000))
    per_page = fields.Integer(load_default=PER_PAGE, validate=validate.Range(min=1, max=MAX_PER_PAGE))


class UndeliveredSchema(ma.Schema):
    failed = fields.Integer(required=True)
    pending = fields.Integer(required=True)


class ApplicationRowSchema(ma.Schema):
    id = fields.Integer(required=True)
    reference = fields.String(required=True, allow_none=True, metadata={"description": "Null for a draft"})
    name = fields.String(required=True, metadata={"description": "From the tenant's settings.applicant_name keys"})
    email = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(("none", "started", "validating", "submitted")))
    submitted_at = fields.String(required=True, allow_none=True, metadata={"description": "ISO-8601 UTC"})
    updated_at = fields.String(required=True, metadata={"description": "ISO-8601 UTC"})
    definition_version = fields.String(required=True, allow_none=True)
    language = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "BCP 47: submitted in (a draft: the account's); null for a form in one language"},
    )
    deliveries = fields.Nested(
        UndeliveredSchema,
        allow_none=True,
        metadata={"description": "For exporters: deliveries failed, and pending (still tried); null for readers"},
    )


class ListDatesSchema(ma.Schema):
    date_style = fields.String(required=True, validate=validate.OneOf(("long", "medium", "short")))
    time_zone = fields.String(required=True, metadata={"description": "IANA name: the times are read in it"})


class ApplicationPageSchema(ma.Schema):
    items = fields.List(fields.Nested(ApplicationRowSchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    per_page = fields.Integer(required=True)
    pages = fields.Integer(required=True)
    dates = fields.Nested(ListDatesSchema, required=True, metadata={"description": "The form's date settings"})
    languages = fields.List(
        fields.String(), required=True, metadata={"description": "The form's languages, its default first"}
    )


class AuditQuerySchema(ma.Schema):
    reference = fields.String(load_default="", validate=validate.Length(max=50))
    staff = fields.String(load_default="", validate=validate.Length(max=254), metadata={"description": "An e-mail"})
    since = fields.NaiveDateTime(load_default=None)
    limit = fields.Integer(load_default=200, validate=validate.Range(min=1, max=1000))


class AuditActorSchema(ma.Schema):
    kind = fields.String(required=True, validate=validate.OneOf(("staff", "token", "system")))
    id = fields.Integer(required=True, allow_none=True)
    label = fields.String(required=True, metadata={"description": "The staff e-mail or the token's name"})


class AuditEntrySchema(ma.Schema):
    id = fields.Integer(required=True)
    at = fields.String(required=True)
    actor = fields.Nested(AuditActorSchema, required=True)
    action = fields.String(required=True)
    application_id = fields.Integer(required=True, allow_none=True)
    reference = fields.String(required=True, allow_none=True)
    ip = fields.String(required=True, allow_none=True)
    user_agent = fields.String(required=True, allow_none=True)
    detail = fields.Dict(required=True, allow_none=True)


class AuditPageSchema(ma.Schema):
    items = fields.List(fields.Nested(AuditEntrySchema), required=True)


class MemberSchema(ma.Schema):
    id = fields.Integer(required=True)
    email = fields.String(required=True)
    name = fields.String(required=True)
    roles = fields.List(fields.String(validate=validate.OneOf(ROLES)), required=True)
    local = fields.Boolean(required=True, metadata={"description": "A local account (password and TOTP)"})
    last_sign_in_at = fields.String(required=True, allow_none=True)
    disabled = fields.Boolean(required=True)


class MembersSchema(ma.Schema):
    items = fields.List(fields.Nested(MemberSchema), required=True)


class MemberPutSchema(ma.Schema):
    roles = fields.List(fields.String(validate=validate.OneOf(ROLES)), validate=validate.Length(min=1))
    disabled = fields.Boolean(validate=validate.Equal(True), metadata={"description": "Only true: disabling"})


class TokenSchema(ma.Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    scope = fields.String(required=True, validate=validate.OneOf(("read", "export")))
    state = fields.String(required=True, validate=validate.OneOf(("live", "expired", "revoked")))
    expires_at = fields.String(required=True)
    last_used_at = fields.String(required=True, allow_none=True)


class TokensSchema(ma.Schema):
    items = fields.List(fields.Nested(TokenSchema), required=True)


class SignInOptionsSchema(ma.Schema):
    local = fields.Boolean(required=True, metadata={"description": "Staff accounts with a password and TOTP"})
    oidc = fields.Boolean(required=True, metadata={"description": "The institution's identity provider"})


class SignOutSchema(ma.Schema):
    message = fields.String(required=True)
    logout_url = fields.String(
        allow_none=True, metadata={"description": "The identity provider's sign-out, to end its session too"}
    )
