"""The application window: `settings.window: {opens, closes, grace_minutes}`, local times read in
the tenant's `settings.time_zone` (UTC when it has none). Before `opens` the form is not open yet;
after `closes` (plus the grace, for a request that reached the server in time) drafts are read-only
and submit is refused, except for an applicant whose deadline staff extended.

Instants here are naive UTC, as the database stores them (accounts.models.utcnow)."""

import datetime as dt
import zoneinfo
from dataclasses import dataclass

from engine.definition.load.loader import LocDict
from engine.definition.problems import Problem

NOT_OPEN, OPEN, CLOSED = "not_open", "open", "closed"
LOCAL_FORMAT = "YYYY-MM-DDTHH:MM, a local time in settings.time_zone, e.g. 2027-03-31T17:00"
_PLACE = "tenant > settings > window"


def _zone(settings) -> dt.tzinfo:
    try:
        return zoneinfo.ZoneInfo(settings.get("time_zone") or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):  # reported by the time zone check
        return dt.UTC


def _local(text, zone: dt.tzinfo) -> dt.datetime | None:
    """The naive UTC instant of an author's local time, or None when it cannot be read."""
    try:
        moment = dt.datetime.fromisoformat(str(text))
    except ValueError:
        return None
    if moment.tzinfo is not None:
        return None  # the window has no zone of its own: settings.time_zone is the one
    return moment.replace(tzinfo=zone).astimezone(dt.UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class Window:
    opens: dt.datetime | None
    closes: dt.datetime | None
    grace: dt.timedelta

    @classmethod
    def of(cls, settings) -> "Window | None":
        """The window of a tenant's (or compiled form's) settings; None when it has none."""
        spec = (settings or {}).get("window")
        if not spec:
            return None
        zone = _zone(settings)
        opens = _local(spec["opens"], zone) if "opens" in spec else None
        closes = _local(spec["closes"], zone) if "closes" in spec else None
        return cls(opens, closes, dt.timedelta(minutes=spec.get("grace_minutes") or 0))

    def state(self, arrived: dt.datetime, extended_until: dt.datetime | None = None) -> str:
        """Where a request that reached the server at `arrived` stands, for an applicant whose
        deadline may be extended to `extended_until`."""
        if self.opens is not None and arrived < self.opens:
            return NOT_OPEN
        if self.closes is None or arrived < self.closes + self.grace:
            return OPEN
        if extended_until is not None and arrived < extended_until:
            return OPEN
        return CLOSED

    def days(self) -> list[tuple[str, dt.date]]:
        """The days the form's date rules should still hold on, ("opens", day) and ("closes", day):
        the UTC day of each instant (at most a day from the local one, enough for a warning)."""
        return [(name, moment.date()) for name, moment in (("opens", self.opens), ("closes", self.closes)) if moment]


def check_window(tenant, problems: list[Problem]) -> None:
    """Unreadable times, a time with a zone of its own, and `closes` not after `opens`."""
    settings = tenant.get("settings") or {}
    spec = settings.get("window") if isinstance(settings, LocDict) else None
    if not isinstance(spec, LocDict):
        return
    zone, moments = _zone(settings), dict[str, dt.datetime | None]()
    for name in ("opens", "closes"):
        if name in spec:
            moments[name] = _local(spec[name], zone)
            if moments[name] is None:
                message = f"window {name} {spec[name]!r} is not a local date and time the engine can read"
                problems.append(Problem(spec.where(name), "BAD_DATE", message, f"write {LOCAL_FORMAT}", _PLACE))
    opens, closes = moments.get("opens"), moments.get("closes")
    if opens is not None and closes is not None and closes <= opens:
        message = f"the window closes ({spec['closes']}) before it opens ({spec['opens']}): no one could apply"
        problems.append(
            Problem(spec.where("closes"), "IMPOSSIBLE_BOUND", message, "swap opens and closes, or fix one", _PLACE)
        )
