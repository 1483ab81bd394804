"""Derived web status and service-token durations."""

import datetime as dt

import pytest

from engine.applications.access import parse_ttl
from engine.applications.service import derived_status


@pytest.mark.parametrize(
    "statuses, expected",
    [
        ([], "none"),
        (["started"], "started"),
        (["started", "started"], "started"),
        (["started", "validating"], "validating"),
        (["validating", "started", "validating"], "validating"),
        (["started", "validating", "submitted"], "submitted"),
        (["bogus", "started"], "started"),
    ],
)
def test_status_is_the_count_of_distinct_recognised_statuses(statuses, expected):
    assert derived_status(statuses) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("90s", dt.timedelta(seconds=90)),
        ("30m", dt.timedelta(minutes=30)),
        ("1h", dt.timedelta(hours=1)),
        (" 7d ", dt.timedelta(days=7)),
        ("30d", dt.timedelta(days=30)),
    ],
)
def test_ttl(text, expected):
    assert parse_ttl(text) == expected


@pytest.mark.parametrize("text", ["", "1", "h", "0h", "31d", "1w", "-1h", "1.5h", "9999999d"])
def test_bad_ttl(text):
    with pytest.raises(ValueError):
        parse_ttl(text)
