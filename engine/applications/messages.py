"""Every text the applications API answers with, in one place."""

from engine.definition.catalogue import TenantWords

ANSWERS_SAVED = "Your answers have been saved."
ANSWERS_INVALID = "Some answers could not be saved: {keys}. Nothing was saved."
UNKNOWN_KEY = "This is not a question of this form."
NOT_TEXT = "The answer must be text."
NOT_BOOLEAN = "The answer must be true or false."
TOO_LONG = "The answer is longer than {limit} characters."
BAD_CHARACTERS = "The answer contains characters that cannot be stored."
LAST_PAGE_SAVED = "Your place has been saved."
LAST_PAGE_UNKNOWN = "last_page must be one of the form's pages: {routes}."
WEB_STATUS_SAVED = "Status saved."
WEB_STATUS_UNKNOWN = "web_status must be one of: {statuses}."
WEB_STATUS_NOT_SUBMITTED = "The application has not been submitted yet: submit it first."
VALIDATIONS_SAVED = "Validation results saved."
ADD_ANOTHER_SAVED = "Saved."
ADD_ANOTHER_UNKNOWN = "button_id must be one of: {buttons}."
ADD_ANOTHER_RANGE = "num_components for {button} must be a whole number from 1 to {max}."
TABS_SAVED = "Tab choice saved."
TAB_GROUP_UNKNOWN = "tab_id must be one of: {groups}."
TAB_UNKNOWN = "chosen_tab for {group} must be one of: {tabs}."
SERVICE_TOKEN_INVALID = "This service link is invalid, has expired or was revoked."
SERVICE_DOCUMENT_NOT_FOUND = "This application has no document for that question."
BAD_JSON = "The request body is not valid JSON."


# Read as the served tenant's wording (engine/definition/texts.yaml, a tenant's `texts:`).
_IDS = {
    "SUBMITTED": "submitted_message",
    "SUBMIT_INVALID": "application_submit_invalid",
    "ALREADY_SUBMITTED": "application_already_submitted",
    "QUESTION_HIDDEN": "application_question_hidden",
    "DRAFT_SAVED": "application_draft_saved",
    "DRAFT_NOT_FOUND": "application_draft_not_found",
    "DRAFT_EMAIL_INVALID": "auth_email_invalid",
    "DRAFT_LIMIT": "application_draft_limit",
}
__getattr__ = TenantWords(__name__, _IDS)
