"""When a failed delivery is tried again: exponential back-off, a limited number of tries. Pure.

With the defaults (7 tries, 60 s doubling) the tries come 0, 1, 3, 7, 15, 31 and 63 minutes after
the first: seven tries over an hour, then `failed` until someone retries it.
"""

import datetime as dt
from dataclasses import dataclass

from engine.delivery.models import DeliveryState


@dataclass(frozen=True)
class Outcome:
    """What one attempt came to: sent (ok) or not, the receiver's HTTP status, what went wrong, and
    whether no later try could go otherwise (`final`: a target this deployment refuses)."""

    ok: bool
    status_code: int | None = None
    error: str | None = None
    final: bool = False


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 7
    base_s: float = 60.0
    factor: float = 2.0

    @classmethod
    def from_settings(cls, settings: dict) -> "RetryPolicy":
        return cls(
            attempts=max(1, int(settings.get("DELIVERY_ATTEMPTS", cls.attempts))),
            base_s=max(0.0, float(settings.get("DELIVERY_RETRY_BASE_S", cls.base_s))),
        )

    def delay(self, tries_used: int) -> dt.timedelta:
        """How long after the `tries_used`-th failed try the next one comes."""
        return dt.timedelta(seconds=self.base_s * self.factor ** (tries_used - 1))

    def after(self, outcome: Outcome, tries_used: int, now: dt.datetime) -> tuple[str, dt.datetime | None]:
        """(the delivery's next state, when to try next) after a try; `tries_used` counts it."""
        if outcome.ok:
            return DeliveryState.DELIVERED.value, None
        if outcome.final or tries_used >= self.attempts:
            return DeliveryState.FAILED.value, None
        return DeliveryState.RETRYING.value, now + self.delay(tries_used)

    def schedule(self) -> list[dt.timedelta]:
        """When each try comes, counted from the first."""
        moments, elapsed = [dt.timedelta(0)], dt.timedelta(0)
        for tries_used in range(1, self.attempts):
            elapsed += self.delay(tries_used)
            moments.append(elapsed)
        return moments
