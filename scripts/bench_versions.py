"""Benchmark: what the definition version check adds to `PUT /api/answer`, as a share of its CPU.

One app in this process on a database (a SQLite file, or PostgreSQL with --postgres), logged-in
applicants saving one answer at a time through the Flask test client. Three variants alternate in
rounds, so all see the same machine, and this process's CPU time (time.process_time: routing, the
session check, the answer check, the save's statement, the response) is summed per variant:

- shipped: the check as it ships (the database asked at most every DEFINITION_CHECK_S = 1 s);
- every request: DEFINITION_CHECK_S = 0 (one query per check: the worst case, for scale);
- no check: the current version handed back without any check (the baseline).

The added cost is (variant - baseline) / baseline, measured in the same run.

    .venv/bin/python scripts/bench_versions.py [--saves 400] [--rounds 8] [--postgres URL]
"""

import argparse
import datetime as dt
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchlib import drop_scratch_database, machine, scratch_database
from engine import db
from engine.accounts.models import Account, utcnow
from engine.accounts.passwords import hash_password
from engine.app import create_app
from engine.migrate import upgrade

PASSWORD = "Correct-Horse-Battery-9"
VARIANTS = ("shipped", "every request", "no check")


def _clients(app, count: int) -> list:
    password_hash = hash_password(PASSWORD)
    clients = []
    for number in range(count):
        username = f"bench{number}@example.org"
        with app.app_context(), db.transaction() as tx:
            tx.add(Account(username=username, password_hash=password_hash, confirmed_at=utcnow()))
        client = app.test_client()
        assert client.post("/public/login", json={"username": username, "password": PASSWORD}).status_code == 200
        clients.append(client)
    return clients


class Variant:
    """Switches the app's version check between the three variants."""

    def __init__(self, app):
        self.definitions = app.extensions["tenant"]
        self.shipped = self.definitions.current_version
        self.calls = 0

    def use(self, name: str) -> None:
        definitions = self.definitions
        fixed = self.shipped()

        def counted_shipped():
            self.calls += 1
            return self.shipped()

        def counted_fixed():
            self.calls += 1
            return fixed

        definitions.check_s = 0.0 if name == "every request" else 1.0
        definitions.current_version = counted_fixed if name == "no check" else counted_shipped


def _saves(clients: list, count: int, start: int) -> float:
    """CPU seconds of this process for `count` saves, spread over the clients."""
    started = time.process_time()
    for number in range(start, start + count):
        response = clients[number % len(clients)].put("/api/answer", json={"middle_name": f"M{number}"})
        assert response.status_code == 200, response.json
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=400, help="per variant per round")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--postgres", help="a PostgreSQL server URL (a database is made and dropped)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-versions-") as name:
        folder = Path(name)
        url = scratch_database(folder, "bench", options.postgres)
        app = None
        try:
            upgrade(url)
            app = create_app(
                {
                    "DATABASE_URL": url,
                    "INSTANCE_PATH": str(folder / "instance"),
                    "MAIL_OUTBOX": str(folder / "outbox"),
                    "SECRET_KEY": "bench-" + "k" * 40,
                    "LOGIN_IP_MAX_FAILURES": 100000,
                    "LOG_FORMAT": "text",
                }
            )
            clients = _clients(app, 20)
            variant = Variant(app)
            _saves(clients, 200, 0)  # warm-up: pools, caches, first-use imports
            cpu: dict[str, list[float]] = {name: [] for name in VARIANTS}
            calls = 0
            counter = 200
            for _ in range(options.rounds):
                order = list(VARIANTS)
                random.shuffle(order)
                for name in order:
                    variant.use(name)
                    before = variant.calls
                    cpu[name].append(_saves(clients, options.saves, counter) / options.saves)
                    calls = max(calls, variant.calls - before)
                    counter += options.saves
            _report(cpu, options, calls / options.saves)
        finally:
            if app is not None:
                app.extensions["db_engine"].dispose()
                app.extensions["versions_engine"].dispose()
            drop_scratch_database(url, options.postgres)


def _report(cpu: dict, options, calls_per_save: float) -> None:
    database = "PostgreSQL" if options.postgres else "SQLite"
    print(f"# PUT /api/answer CPU per request, {dt.date.today()}, {machine()}, {database}")
    print(f"# {options.rounds} rounds x {options.saves} saves per variant; version checks per save: {calls_per_save:g}")
    print("| variant | CPU µs per save (median of rounds) | added vs no check |")
    print("| --- | ---: | ---: |")
    base = statistics.median(cpu["no check"])
    for name in VARIANTS:
        value = statistics.median(cpu[name])
        print(f"| {name} | {value * 1e6:.0f} | {(value - base) / base * 100:+.1f}% |")


if __name__ == "__main__":
    sys.exit(main())
