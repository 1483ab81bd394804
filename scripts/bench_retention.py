"""Benchmark: the retention's deletion of expired drafts, with job records in Redis.

Seeds a throwaway database (SQLite, or a PostgreSQL database made and dropped here with --postgres)
with DRAFTS drafts untouched for a year, puts JOBS job records on one of the deployment's queues (none
about those drafts, as in a busy season), then runs the retention once with Redis scanned once per
batch (as it runs) and, on a second copy, with Redis scanned once per applicant (as it ran before).
Prints ms per deleted draft for each.

    .venv/bin/python scripts/bench_retention.py [--drafts 200] [--jobs 2000]
        [--redis redis://127.0.0.1:6379/0] [--postgres postgresql+psycopg://postgres@127.0.0.1:5432/postgres]
"""

import argparse
import datetime as dt
import tempfile
import time
import uuid
from pathlib import Path

from sqlalchemy import create_engine, insert

from benchlib import drop_scratch_database, machine, scratch_database
from engine import jobs
from engine.accounts.models import Account, utcnow
from engine.app import create_app
from engine.applications.models import Application
from engine.erasure import stores
from engine.migrate import upgrade
from engine.retention import task

ROOT = Path(__file__).resolve().parent.parent


def _fill(url: str, drafts: int) -> None:
    engine = create_engine(url)
    long_ago = utcnow() - dt.timedelta(days=365)
    with engine.begin() as connection:
        connection.execute(
            insert(Account),
            [
                {"id": n, "username": f"draft{n}@example.org", "password_hash": "x", "confirmed_at": long_ago}
                for n in range(1, drafts + 1)
            ],
        )
        connection.execute(
            insert(Application),
            [
                {
                    "id": n,
                    "account_id": n,
                    "answers": {"first_name": f"Draft{n}"},
                    "add_another": {},
                    "tabs": {},
                    "validation_errors": {},
                    "version": 1,
                    "updated_at": long_ago,
                }
                for n in range(1, drafts + 1)
            ],
        )
    engine.dispose()


def _run(label: str, url: str, folder: Path, redis_url: str, queue: str, drafts: int, batched: bool) -> None:
    upgrade(url)
    _fill(url, drafts)
    app = create_app(
        {
            "DATABASE_URL": url,
            "REDIS_URL": redis_url,
            "APPLICATION_PDF_QUEUE": queue,
            "TENANT_PATH": str(ROOT / "tenants" / "intl_undergrad"),
            "INSTANCE_PATH": str(folder / "instance"),
            "STORAGE_PATH": str(folder / "documents"),
            "MAIL_OUTBOX": str(folder / "outbox"),
            "SECRET_KEY": "bench-" + "k" * 40,
        }
    )
    real = stores.job_records
    if not batched:
        stores.job_records = lambda settings: None  # every erasure scans Redis itself, as before
    try:
        started = time.perf_counter()
        result = task.apply(app, utcnow())
        elapsed = time.perf_counter() - started
    finally:
        stores.job_records = real
    assert result is not None and result.deleted["draft"] == drafts and result.errors == 0, result
    scan = "once per batch" if batched else "once per applicant"
    print(f"| {label} | {scan} | {drafts} | {elapsed * 1000 / drafts:.1f} |", flush=True)
    app.extensions["db_engine"].dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--drafts", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2000)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--postgres", help="a PostgreSQL server URL (a database is made and dropped)")
    options = parser.parse_args()
    queue = f"bench-{uuid.uuid4().hex[:10]}"
    enqueued = [
        jobs.enqueue("engine.jobs.ping", f"unrelated {n}", queue=queue, redis_url=options.redis).id
        for n in range(options.jobs)
    ]
    print(f"# retention benchmark, {dt.date.today()}, {machine()}, {options.jobs:,} job records in Redis")
    print("| database | Redis scanned | drafts deleted | ms per draft |")
    print("| --- | --- | ---: | ---: |")
    try:
        for batched in (False, True):
            with tempfile.TemporaryDirectory() as folder:
                url = scratch_database(Path(folder), "retention", None)
                _run("SQLite", url, Path(folder), options.redis, queue, options.drafts, batched)
            if options.postgres:
                with tempfile.TemporaryDirectory() as folder:
                    url = scratch_database(Path(folder), "retention", options.postgres)
                    try:
                        _run("PostgreSQL", url, Path(folder), options.redis, queue, options.drafts, batched)
                    finally:
                        drop_scratch_database(url, options.postgres)
    finally:
        connection = jobs.connection(options.redis)
        for job_id in enqueued:
            connection.delete(f"rq:job:{job_id}")
        connection.delete(f"rq:queue:{queue}")


if __name__ == "__main__":
    main()
