"""The profile and the regular save of answers: a visitor's kept answers joining the application,
an earlier version's keys sorted out, and the merge under the form's hiding rules in one write."""

from sqlalchemy.orm import Session

from engine import db, versions
from engine.accounts.models import Account
from engine.accounts.service import pop_pending_answers, successful_logins
from engine.applications import current, drafts, hooks, messages, window
from engine.applications.answers import MAX_REPORTED, answer_problems, shown_key, usable_answers
from engine.applications.autosave import _merge_in_database, _remove_hidden_documents
from engine.applications.current import compiled_form
from engine.applications.locking import _TABLE, _changed, _lock_row, _update_row, application_for, lock
from engine.applications.submit import _web_statuses, iso_utc, reference_for
from engine.errors import AppError

# --- profile and answers ---------------------------------------------------------------


def profile(account: Account) -> dict:
    """The profile; a visitor's answers kept at sign-up/login join the application first."""
    if account.pending_answers and window.open_for_all():  # a closed window takes no new answers
        _take_pending_answers(account)
    application = application_for(account.id)
    version_id, _ = versions.current()
    if not application.is_submitted and application.definition_version != version_id:
        with db.transaction() as tx:  # a draft moves to the current version when it is loaded
            application = lock(tx, account.id)
    return {
        "answer": application.answers,
        "document_answer": hooks.document_answers(application.id),
        "username": account.username,
        "last_page": application.last_page,
        "successful_login": successful_logins(account.id),
        "web_status": [{"web_status": status} for status in _web_statuses(application.id)],
        "reference": reference_for(application.id) if application.is_submitted else None,
        "submitted_at": iso_utc(application.submitted_at),
        "definition_version": application.definition_version,
        "archived_answer": application.archived_answers or {},
        # The application window for this applicant: open, not_open or closed (the form says so).
        "window": window.state_of(lambda: application.extended_until),
    }


def _take_pending_answers(account: Account) -> None:
    compiled = compiled_form()
    with db.transaction() as tx:
        application = lock(tx, account.id)
        pending, stale = _pending_for(tx, compiled, pop_pending_answers(account))
        if stale and not application.is_submitted:
            application.archived_answers = drafts.archive_stale(application.archived_answers, stale)
            _changed(application)
        if pending and not application.is_submitted:
            counts, tabs = application.add_another, application.tabs
            application.answers = compiled.visibility.settle(
                application.answers, pending, counts, tabs, current.today()
            ).answers
            _changed(application)


def _pending_for(session: Session, compiled, pending: dict) -> tuple[dict, dict]:
    """A visitor's answers kept at sign-up or login, for the current version: (the usable answers,
    renamed keys moved to their new key; an earlier version's answers to archive). What no version
    knows, or cannot be stored, is dropped, as before versions."""
    if all(key in compiled.data_model for key in pending):
        return usable_answers(compiled.data_model, pending), {}
    kept, stale, _unknown = drafts.stale_keys(pending, compiled, drafts.stored_versions(session))
    usable = {}
    for key, (value, version) in stale.items():
        for usable_key, usable_value in usable_answers(version.data_model, {key: value}).items():
            usable[usable_key] = (usable_value, version)
    return usable_answers(compiled.data_model, kept), usable


def check_answers(answers: dict) -> None:
    problems = answer_problems(compiled_form().data_model, answers)
    if problems:
        raise AppError(messages.ANSWERS_INVALID.format(keys=", ".join(problems)), 400, errors=problems)


def _sort_out(answers: dict, compiled) -> tuple[dict, dict]:
    """A save's answers for the current version: (the answers to store, with an earlier version's
    renamed keys moved to their new key; {key: (value, version)} of an earlier version's keys, to
    archive). 400 naming every key no version ever had and every value that cannot be stored."""
    if all(key in compiled.data_model for key in answers):
        problems = answer_problems(compiled.data_model, answers)
        if problems:
            raise AppError(messages.ANSWERS_INVALID.format(keys=", ".join(problems)), 400, errors=problems)
        return answers, {}
    kept, stale, unknown = drafts.stale_keys(answers, compiled, drafts.stored_versions(db.session()))
    problems = {shown_key(key): [messages.UNKNOWN_KEY] for key in unknown[:MAX_REPORTED]}
    problems.update(answer_problems(compiled.data_model, kept))
    problems.update(drafts.stale_problems(stale))
    if problems:
        raise AppError(messages.ANSWERS_INVALID.format(keys=", ".join(problems)), 400, errors=problems)
    return kept, stale


def save_answers(account_id: int, answers: dict) -> list[str]:
    """Merge the answers into the stored ones under the form's hiding rules, in one write; returns
    the answer keys the rules cleared (sent in this save or stored before)."""
    version_id, compiled = versions.current()
    sent = answers
    # A page still showing an earlier version saves its keys too: renamed ones move, others are archived.
    answers, stale = _sort_out(sent, compiled)
    with db.transaction() as tx:
        merged = answers and not stale and not compiled.visibility.touches(answers) and window.open_for_all()
        if merged and _merge_in_database(tx, account_id, answers, version_id):
            return []  # nothing in the save can hide, show or change a rule's outcome
        # The rules need the stored answers (or there is no open row: create it, or 409 once submitted).
        row = _lock_row(
            tx, account_id, _TABLE.c.answers, _TABLE.c.add_another, _TABLE.c.tabs, _TABLE.c.archived_answers
        )
        window.ensure_writable(lambda: row.extended_until)
        if row.definition_version != version_id:
            # A newer version was published (and this draft moved to it) since this save began.
            compiled = versions.get(row.definition_version)
            answers, stale = _sort_out(sent, compiled)
        settled = compiled.visibility.settle(row.answers, answers, row.add_another, row.tabs, current.today())
        values = {}
        if answers or settled.cleared:
            values["answers"] = settled.answers
        if stale:
            values["archived_answers"] = drafts.archive_stale(row.archived_answers, stale)
        if values:
            _update_row(tx, row.id, **values)
    _remove_hidden_documents(compiled, row, settled)
    return settled.cleared
