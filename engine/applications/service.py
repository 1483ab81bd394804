"""Application data: plain functions for the routes, the CLI, tests and other domains.

This module is the domain's one entry point; the functions live in modules by concern:
- `locking`: the applicant's one application row, locked for the whole transaction of every write
  (SELECT ... FOR UPDATE on PostgreSQL; on SQLite the transaction's first statement is a write,
  which takes the database's write lock the way BEGIN IMMEDIATE does), so concurrent saves queue up
  instead of overwriting each other, and a write racing a submit either lands before it or is
  refused after it;
- `saving`: the profile and the regular save of answers under the form's hiding rules;
- `autosave`: the hot paths' one-statement saves (the autosave's merge, PostgreSQL's autosave
  without a transaction, the last page);
- `submit`: web status, validations, the submit and its reference and receipt;
- `choices`: add-another counts and tab choices;
- `current`: the tenant's compiled form and today's date (tests replace `current.today`).

For other domains:
- `application_for(account_id)` -> Application (created on first use);
- `application_id_for(account_id)` -> its id;
- `is_submitted(application_id)`; `ensure_open(application_id)` raises 409 once submitted;
- `set_answer(application_id, key, value)` for a system write such as the documents
  worker's ANSWERED marker (no submitted check; the key must be in the data model);
- `reference_for(application_id)` -> the submitted application's reference (None for a draft).
"""

from engine.applications.autosave import autosave, save_last_page
from engine.applications.choices import add_another_counts, choose_tab, set_add_another, tab_choices
from engine.applications.current import compiled_form
from engine.applications.locking import (
    application_for,
    application_id_for,
    ensure_open,
    ensure_shown,
    is_submitted,
    lock,
    lock_by_id,
    set_answer,
)
from engine.applications.saving import check_answers, profile, save_answers
from engine.applications.submit import (
    DERIVED_STATUS,
    WEB_STATUSES,
    answers_for_validation,
    derived_status,
    iso_utc,
    post_web_status,
    receipt_time,
    reference_for,
    save_validations,
    submit,
    web_status_of,
)

__all__ = [
    "DERIVED_STATUS",
    "WEB_STATUSES",
    "add_another_counts",
    "answers_for_validation",
    "application_for",
    "application_id_for",
    "autosave",
    "check_answers",
    "choose_tab",
    "compiled_form",
    "derived_status",
    "ensure_open",
    "ensure_shown",
    "is_submitted",
    "iso_utc",
    "lock",
    "lock_by_id",
    "post_web_status",
    "profile",
    "receipt_time",
    "reference_for",
    "save_answers",
    "save_last_page",
    "save_validations",
    "set_add_another",
    "set_answer",
    "submit",
    "tab_choices",
    "web_status_of",
]
