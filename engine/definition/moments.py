"""Dates and times as people read them, from CLDR data (Babel) for the form's language: a date
answer in the tenant's `settings.date_style` (long "March 14, 2008", medium "Mar 14, 2008", short
"3/14/08" in English), a moment in the tenant's `settings.time_zone` with the zone's abbreviation.
Stored values stay ISO; only what is drawn changes. The browser does the same with `Intl`
(client/src/widgets/moments.js), and tests/golden/dates.json keeps the two in step. A narrow no-break
space (CLDR's, before "PM") is written as a plain space on both sides: browsers differ in which of
the two they give."""

from __future__ import annotations

import datetime as dt
import functools
import re
import zoneinfo
from collections.abc import Mapping

from babel import Locale
from babel.dates import format_date, format_time, get_timezone_gmt, get_timezone_name

from engine.definition.catalogue import fill, fill_isolated
from engine.i18n.direction import cldr_locale

DEFAULT_STYLE = "long"
DEFAULT_ZONE = "UTC"
DEFAULT_LANGUAGE = "en"
_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


@functools.cache
def _locale(language: str) -> Locale:
    """CLDR's data for the language, looked up as the browser's Intl does (cldr_locale: the
    pseudo-language ar-XB reads Arabic's month names, "14 مارس 2026", in both); a language CLDR does
    not know at all, English."""
    return cldr_locale(language or DEFAULT_LANGUAGE) or Locale.parse(DEFAULT_LANGUAGE)


def zone_of(name: str | None) -> dt.tzinfo:
    """The IANA zone (validated by the definition's checks); UTC for none or one this machine lacks."""
    try:
        return zoneinfo.ZoneInfo(name or DEFAULT_ZONE)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return dt.UTC


class Moments:
    """How one form reads dates: its settings (language, date_style, time_zone) and its words."""

    def __init__(self, settings: Mapping | None, texts: Mapping[str, str]):
        settings = settings or {}
        self.locale = _locale(str(settings.get("language") or DEFAULT_LANGUAGE))
        self.style = str(settings.get("date_style") or DEFAULT_STYLE)
        self.zone = zone_of(settings.get("time_zone"))
        self.texts = texts

    def date(self, value: str) -> str:
        """A stored YYYY-MM-DD answer in the form's date style; anything else as it is."""
        match = _ISO_DATE.match(value or "")
        if not match:
            return value
        try:
            day = dt.date(*(int(part) for part in match.groups()))
        except ValueError:
            return value
        return format_date(day, format=self.style, locale=self.locale)

    def moment(self, moment: dt.datetime, zone: dt.tzinfo | None = None) -> str:
        """A moment (naive means UTC) as the date in the form's style, the time and the zone's
        abbreviation, read in `zone` (the tenant's time zone by default): the `date_time_zone` text."""
        aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)
        local = aware.astimezone(zone or self.zone)
        return fill(
            self.texts["date_time_zone"],
            {
                "date": format_date(local.date(), format=self.style, locale=self.locale),
                "time": format_time(local, format="short", locale=self.locale).replace("\u202f", " "),
                "zone": zone_abbreviation(local, self.locale),
            },
        )

    def moment_utc(self, moment: dt.datetime) -> str:
        return self.moment(moment, dt.UTC)

    def submitted(self, moment: dt.datetime) -> str:
        """When an application was submitted, as the PDF, the print view and the receipt say it:
        "March 14, 2026 at 2:05 PM CDT (March 14, 2026 at 7:05 PM UTC)", the tenant's zone, then UTC;
        in a right-to-left language each moment isolated for bidi (fill_isolated)."""
        return fill_isolated(
            self.texts["record_submitted_at"], {"local": self.moment(moment), "utc": self.moment_utc(moment)}
        )


_ABBREVIATION = re.compile(r"^[A-Za-z]{2,5}$")
_GMT = re.compile(r"^(\D*?)([+-])(\d\d):(\d\d)$")


def zone_abbreviation(local: dt.datetime, locale: Locale) -> str:
    """The zone as the browser's Intl writes it short for this language: the zone's abbreviation
    where CLDR has one ("CST", "CET"), else the offset in the language's GMT format ("GMT+1",
    "GMT+5:30", "UTC-6"), a minus as a hyphen; UTC is "UTC"."""
    if local.utcoffset() == dt.timedelta(0) and getattr(local.tzinfo, "key", "UTC") in ("UTC", "Etc/UTC"):
        return "UTC"
    name = get_timezone_name(local, width="short", uncommon=True, locale=locale)
    if _ABBREVIATION.match(name):
        return name
    match = _GMT.match(get_timezone_gmt(local, width="long", locale=locale).replace("\u2212", "-"))
    if not match:
        return name
    prefix, sign, hours, minutes = match.groups()
    if hours == minutes == "00":
        return prefix
    return f"{prefix}{sign}{int(hours)}" + (f":{minutes}" if minutes != "00" else "")
