"""Benchmark: the submit's latency with three delivery targets configured against none.

Two apps in one process, on one database server each (SQLite files, or PostgreSQL with --postgres)
and one real Redis (REDIS_URL, else an embedded one): the shipped tenant as it is (the baseline), and
the same tenant with two e-mail targets and a webhook. Submissions of the golden complete application
alternate between them, so both see the same machine; each `POST /api/submit` is timed through the
Flask test client (routing, validation of the whole application, the writes, the receipt e-mail into
the outbox, and with targets the deliveries and their jobs recorded and put on Redis). No worker
runs: the deliveries themselves happen later, in the background, by design.

    .venv/bin/python scripts/bench_delivery.py [--submissions 60] [--postgres URL]
"""

import argparse
import datetime as dt
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import text

from benchlib import drop_scratch_database, machine, scratch_database
from engine import db
from engine.accounts.models import Account, utcnow
from engine.accounts.passwords import hash_password
from engine.app import create_app
from engine.applications import current
from engine.migrate import upgrade
from engine.runner import EmbeddedRedis

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = json.loads((ROOT / "tests" / "golden" / "intl_undergrad" / "base.json").read_text())
PASSWORD = "Correct-Horse-Battery-9"
SECRET_ENV = "BENCH_WEBHOOK_SECRET"


def _tenant(folder: Path, targets: bool) -> Path:
    tenant = folder / ("tenant-targets" if targets else "tenant-plain")
    shutil.copytree(ROOT / "tenants" / "intl_undergrad", tenant)
    if targets:
        with open(tenant / "tenant.yaml", "a") as handle:
            handle.write(
                "\ndelivery:\n"
                "  - email: {to: [admissions@example.edu, registry@example.edu]}\n"
                f'  - webhook: {{url: "http://127.0.0.1:9/hook", secret_env: {SECRET_ENV}}}\n'
            )
    return tenant


def _app(folder: Path, name: str, tenant: Path, database_url: str, redis_url: str):
    upgrade(database_url)
    return create_app(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "TENANT_PATH": str(tenant),
            "INSTANCE_PATH": str(folder / name),
            "MAIL_OUTBOX": str(folder / name / "outbox"),
            "STORAGE_PATH": str(folder / name / "documents"),
            "DELIVERY_QUEUE": f"bench-{name}",
            "APPLICATION_PDF_QUEUE": f"bench-{name}",
            "SECRET_KEY": "bench-" + "k" * 40,
            "LOGIN_IP_MAX_FAILURES": 100000,
        }
    )


def _applicants(app, count: int, password_hash: str) -> list:
    """Logged-in clients whose applications hold the golden answers, ready to submit."""
    clients = []
    for number in range(count):
        username = f"bench{number}@example.org"
        with app.app_context(), db.transaction() as tx:
            tx.add(Account(username=username, password_hash=password_hash, confirmed_at=utcnow()))
        client = app.test_client()
        assert client.post("/public/login", json={"username": username, "password": PASSWORD}).status_code == 200
        assert client.put("/api/answer", json=GOLDEN["answers"]).status_code == 200
        clients.append(client)
    return clients


def _submit_ms(client) -> float:
    started = time.perf_counter()
    response = client.post("/api/submit", json={})
    elapsed = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, response.json
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--submissions", type=int, default=60, help="per variant")
    parser.add_argument("--postgres", help="a PostgreSQL server URL (databases are made and dropped)")
    options = parser.parse_args()
    os.environ[SECRET_ENV] = "bench-secret-" + "x" * 32
    current.today = lambda: dt.date.fromisoformat(GOLDEN["today"])  # the golden answers' day
    with tempfile.TemporaryDirectory(prefix="bench-delivery-") as name:
        folder = Path(name)
        redis = None
        redis_url = os.environ.get("REDIS_URL")
        if not redis_url:
            redis = EmbeddedRedis(folder / "redis", folder / "redis.log")
            redis_url = redis.start()
        urls = {variant: scratch_database(folder, variant, options.postgres) for variant in ("none", "three")}
        try:
            apps = {
                variant: _app(folder, variant, _tenant(folder, variant == "three"), urls[variant], redis_url)
                for variant in ("none", "three")
            }
            password_hash = hash_password(PASSWORD)
            clients = {
                variant: _applicants(app, options.submissions + 3, password_hash) for variant, app in apps.items()
            }
            for variant in ("none", "three"):  # warm-up: first requests compile validators, open pools
                for client in clients[variant][:3]:
                    _submit_ms(client)
            times: dict[str, list[float]] = {"none": [], "three": []}
            for index in range(3, options.submissions + 3):
                order = ("none", "three") if index % 2 else ("three", "none")
                for variant in order:
                    times[variant].append(_submit_ms(clients[variant][index]))
            with apps["three"].extensions["db_engine"].connect() as connection:
                recorded = connection.execute(text("SELECT count(*) FROM deliveries")).scalar()
            _report(times, options, recorded)
        finally:
            for app in locals().get("apps", {}).values():
                app.extensions["db_engine"].dispose()
            for url in urls.values():
                drop_scratch_database(url, options.postgres)
            if redis:
                redis.stop()


def _report(times: dict, options, recorded: int) -> None:
    database = "PostgreSQL" if options.postgres else "SQLite"
    print(f"# submit latency, {dt.date.today()}, {machine()}, {database}, {options.submissions} submits each")
    print(f"# deliveries recorded with three targets: {recorded}")
    print("| targets | median ms | p90 ms | mean ms | median / none |")
    print("| --- | ---: | ---: | ---: | ---: |")
    base = statistics.median(times["none"])
    for variant, label in (("none", "none (baseline)"), ("three", "three (2 e-mail, 1 webhook)")):
        values = sorted(times[variant])
        p90 = values[int(len(values) * 0.9) - 1]
        median = statistics.median(values)
        print(f"| {label} | {median:.1f} | {p90:.1f} | {statistics.mean(values):.1f} | {median / base:.2f} |")


if __name__ == "__main__":
    sys.exit(main())
