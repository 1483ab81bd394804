"""Where PUT /api/answer's time goes: the load test's page of answers saved N times, one request at
a time, through the Flask test client against a fresh PostgreSQL database, under cProfile.

    .venv/bin/python scripts/loadtest_profile.py [--blocks 8] [--count 100] [--top 40] [--sort tottime] [--dump FILE]

Prints the CPU per request (this process, and the engine's PostgreSQL backend read from /proc) of
PUT /api/answer and of the stack's floor (scripts/loadtest_floor.py, same body), the least of a few
interleaved blocks, and the median of the blocks' ratios (a burst of other load on the shared
machine hits one block of each alike); then the profile's top functions. Creates and drops its own
database (as scripts/loadtest does).
"""

import argparse
import contextlib
import cProfile
import json
import os
import pstats
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchlib import server_env  # noqa: E402 (scripts/ is on sys.path when run as a script)
from scripts.loadtest_run import _backend_cpu, about_page, create_database, drop_database, seed_applicants  # noqa: E402


def add_database_url(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--database-url",
        default=os.environ.get("TEST_DATABASE_URL") or "postgresql+psycopg://postgres@127.0.0.1:5432/postgres",
    )


@contextlib.contextmanager
def one_applicant(database_url: str, prefix: str) -> Iterator[str]:
    """A fresh database on the server at `database_url` with one signed-in applicant of the
    international tenant: her session cookie ("name=value"); the database dropped afterwards."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    url = create_database(database_url)
    env = server_env(url, folder, ROOT / "tenants" / "intl_undergrad")
    try:
        cookies, _routes, _version = seed_applicants(env, 1)
        yield cookies[0]
    finally:
        drop_database(database_url, url)
        shutil.rmtree(folder, ignore_errors=True)


def saver(client, cookie: str, page: dict) -> Callable[[int], None]:
    """save(serial): the page's answers PUT through `client` as the applicant, one value changed
    by `serial` where the page holds the load test's "Stale" (as the load test does)."""
    name, value = cookie.split("=", 1)
    client.set_cookie(name, value)
    body = json.dumps(page)

    def save(serial: int) -> None:
        data = body.replace('"Stale"', f'"Stale {serial}"', 1) if '"Stale"' in body else body
        response = client.put("/api/answer", data=data, content_type="application/json")
        assert response.status_code == 200, response.get_json()

    return save


@contextlib.contextmanager
def stderr_silenced() -> Iterator[None]:
    """The per-request log lines to nowhere, as in the load test."""
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_database_url(parser)
    parser.add_argument("--count", type=int, default=100, help="saves per measured block (after 30 unmeasured)")
    parser.add_argument("--blocks", type=int, default=8, help="measured blocks, each of /api/answer then /floor")
    parser.add_argument("--top", type=int, default=40, help="functions listed")
    parser.add_argument("--sort", default="cumulative", help="pstats sort key (cumulative, tottime)")
    parser.add_argument("--no-profile", action="store_true", help="only the CPU per request")
    parser.add_argument("--dump", type=Path, help="also write the profile to this file (pstats, for callers)")
    parser.add_argument(
        "--untouched",
        action="store_true",
        help="only the page's keys that no hiding rule reads or hides (the one-statement save)",
    )
    options = parser.parse_args()
    with one_applicant(options.database_url, "formengine-profile-") as cookie:
        page = about_page()
        if options.untouched:
            page = _untouched(page)
        _profile(cookie, page, options)
    return 0


def _profile(cookie: str, page: dict, options) -> None:
    from sqlalchemy import text

    from engine import db
    from engine.app import create_app

    app = create_app()
    with app.app_context():
        backend = db.session().execute(text("SELECT pg_backend_pid()")).scalar()
    save = saver(app.test_client(), cookie, page)
    body = json.dumps(page)

    from scripts.loadtest_floor import create_app as create_floor_app

    floor = create_floor_app().test_client()

    def floor_save(_serial: int) -> None:
        response = floor.put("/floor", data=body, content_type="application/json")
        assert response.status_code == 200

    answer_blocks: list[tuple[float, float]] = []
    floor_blocks: list[float] = []
    try:
        with stderr_silenced():
            for serial in range(30):
                save(serial)
                floor_save(serial)
            for _ in range(options.blocks):  # interleaved: a burst of other load hits both alike
                started, backend_started = _cpu(), _backend_cpu(backend)
                for serial in range(options.count):
                    save(serial)
                answer_blocks.append(
                    (
                        (_cpu() - started) / options.count * 1000,
                        (_backend_cpu(backend) - backend_started) / options.count * 1000,
                    )
                )
                started = _cpu()
                for serial in range(options.count):
                    floor_save(serial)
                floor_blocks.append((_cpu() - started) / options.count * 1000)
            profiler = None
            if not options.no_profile:
                profiler = cProfile.Profile(time.process_time)  # CPU, not wall time: the machine is shared
                profiler.enable()
                for serial in range(options.count):
                    save(serial)
                profiler.disable()
    finally:
        app.extensions["db_engine"].dispose()
    app_ms, db_ms = min(answer_blocks)
    floor_ms = min(floor_blocks)
    ratio = statistics.median(answer / floor for (answer, _), floor in zip(answer_blocks, floor_blocks, strict=True))
    print(
        f"CPU per request, least of {options.blocks} interleaved blocks of {options.count}: "
        f"PUT /api/answer {app_ms:.2f} ms app + {db_ms:.2f} ms PostgreSQL ({len(page)} answers); "
        f"PUT /floor {floor_ms:.2f} ms app; PUT /api/answer / PUT /floor, median of the blocks: {ratio:.2f}x"
    )
    print(
        "all blocks: answer "
        + ", ".join(f"{a:.2f}+{d:.2f}" for a, d in answer_blocks)
        + "; floor "
        + ", ".join(f"{f:.2f}" for f in floor_blocks)
    )
    print(f"load average (1 min): {os.getloadavg()[0]:.1f}")
    if profiler is not None:
        if options.dump:
            profiler.dump_stats(options.dump)
        pstats.Stats(profiler).strip_dirs().sort_stats(options.sort).print_stats(options.top)


def _untouched(page: dict) -> dict:
    from engine.definition import load_and_compile

    visibility = load_and_compile(ROOT / "tenants" / "intl_undergrad").visibility
    return {key: value for key, value in page.items() if not visibility.touches({key: value})}


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    sys.exit(main())
