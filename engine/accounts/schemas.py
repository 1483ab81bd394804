"""Request and response bodies of the accounts API.

Fields only check types here; the service checks meaning (e-mail pattern, password
rules) so that every problem comes back at once with the spec's messages.
"""

import marshmallow as ma
from marshmallow import fields

from engine.accounts import messages
from engine.jsonio import encodes

MAX_ANSWER_KEYS = 2000
MAX_ANSWER_KEY_LENGTH = 200
MAX_ANSWER_TEXT = 10000


def _text(text_id: str, **metadata) -> fields.String:
    """A required string whose every problem (missing, null, not a string) reads the text `text_id`
    (the parser puts it in the served tenant's words when it answers)."""
    return fields.String(
        required=True,
        metadata=metadata,
        error_messages={"required": text_id, "null": text_id, "invalid": text_id, "invalid_utf8": text_id},
    )


class StudentAnswers(fields.Dict):
    """An anonymous visitor's answers: answer key -> text, number, true/false, null or a list of text."""

    def __init__(self, **kwargs):
        super().__init__(
            keys=fields.String(),
            values=fields.Raw(),
            load_default=None,
            allow_none=True,
            metadata={"description": "A visitor's answers made before logging in (answer key -> value)"},
            **kwargs,
        )

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict) or len(value) > MAX_ANSWER_KEYS:
            raise ma.ValidationError(messages.STUDENT_ANSWERS_INVALID)
        for key, answer in value.items():
            key_ok = isinstance(key, str) and 0 < len(key) <= MAX_ANSWER_KEY_LENGTH and _text_ok(key)
            if not key_ok or not _plain_answer(answer):
                raise ma.ValidationError(messages.STUDENT_ANSWERS_INVALID)
        return dict(value)


def _plain_answer(answer) -> bool:
    if answer is None or isinstance(answer, (bool, int, float)):
        return True
    if isinstance(answer, str):
        return _text_ok(answer)
    if isinstance(answer, list):
        return len(answer) <= 100 and all(isinstance(item, str) and _text_ok(item) for item in answer)
    return False


def _text_ok(text: str) -> bool:
    """Short enough, and storable: a lone surrogate ("\\ud800") is legal JSON but not UTF-8."""
    return len(text) <= MAX_ANSWER_TEXT and encodes(text)


class _Body(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE


class SignupSchema(_Body):
    username = _text("auth_email_invalid", description="An e-mail address", example="ada@example.com")
    password = _text("auth_password_required", description="A new password (see GET /public/password-rules)")
    studentAnswers = StudentAnswers()


class LoginSchema(_Body):
    username = _text("auth_login_email_invalid", example="ada@example.com")
    password = _text("auth_password_required")
    studentAnswers = StudentAnswers()


class ConfirmSchema(_Body):
    username = _text("auth_email_invalid")
    code = _text("account_code_format", description="The 6-digit code from the e-mail", example="042917")


class ResendConfirmSchema(_Body):
    username = _text("auth_resend_email_invalid")


class ForgotPasswordSchema(_Body):
    username = _text("auth_email_invalid")


class ResetPasswordSchema(_Body):
    username = _text("auth_email_invalid")
    id = _text("account_reset_id_required", description="The token from the e-mailed link")
    password = _text("auth_password_required")
    confirm_password = _text("auth_passwords_must_match")


def _signed_in_language() -> fields.String:
    """What a sign-in (a login, or a code that signs the account in) answers of the language."""
    description = "The account's language, which this browser now reads (null: one language)"
    return fields.String(allow_none=True, metadata={"description": description})


class LoginResponseSchema(ma.Schema):
    message = fields.String(required=True)
    username = fields.String(required=True)
    num_logins = fields.Integer(required=True, metadata={"description": "Successful logins, this one included"})
    language = _signed_in_language()


class ConfirmResponseSchema(ma.Schema):
    message = fields.String(required=True)
    username = fields.String(metadata={"description": "Present when the code signed the account in"})
    num_logins = fields.Integer(metadata={"description": "Successful logins, this one included"})
    language = _signed_in_language()


class UnconfirmedSchema(ma.Schema):
    message = fields.String(required=True)
    reason = fields.String(metadata={"description": '"unconfirmed": offer "Resend confirmation code?"'})


class TooManySchema(ma.Schema):
    message = fields.String(required=True)
    retry_after = fields.Integer(
        required=True, metadata={"description": "Seconds to wait (also the Retry-After header)"}
    )


class PasswordRuleSchema(ma.Schema):
    id = fields.String(required=True)
    message = fields.String(required=True)


class PasswordRulesSchema(ma.Schema):
    message = fields.String(required=True)
    min_length = fields.Integer(required=True)
    max_length = fields.Integer(required=True)
    special_characters = fields.String(required=True)
    rules = fields.List(fields.Nested(PasswordRuleSchema), required=True)
    match_message = fields.String(required=True)


class UnlockSchema(ma.Schema):
    """The e-mailed unlock link's token (engine/accounts/devices.py): in its query, then in the page's form."""

    token = fields.String(load_default=None, allow_none=True, metadata={"description": "The link's signed token"})
