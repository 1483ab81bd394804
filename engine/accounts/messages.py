"""Every text the accounts API answers with, in one place ({wait} is a human duration)."""

from engine.definition.catalogue import TenantWords, fill, tenant_text

# Developers' English: the sign-in pages always send a JSON object with the fields they expect.
NOT_JSON = "Requests must be sent as JSON (Content-Type: application/json)."
BAD_JSON = "The request body is not valid JSON."
NOT_OBJECT = "The request body must be a JSON object."
STUDENT_ANSWERS_INVALID = (
    "studentAnswers must be a map of answer keys to values (text, numbers, true/false or lists of text)."
)


def human_wait(seconds: int) -> str:
    """3 -> '3 seconds', 61 -> '2 minutes', 7200 -> '2 hours' (always rounded up), in the tenant's words."""
    seconds = max(1, int(seconds))
    minutes = -(-seconds // 60)
    hours = -(-minutes // 60)
    count, unit = (seconds, "second") if seconds < 60 else (minutes, "minute") if minutes < 60 else (hours, "hour")
    return fill(tenant_text(f"wait_{unit}" if count == 1 else f"wait_{unit}s"), {"n": count})


# Read as the served tenant's wording (engine/definition/texts.yaml, a tenant's `texts:`).
_IDS = {
    "SIGNUP_OK": "account_signup_ok",
    "CONFIRM_OK": "account_confirm_ok",
    "CONFIRM_ALREADY": "account_confirm_already",
    "CONFIRM_WRONG": "account_confirm_wrong",
    "CONFIRM_DEAD": "account_confirm_dead",
    "CONFIRM_DAY_LIMIT": "account_confirm_day_limit",
    "CODE_FORMAT": "account_code_format",
    "RESEND_OK": "account_resend_ok",
    "RESEND_MINUTE_LIMIT": "account_resend_minute_limit",
    "RESEND_DAY_LIMIT": "account_resend_day_limit",
    "LOGIN_OK": "account_login_ok",
    "LOGIN_WRONG": "account_login_wrong",
    "LOGIN_UNCONFIRMED": "account_login_unconfirmed",
    "LOGIN_BACKOFF": "account_login_backoff",
    "LOGIN_IP_LIMIT": "account_login_ip_limit",
    "LOGIN_UNLOCK_HINT": "account_login_unlock_hint",
    "UNLOCK_TITLE": "account_unlock_title",
    "UNLOCK_TEXT": "account_unlock_text",
    "UNLOCK_BUTTON": "account_unlock_button",
    "UNLOCK_INVALID": "account_unlock_invalid",
    "FORGOT_OK": "account_forgot_ok",
    "FORGOT_LIMIT": "account_forgot_limit",
    "RESET_OK": "account_reset_ok",
    "RESET_INVALID": "account_reset_invalid",
    "RESET_ID_REQUIRED": "account_reset_id_required",
    "ABUSE_LIMIT": "account_abuse_limit",
    "MAIL_IP_LIMIT": "account_mail_ip_limit",
    "SESSION_EXPIRED": "account_session_expired",
    "CROSS_ORIGIN": "account_cross_origin",
    "PASSWORD_RULES": "password_rules_heading",
    "LOGOUT_OK": "shell_logged_out_text",
    "SESSION_INVALID": "shell_session_invalid",
    "SESSION_IDLE": "idle_logged_out",
    "EMAIL_INVALID": "auth_email_invalid",
    "EMAIL_INVALID_LOGIN": "auth_login_email_invalid",
    "EMAIL_INVALID_RESEND": "auth_resend_email_invalid",
    "PASSWORD_REQUIRED": "auth_password_required",
}
__getattr__ = TenantWords(__name__, _IDS)
