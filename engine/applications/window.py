"""The application window for one applicant: the form's `settings.window` (definition/window.py)
judged at the moment the request reached the server, with the deadline staff may have extended
for this applicant (`formengine extend`). Writes outside it are refused with the tenant's words."""

import datetime as dt
from collections.abc import Callable

from sqlalchemy import select

from engine import db
from engine.applications import current, messages
from engine.applications.models import Application
from engine.definition.window import CLOSED, NOT_OPEN, OPEN, Window
from engine.errors import AppError

_REFUSALS = {NOT_OPEN: "WINDOW_NOT_OPEN", CLOSED: "WINDOW_CLOSED"}


def _window() -> Window | None:
    return Window.of(current.compiled_form().data.get("settings"))


def open_for_all() -> bool:
    """True when the window (if any) is open for everyone now: the fast paths need not look further."""
    window = _window()
    return window is None or window.state(current.arrived()) == OPEN


def state_of(extended_until: Callable[[], dt.datetime | None]) -> str:
    """open, not_open or closed for one applicant; `extended_until` is read only once closed."""
    window = _window()
    if window is None:
        return OPEN
    arrived = current.arrived()
    state = window.state(arrived)
    if state == CLOSED:
        state = window.state(arrived, extended_until())
    return state


def ensure_writable(extended_until: Callable[[], dt.datetime | None]) -> None:
    """409 with the tenant's words when the window is not open for this applicant."""
    state = state_of(extended_until)
    if state != OPEN:
        raise AppError(getattr(messages, _REFUSALS[state]), 409)


def extension_of(application_id: int) -> Callable[[], dt.datetime | None]:
    return lambda: db.session().scalar(select(Application.extended_until).where(Application.id == application_id))
