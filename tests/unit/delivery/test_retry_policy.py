"""Retries: exponential back-off, at least 5 tries over an hour by default, configurable."""

import datetime as dt

from engine.delivery.policy import Outcome, RetryPolicy

NOW = dt.datetime(2026, 3, 1, 12, 0)
FAILED = Outcome(False, 503, "answered 503")


def test_the_default_is_seven_tries_over_an_hour():
    moments = RetryPolicy().schedule()
    assert [m.total_seconds() / 60 for m in moments] == [0, 1, 3, 7, 15, 31, 63]
    assert len(moments) >= 5 and moments[-1] >= dt.timedelta(hours=1)


def test_a_failure_with_tries_left_retries_later_and_the_last_one_fails():
    policy = RetryPolicy(attempts=3, base_s=10)
    assert policy.after(FAILED, 1, NOW) == ("retrying", NOW + dt.timedelta(seconds=10))
    assert policy.after(FAILED, 2, NOW) == ("retrying", NOW + dt.timedelta(seconds=20))
    assert policy.after(FAILED, 3, NOW) == ("failed", None)


def test_a_final_failure_fails_at_once():
    """A target the deployment refuses stays refused: trying again would only repeat the refusal."""
    refused = Outcome(False, None, "refused: 10.0.0.1 is a private address; ...", final=True)
    assert RetryPolicy().after(refused, 1, NOW) == ("failed", None)


def test_a_success_is_delivered_whatever_the_count():
    assert RetryPolicy().after(Outcome(True, 200), 7, NOW) == ("delivered", None)


def test_settings_configure_it():
    policy = RetryPolicy.from_settings({"DELIVERY_ATTEMPTS": 5, "DELIVERY_RETRY_BASE_S": 2.5})
    assert (policy.attempts, policy.base_s) == (5, 2.5)
    assert RetryPolicy.from_settings({"DELIVERY_ATTEMPTS": 0}).attempts == 1
