"""A clock a test moves forward instead of sleeping: patched in where a module reads `utcnow`."""

import datetime as dt

from engine.db import utcnow


class Clock:
    def __init__(self):
        self.now = utcnow().replace(microsecond=0)

    def __call__(self) -> dt.datetime:
        return self.now

    def forward(self, **delta) -> None:
        self.now += dt.timedelta(**delta)
