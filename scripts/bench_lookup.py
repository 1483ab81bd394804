"""Benchmark: GET /lookup/find over the 21k-school index, typed a letter at a time.

Applicants are simulated from the list itself: for a fixed random sample of schools, the name is
typed a letter at a time (from 2 letters) until the school shows among the 5 suggestions, and
for some the CEEB code is typed a digit at a time. Every query is then timed, in process, three
ways in the same run:

- HTTP: `GET /lookup/find` through the Flask test client of a real app (routing, argument
  parsing, JSON), which is what an app process spends apart from the network;
- service: `LookupService.find()` alone;
- scan: the baseline, a plain SQL `LIKE '%text%'` over the same rows in the same SQLite file,
  sorted by name, 5 rows (what one writes without a search index).

Figures are reported, never asserted.

    .venv/bin/python scripts/bench_lookup.py [--csv PATH] [--schools 300] [--rounds 3] [--write docs/benchmarks.md]
"""

import argparse
import csv
import datetime as dt
import gc
import os
import platform
import random
import re
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from benchlib import cpu_model
from engine import signing
from engine.lookup import service
from engine.lookup.service import LookupService

ROOT = Path(__file__).resolve().parent.parent
CROSSWALK = ROOT.parent / "shared" / "data" / "hs_ceeb_nces_crosswalk.csv"
SECTION = "## Lookups"


def machine() -> str:
    load = f", load average {os.getloadavg()[0]:.1f} at the start (other work shares the machine)"
    return (
        f"{os.cpu_count()} cores (nproc), {cpu_model()}, Python {platform.python_version()}, "
        f"SQLite {sqlite3.sqlite_version}{load}"
    )


def typed_queries(lookups: LookupService, source: Path, schools: int, seed: int) -> tuple[list[str], int, int]:
    """What applicants type, in order: names until the school is suggested, CEEB codes digit by digit."""
    with open(source, newline="", encoding="utf-8-sig") as handle:
        rows = [row for row in csv.DictReader(handle) if row["HS_NAME"].strip()]
    picked = random.Random(seed).sample(rows, schools)
    queries, found = [], 0
    for row in picked:
        name = " ".join(row["HS_NAME"].split())
        ceeb = row["HS_CEEB"]
        for end in range(2, len(name) + 1):
            if name[end - 1] == " ":
                continue  # a space alone changes nothing the applicant waits for
            queries.append(name[:end])
            if any(r.sub_text.endswith(f"Ceeb: {ceeb}") for r in lookups.find("hs_ceeb", name[:end], 5)):
                found += 1
                break
    for row in picked[: schools // 4]:
        queries += [row["HS_CEEB"][:end] for end in range(2, 7)]
    return queries, found, len(picked)


def build_scan_table(index_path: Path) -> sqlite3.Connection:
    """The baseline's table: the same schools, plain columns, no search index."""
    connection = sqlite3.connect(index_path)
    connection.execute(
        "CREATE TABLE IF NOT EXISTS plain_school AS"
        " SELECT id, name, city, state, zip, ceeb FROM entry WHERE category = 'hs_ceeb'"
    )
    connection.commit()
    return connection


def scan(connection: sqlite3.Connection, text: str) -> list:
    pattern = "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    return connection.execute(
        "SELECT id, name, city, state, zip, ceeb FROM plain_school"
        " WHERE name LIKE ? ESCAPE '\\' OR ceeb LIKE ? ESCAPE '\\' ORDER BY name LIMIT 5",
        (pattern, pattern),
    ).fetchall()


def timings_ms(paths: dict, queries: list[str], rounds: int) -> dict[str, list[float]]:
    """Each query through every path back to back, so a noisy neighbour hurts all paths alike."""
    for func in paths.values():  # warm the page cache and the code paths
        for text in queries:
            func(text)
    times: dict[str, list[float]] = {name: [] for name in paths}
    for _ in range(rounds):
        for text in queries:
            for name, func in paths.items():
                start = time.perf_counter()
                func(text)
                times[name].append((time.perf_counter() - start) * 1000)
    return times


def percentile(times: list[float], share: float) -> float:
    return statistics.quantiles(times, n=1000, method="inclusive")[int(share * 1000) - 1]


def make_client(tmp: Path, index_path: Path):
    from engine.app import create_app

    app = create_app(
        {
            "TESTING": False,
            "SECRET_KEY": signing.development_key(tmp / "instance"),
            "DATABASE_URL": f"sqlite:///{tmp / 'bench.db'}",
            "INSTANCE_PATH": str(tmp / "instance"),
            "LOOKUP_INDEX": str(index_path),
        }
    )
    return app, app.test_client()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--csv", type=Path, default=CROSSWALK, help="high schools in the crosswalk's columns")
    parser.add_argument("--schools", type=int, default=300, help="how many applicants' schools are typed")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--write", type=Path, help="replace (or add) the '## Lookups' section of this markdown file")
    args = parser.parse_args()
    if not args.csv.exists():
        raise SystemExit(f"{args.csv} is missing: pass --csv with the CEEB-NCES crosswalk")

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        index_path = tmp / "lookup.sqlite"
        started = time.perf_counter()
        summary = service.load(index_path, [args.csv], category="hs_ceeb")
        build_s = time.perf_counter() - started
        size_mb = index_path.stat().st_size / 1e6
        app, client = make_client(tmp, index_path)
        lookups = app.extensions["lookup"]
        queries, found, typed = typed_queries(lookups, args.csv, args.schools, args.seed)
        connection = build_scan_table(index_path)

        def http(text):
            response = client.get("/lookup/find", query_string={"text": text, "category": "hs_ceeb", "max_results": 5})
            assert response.status_code == 200

        gc.collect()
        measured = timings_ms(
            {
                "HTTP `GET /lookup/find` (Flask test client)": http,
                "service `LookupService.find()`": lambda t: lookups.find("hs_ceeb", t, 5),
                "baseline: SQL `LIKE '%text%'` scan": lambda t: scan(connection, t),
            },
            queries,
            args.rounds,
        )
        connection.close()
    stats = {name: (percentile(t, 0.5), percentile(t, 0.99), max(t)) for name, t in measured.items()}
    http_name, service_name, scan_name = measured
    samples = len(next(iter(measured.values())))
    ratio_p50 = stats[scan_name][0] / stats[http_name][0]
    ratio_p99 = stats[scan_name][1] / stats[http_name][1]
    words = sum(len(q.split()) for q in queries) / len(queries)
    lines = [
        SECTION,
        "",
        f"`.venv/bin/python scripts/bench_lookup.py --write docs/benchmarks.md` — {dt.date.today().isoformat()}",
        "",
        f"Machine: {machine()}.",
        "",
        f"Index: {summary.counts['hs_ceeb']:,} high schools from `{args.csv.name}` (the UCBoulder CEEB-NCES "
        f"crosswalk), built by `formengine lookup load` in {build_s:.1f} s, {size_mb:.1f} MB. Queries: "
        f"{typed} schools picked at random (seed {args.seed}), each name typed a letter at a time from 2 letters "
        f"until the school showed among the 5 suggestions ({found} of {typed} did before the name was complete), "
        f"plus {typed // 4} CEEB codes typed a digit at a time: {len(queries):,} queries averaging {words:.1f} "
        f"words, each timed {args.rounds} times in process, the three paths back to back per query ({samples:,} samples per row), after one warm-up pass.",
        "",
        "| path | p50 | p99 | max |",
        "| --- | ---: | ---: | ---: |",
        *[f"| {name} | {p50:.3f} ms | {p99:.3f} ms | {worst:.2f} ms |" for name, (p50, p99, worst) in stats.items()],
        "",
        f"Target: p99 at most 10 ms in process, and at least 10x faster than the scan. Measured: p99 "
        f"{stats[http_name][1]:.2f} ms through HTTP and {stats[service_name][1]:.2f} ms for the search alone; the "
        f"search is {stats[scan_name][0] / stats[service_name][0]:.0f}x faster than the scan at p50 and "
        f"{stats[scan_name][1] / stats[service_name][1]:.0f}x at p99 (same layer: one query's work, no HTTP). "
        f"Flask, webargs and JSON add about {stats[http_name][0] - stats[service_name][0]:.2f} ms to every request, "
        f"so a whole HTTP request is still {ratio_p50:.0f}x (p50) and {ratio_p99:.0f}x (p99) cheaper than the bare "
        f"scan query alone. The scan also finds less: no diacritic folding, no words out of order, no prefixes "
        f"of several words.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.write:
        write_section(args.write, text)


def write_section(path: Path, section: str) -> None:
    """Replace this benchmark's own section, keeping every other section as it is."""
    existing = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    # Up to the next heading of any level: another script may have appended its own subsection.
    pattern = re.compile(rf"^{re.escape(SECTION)}\n.*?(?=^#{{1,3}} |\Z)", re.S | re.M)
    if pattern.search(existing):
        updated = pattern.sub(lambda _: section + "\n", existing, count=1)
    else:
        updated = existing.rstrip("\n") + "\n\n" + section
    path.write_text(updated.rstrip("\n") + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
