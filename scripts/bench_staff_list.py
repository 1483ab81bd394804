"""Benchmark: the /staff list over 10,000 applications, a page at a time, with and without a search.

Seeds a throwaway SQLite file and a throwaway PostgreSQL database (made and dropped here; leave out
--postgres to skip it) with COUNT applications (the golden complete answers, each with its own name,
city and country; nine in ten submitted, over 90 days), then asks `GET /staff/api/applications`
through the app (a read token, so each request also writes its audit entry) for pages spread over
the list: no search, a status and date filter, a name search, and answer searches (a city that one
applicant in fifty has, a country, and a word nobody wrote). Prints p50 and p95 per case in ms.

    .venv/bin/python scripts/bench_staff_list.py [--count 10000] [--rounds 40]
        [--postgres postgresql+psycopg://postgres@127.0.0.1:5432/postgres]
"""

import argparse
import datetime as dt
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine, insert, text

from benchlib import drop_scratch_database, machine, scratch_database
from engine.accounts.models import Account
from engine.app import create_app
from engine.applications.models import Application
from engine.migrate import upgrade
from engine.staff import tokens

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = json.loads((ROOT / "tests" / "golden" / "intl_undergrad" / "base.json").read_text())["answers"]
CITIES = [f"{name}{suffix}" for name in ("Toronto", "Lagos", "Lima", "Osaka", "Quito") for suffix in "ABCDEFGHIJ"]
COUNTRIES = ["Canada", "Nigeria", "Peru", "Japan", "Ecuador", "Kenya", "India", "Brazil"]
CHUNK = 1000
CASES = {
    "no search": {},
    "status + submitted between": {"status": "submitted", "submitted_from": "2026-02-01", "submitted_to": "2026-03-15"},
    "name search": {"q": "chen12"},
    "answers: a city (1 in 50)": {"answers": "torontoc"},
    "answers: a country (1 in 8)": {"answers": "nigeria"},
    "answers: nobody's word": {"answers": "atlantis"},
}


def _fill(url: str, count: int) -> None:
    engine = create_engine(url)
    start_day = dt.datetime(2026, 1, 1, 9, 0)
    with engine.begin() as connection:
        for first in range(1, count + 1, CHUNK):
            numbers = range(first, min(count, first + CHUNK - 1) + 1)
            connection.execute(
                insert(Account),
                [{"id": n, "username": f"applicant{n}@example.org", "password_hash": "x"} for n in numbers],
            )
            connection.execute(
                insert(Application),
                [
                    {
                        "id": n,
                        "account_id": n,
                        "answers": {
                            **GOLDEN,
                            "first_name": f"Mei{n}",
                            "last_name": f"Chen{n}",
                            "city": CITIES[n % len(CITIES)],
                            "country_desc": COUNTRIES[n % len(COUNTRIES)],
                        },
                        "add_another": {},
                        "tabs": {},
                        "validation_errors": {},
                        "version": 1,
                        "updated_at": start_day,
                        "submitted_at": None if n % 10 == 0 else start_day + dt.timedelta(minutes=13 * n),
                        "reference": None if n % 10 == 0 else f"INTL-{n:08d}",
                    }
                    for n in numbers
                ],
            )
        if engine.dialect.name == "postgresql":
            for table in ("accounts", "applications"):
                connection.execute(text(f"SELECT setval('{table}_id_seq', {count})"))
            connection.execute(text("ANALYZE"))
    engine.dispose()


def _app(folder: Path, url: str):
    return create_app(
        {
            "DATABASE_URL": url,
            "REDIS_URL": "",
            "TENANT_PATH": str(ROOT / "tenants" / "intl_undergrad"),
            "INSTANCE_PATH": str(folder / "instance"),
            "STORAGE_PATH": str(folder / "documents"),
            "SECRET_KEY": "bench-" + "k" * 40,
        }
    )


def _measure(client, headers: dict, query: dict, rounds: int) -> tuple[float, float, int]:
    """(p50 ms, p95 ms, total) over `rounds` requests for pages spread over the whole list."""
    first = client.get("/staff/api/applications", query_string=query, headers=headers)
    assert first.status_code == 200, first.json
    pages, total = first.json["pages"], first.json["total"]
    timings = []
    for number in range(rounds):
        page = 1 + (number * 7919) % pages  # the first, the last and pages between
        started = time.perf_counter()
        response = client.get("/staff/api/applications", query_string={**query, "page": page}, headers=headers)
        timings.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.json
    return statistics.median(timings), statistics.quantiles(timings, n=20)[-1], total


def _run(label: str, url: str, folder: Path, count: int, rounds: int) -> None:
    upgrade(url)
    started = time.perf_counter()
    _fill(url, count)
    print(f"\n{label}: {count:,} applications seeded in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    app = _app(folder, url)
    with app.app_context():
        token = tokens.create(1, "Bench", "read")[0]
    headers = {"Authorization": f"Bearer {token}"}
    client = app.test_client()
    for case, query in CASES.items():
        p50, p95, total = _measure(client, headers, query, rounds)
        print(f"| {label} | {case} | {total:,} | {p50:.0f} | {p95:.0f} |", flush=True)
    app.extensions["db_engine"].dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--postgres", help="a PostgreSQL server URL (a database is made and dropped)")
    options = parser.parse_args()
    print(f"# staff list benchmark, {dt.date.today()}, {machine()}, {options.count:,} applications, 25 a page")
    print("| database | case | matching | p50 ms | p95 ms |")
    print("| --- | --- | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory(prefix="bench-staff-list-") as folder:
        folder = Path(folder)
        _run("SQLite", scratch_database(folder, "staff_list", None), folder / "sqlite", options.count, options.rounds)
        if options.postgres:
            url = scratch_database(folder, "staff_list", options.postgres)
            try:
                _run("PostgreSQL", url, folder / "postgres", options.count, options.rounds)
            finally:
                drop_scratch_database(url, options.postgres)


if __name__ == "__main__":
    main()
