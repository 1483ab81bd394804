"""Dates relative to today, as authors write them in date rules: `today`, `today - 16y`,
`today + 3m`, `today - 2w - 3d`, or a fixed date `2025-01-15`.

`parse_when` turns the text into a bound spec ({years, months, days} from today, or {date});
`bound_date` evaluates one on a given day. The client evaluates the same specs the same way
(client/src/form/validation/keywords.js dateBound): years, then months (the day kept, or the
month's last day when it has fewer), then days.
"""

import calendar
import datetime as dt
import re

_TERM = re.compile(r"\s*([+-])\s*(\d{1,4})\s*([ymwd])\s*")
_UNITS = {"y": "years", "m": "months", "w": "days", "d": "days"}
WHEN_HELP = "write today, today - 16y, today + 6m, today - 2w or today + 30d (y, m, w, d), or a date YYYY-MM-DD"


def parse_when(text) -> dict | None:
    """The bound spec for an author's text, or None when it cannot be read."""
    if not isinstance(text, str):
        return None
    text = text.strip().lower()
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        try:
            dt.date.fromisoformat(text)
        except ValueError:
            return None
        return {"date": text}
    if not text.startswith("today"):
        return None
    rest, spec = text[len("today") :], {"years": 0, "months": 0, "days": 0}
    while rest.strip():
        match = _TERM.match(rest)
        if not match:
            return None
        sign, amount, unit = match.groups()
        value = int(amount) * (7 if unit == "w" else 1) * (-1 if sign == "-" else 1)
        spec[_UNITS[unit]] += value
        rest = rest[match.end() :]
    return spec


def shift(day: dt.date, years: int = 0, months: int = 0, days: int = 0) -> dt.date:
    """Years, then months (the day kept, or the month's last day), then days."""
    total = (day.year + years) * 12 + (day.month - 1) + months
    year, month = divmod(total, 12)
    month += 1
    shifted = dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))
    return shifted + dt.timedelta(days=days)


def bound_date(today: dt.date, spec: dict) -> dt.date:
    if "date" in spec:
        return dt.date.fromisoformat(spec["date"])
    return shift(today, spec.get("years", 0), spec.get("months", 0), spec.get("days", 0))


def describe(spec: dict) -> str:
    if "date" in spec:
        return spec["date"]
    terms = [(spec.get(unit, 0), unit[0]) for unit in ("years", "months", "days")]
    text = "today" + "".join(f" {'+' if n > 0 else '-'} {abs(n)}{u}" for n, u in terms if n)
    return text
