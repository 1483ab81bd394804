"""Benchmark: `formengine export` of generated applications, time and peak memory by count.

For each count (default 1,000, 5,000 and 10,000) a fresh database (SQLite in a temporary folder, or
a new PostgreSQL database with --postgres URL) gets that many submitted applications, each the
golden complete application with its own name and reference, a stored application PDF (the same
small PDF file for all: the zip copies bytes, it renders nothing) and one converted document. Then
the real command runs as a child process per format, and its wall time and peak resident memory
(the child's ru_maxrss) are read. The baseline, measured in the same run, is the same command on an
empty database (its time is start-up: imports and the form's compile): "flat in the count" means
the peak stays near it whatever the count.

    .venv/bin/python scripts/bench_export.py [--counts 1000,5000,10000] [--formats csv,json,zip]
        [--postgres postgresql+psycopg://postgres@127.0.0.1:5432/postgres]
"""

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from sqlalchemy import create_engine, insert, text
from sqlalchemy.engine import make_url

from benchlib import machine
from engine.accounts.models import Account
from engine.applications.models import Application
from engine.applications.reference import new_reference
from engine.documents.models import ApplicationPdf, DocumentConversion
from engine.migrate import upgrade

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"
FORMENGINE = Path(sys.executable).with_name("formengine")
CHUNK = 1000


def _database(folder: Path, postgres: str | None) -> tuple[str, callable]:
    if not postgres:
        return f"sqlite:///{folder / 'bench.db'}", lambda: None
    name = f"formengine_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(postgres, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))

    def drop():
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return make_url(postgres).set(database=name).render_as_string(hide_password=False), drop


def _fill(url: str, storage: Path, count: int) -> None:
    """`count` submitted applications, written in chunks with executemany."""
    answers = json.loads(GOLDEN.read_text())["answers"]
    (storage / "bench").mkdir(parents=True, exist_ok=True)
    (storage / "bench" / "application.pdf").write_bytes(b"%PDF-1.4\n" + b"x" * 40_000 + b"\n%%EOF\n")
    (storage / "bench" / "essay.pdf").write_bytes(b"%PDF-1.4\n" + b"y" * 20_000 + b"\n%%EOF\n")
    engine = create_engine(url)
    submitted = dt.datetime(2026, 3, 1, 12, 0)
    with engine.begin() as connection:
        for start in range(0, count, CHUNK):
            numbers = range(start + 1, min(count, start + CHUNK) + 1)
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
                        "answers": {**answers, "first_name": f"Mei{n}", "last_name": f"Chen{n}"},
                        "add_another": {},
                        "tabs": {},
                        "validation_errors": {},
                        "version": 1,
                        "created_at": submitted,
                        "updated_at": submitted,
                        "submitted_at": submitted + dt.timedelta(seconds=n),
                        "reference": new_reference("INTL"),
                    }
                    for n in numbers
                ],
            )
            connection.execute(
                insert(ApplicationPdf),
                [
                    {"application_id": n, "status": "completed", "pdf_key": "bench/application.pdf", "attempts": 1}
                    for n in numbers
                ],
            )
            connection.execute(
                insert(DocumentConversion),
                [
                    {
                        "application_id": n,
                        "answer_key": "essay_file",
                        "status": "completed",
                        "pdf_key": "bench/essay.pdf",
                        "file_name": "essay.docx",
                        "file_size": 20_000,
                        "attempts": 1,
                    }
                    for n in numbers
                ],
            )
        if engine.dialect.name == "postgresql":
            for table in ("accounts", "applications"):
                connection.execute(text(f"SELECT setval('{table}_id_seq', {max(count, 1)})"))
    engine.dispose()


def _export(env: dict, export_format: str, output: Path) -> tuple[float, float]:
    """(seconds, peak MB) of one `formengine export` child process."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(FORMENGINE), "export", "--format", export_format, "--output", str(output)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _pid, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"export failed: {process.stderr.read().decode()}")
    process.stderr.close()
    return seconds, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--counts", default="1000,5000,10000")
    parser.add_argument("--formats", default="csv,json,zip")
    parser.add_argument("--postgres", help="a PostgreSQL server URL (a database is made and dropped)")
    options = parser.parse_args()
    counts = [0] + [int(n) for n in options.counts.split(",")]
    formats = options.formats.split(",")
    print(f"# export benchmark, {dt.date.today()}, {machine()}, {'PostgreSQL' if options.postgres else 'SQLite'}")
    print("| applications | format | seconds | beyond start-up | peak MB | peak / empty | file MB |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    empty: dict[str, tuple[float, float]] = {}
    for count in counts:
        with tempfile.TemporaryDirectory(prefix="bench-export-") as folder:
            folder = Path(folder)
            url, drop = _database(folder, options.postgres)
            try:
                upgrade(url)
                _fill(url, folder / "documents", count)
                env = {
                    **os.environ,
                    "DATABASE_URL": url,
                    "STORAGE_PATH": str(folder / "documents"),
                    "FORMENGINE_INSTANCE": str(folder / "instance"),
                    "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-" + "k" * 40,
                }
                for export_format in formats:
                    output = folder / f"export.{export_format}"
                    seconds, peak = _export(env, export_format, output)
                    base_seconds, base_peak = empty.setdefault(export_format, (seconds, peak))
                    size = output.stat().st_size / 1024 / 1024
                    print(
                        f"| {count:,} | {export_format} | {seconds:.1f} | {max(seconds - base_seconds, 0):.1f} | "
                        f"{peak:.0f} | {peak / base_peak:.2f} | {size:.1f} |",
                        flush=True,
                    )
            finally:
                drop()


if __name__ == "__main__":
    main()
