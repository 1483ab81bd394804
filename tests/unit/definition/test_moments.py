"""moments.py: dates and times as people read them, from CLDR (Babel), checked against the golden
cases the browser's formatter (client/src/widgets/moments.js) runs too."""

import datetime as dt
import json
from pathlib import Path

import pytest

from engine.definition.catalogue import DEFAULT_TEXTS
from engine.definition.moments import Moments

CASES = json.loads((Path(__file__).resolve().parents[2] / "golden" / "dates.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_golden_dates_and_times(case):
    moments = Moments(case["settings"], DEFAULT_TEXTS)
    if "date" in case:
        assert moments.date(case["date"]) == case["expect"]
    else:
        assert moments.moment(dt.datetime.fromisoformat(case["moment"])) == case["expect"]


def test_a_zone_or_language_the_machine_does_not_know_reads_in_utc_and_english():
    moments = Moments({"time_zone": "Mars/Olympus", "language": "xx-nowhere"}, DEFAULT_TEXTS)
    assert moments.moment(dt.datetime(2026, 3, 1, 14, 5)) == "March 1, 2026 at 2:05 PM UTC"


def test_the_joining_words_are_the_tenants():
    texts = {**DEFAULT_TEXTS, "date_time_zone": "le {date} à {time} ({zone})"}
    moments = Moments({"language": "fr", "time_zone": "Europe/Paris"}, texts)
    assert moments.moment(dt.datetime(2026, 3, 1, 14, 5, tzinfo=dt.UTC)) == "le 1 mars 2026 à 15:05 (UTC+1)"
