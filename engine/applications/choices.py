"""Add-another counts and tab choices: each saved with what the hiding rules clear because of it."""

from sqlalchemy import select

from engine import db
from engine.applications import current, hooks, messages
from engine.applications.current import compiled_form
from engine.applications.locking import _changed, _refused, _writable, lock
from engine.applications.models import Application

# --- add-another and tabs --------------------------------------------------------------


def add_another_counts(account_id: int) -> dict[str, int]:
    stored = _stored(account_id, "add_another")
    return {button: stored.get(button, spec["default"]) for button, spec in compiled_form().data["add_another"].items()}


def set_add_another(account_id: int, button_id: str, num_components) -> list[str]:
    """Save a button's count; entries beyond it are hidden, so their answers (and documents) go.
    Returns the answer keys cleared."""
    buttons = compiled_form().data["add_another"]
    spec = _one_of(buttons, button_id, "button_id", messages.ADD_ANOTHER_UNKNOWN.format(buttons=", ".join(buttons)))
    whole = isinstance(num_components, int) and not isinstance(num_components, bool)
    if not whole or not 1 <= num_components <= spec["max"]:
        message = messages.ADD_ANOTHER_RANGE.format(button=button_id, max=spec["max"])
        raise _refused("num_components", message)
    return _settle_choice(account_id, "add_another", button_id, num_components)


def tab_choices(account_id: int) -> dict[str, str]:
    stored = _stored(account_id, "tabs")
    return {group: stored.get(group, spec["default"]) for group, spec in compiled_form().data["tabs"].items()}


def choose_tab(account_id: int, tab_id: str, chosen_tab: str) -> list[str]:
    """Save the choice; the other tabs' answers (and documents, and the tab's own `clears`) go.
    Returns the answer keys cleared."""
    groups = compiled_form().data["tabs"]
    group = _one_of(groups, tab_id, "tab_id", messages.TAB_GROUP_UNKNOWN.format(groups=", ".join(groups)))
    tabs = group["tabs"]
    _one_of(tabs, chosen_tab, "chosen_tab", messages.TAB_UNKNOWN.format(group=tab_id, tabs=", ".join(tabs)))
    return _settle_choice(account_id, "tabs", tab_id, chosen_tab)


def _one_of(table: dict, name: str, field: str, unknown: str):
    """table[name]; a 400 with the `unknown` message on the field when there is no such entry."""
    entry = table.get(name)
    if entry is None:
        raise _refused(field, unknown)
    return entry


def _settle_choice(account_id: int, column: str, name: str, value) -> list[str]:
    """Save one add-another count or tab choice and what the hiding rules clear because of it, in
    one write; the documents of every file question hidden afterwards are removed."""
    visibility = compiled_form().visibility
    with db.transaction() as tx:
        application = _writable(lock(tx, account_id))
        setattr(application, column, {**getattr(application, column), name: value})
        counts, tabs = application.add_another, application.tabs
        settled = visibility.settle(application.answers, {}, counts, tabs, current.today())
        application.answers = settled.answers
        _changed(application)
        application_id = application.id
        hidden_files = visibility.hidden_files(settled.answers, counts, tabs)
    if hidden_files:
        hooks.remove_documents(application_id, sorted(hidden_files))
    return settled.cleared


def _stored(account_id: int, column: str) -> dict:
    value = db.session().scalar(select(getattr(Application, column)).where(Application.account_id == account_id))
    return value or {}
