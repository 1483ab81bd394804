"""Every text the accounts API answers with, in one place ({wait} is a human duration)."""

SIGNUP_OK = (
    "Thank you for signing up. We have e-mailed you a 6-digit confirmation code: enter it to confirm your account."
)
CONFIRM_OK = "Your account has been confirmed. Please log in."
CONFIRM_ALREADY = "Your account is already confirmed. Please log in."
CONFIRM_WRONG = "The confirmation code is incorrect or has expired."
CONFIRM_DEAD = "This confirmation code was entered incorrectly too many times. Please ask for a new one."
CONFIRM_DAY_LIMIT = "Too many incorrect confirmation codes. Please try again in {wait}."
CODE_FORMAT = "The confirmation code must be exactly 6 numbers."
RESEND_OK = (
    "If an account for this email address is waiting to be confirmed, we have e-mailed it a new confirmation code."
)
RESEND_MINUTE_LIMIT = "A code was sent less than a minute ago. Please wait {wait} before asking for another one."
RESEND_DAY_LIMIT = "You have asked for too many confirmation codes today. Please try again in {wait}."
LOGIN_OK = "You are logged in."
LOGIN_WRONG = "The email address or password is incorrect."
LOGIN_UNCONFIRMED = (
    "Your account has not been confirmed yet. Please enter the confirmation code we e-mailed you, or ask for a new one."
)
LOGIN_BACKOFF = "Too many failed login attempts for this account. Please wait {wait} and try again."
LOGIN_IP_LIMIT = "Too many failed login attempts from your network. Please try again in {wait}."
FORGOT_OK = (
    "If an account exists for this email address, we have e-mailed it a link to reset "
    "the password. The link works for one hour."
)
FORGOT_LIMIT = "Too many password reset requests for this email address. Please try again in {wait}."
RESET_OK = "Your password has been reset. Please log in with your new password."
RESET_INVALID = "This password reset link is invalid or has expired. Please ask for a new one."
RESET_ID_REQUIRED = "The password reset link is incomplete. Please open the link from the e-mail again."
ABUSE_LIMIT = "Too many requests of this kind. Please try again in {wait}."
MAIL_IP_LIMIT = "Too many requests from your network. Please try again in {wait}."
LOGOUT_OK = "You have been logged out."
SESSION_INVALID = "Your session is invalid. Please clear your cookies and login again."
SESSION_IDLE = "You have been automatically logged out due to inactivity."
SESSION_EXPIRED = "Your session has expired. Please log in again."
NOT_JSON = "Requests must be sent as JSON (Content-Type: application/json)."
CROSS_ORIGIN = "Cross-origin requests are not allowed."
BAD_JSON = "The request body is not valid JSON."
NOT_OBJECT = "The request body must be a JSON object."
STUDENT_ANSWERS_INVALID = (
    "studentAnswers must be a map of answer keys to values (text, numbers, true/false or lists of text)."
)


def human_wait(seconds: int) -> str:
    """3 -> '3 seconds', 61 -> '2 minutes', 7200 -> '2 hours' (always rounded up)."""
    seconds = max(1, int(seconds))
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = -(-seconds // 60)
    if minutes < 60:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = -(-minutes // 60)
    return f"{hours} hour{'s' if hours != 1 else ''}"
