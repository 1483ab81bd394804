"""Every text the applications API answers with, in one place."""

from engine.definition.catalogue import TenantWords

# Developers' English, naming the API's fields: the form never sends a value outside these lists
# unless it is broken, and it words its own failure of a tab or an entry (error_tabs, error_add_another).
LAST_PAGE_UNKNOWN = "last_page must be one of the form's pages: {routes}."
WEB_STATUS_UNKNOWN = "web_status must be one of: {statuses}."
ADD_ANOTHER_UNKNOWN = "button_id must be one of: {buttons}."
ADD_ANOTHER_RANGE = "num_components for {button} must be a whole number from 1 to {max}."
TAB_GROUP_UNKNOWN = "tab_id must be one of: {groups}."
TAB_UNKNOWN = "chosen_tab for {group} must be one of: {tabs}."


# Read as the served tenant's wording (engine/definition/texts.yaml, a tenant's `texts:`).
_IDS = {
    "SUBMITTED": "submitted_message",
    "SUBMIT_INVALID": "application_submit_invalid",
    "ALREADY_SUBMITTED": "application_already_submitted",
    "WINDOW_NOT_OPEN": "window_not_open",
    "WINDOW_CLOSED": "window_closed",
    "QUESTION_HIDDEN": "application_question_hidden",
    "DRAFT_SAVED": "application_draft_saved",
    "DRAFT_NOT_FOUND": "application_draft_not_found",
    "DRAFT_EMAIL_INVALID": "auth_email_invalid",
    "DRAFT_LIMIT": "application_draft_limit",
    "ANSWERS_SAVED": "application_answers_saved",
    "ANSWERS_INVALID": "application_answers_invalid",
    "UNKNOWN_KEY": "application_unknown_key",
    "NOT_TEXT": "application_answer_not_text",
    "NOT_BOOLEAN": "application_answer_not_boolean",
    "NOT_NUMBER": "application_answer_not_number",
    "TOO_LONG": "application_answer_too_long",
    "BAD_CHARACTERS": "application_answer_bad_characters",
    "ONE_LINE": "application_answer_one_line",
    "LAST_PAGE_SAVED": "application_place_saved",
    "WEB_STATUS_SAVED": "application_status_saved",
    "WEB_STATUS_NOT_SUBMITTED": "application_not_submitted",
    "VALIDATIONS_SAVED": "application_validations_saved",
    "ADD_ANOTHER_SAVED": "application_entries_saved",
    "TABS_SAVED": "application_tab_saved",
    "SERVICE_TOKEN_INVALID": "service_link_invalid",
    "SERVICE_DOCUMENT_NOT_FOUND": "service_document_not_found",
}
__getattr__ = TenantWords(__name__, _IDS)
