"""Benchmark: login under attack. The owner's sign-in result and latency, from the browser they have
signed in with before (its device cookie), while an attacker loop posts wrong passwords for the same
account as fast as it can; before the attack, for comparison; and an owner on a new browser (no
device cookie) during it, who is locked out as any untrusted client is.

A real app process: gunicorn (`engine.wsgi:app`, the production entry point, WEB_CONCURRENCY
workers) on a SQLite file or a scratch PostgreSQL database, over HTTP with urllib. The attacker has
a cookie jar of its own and another address than the owner's only in the sense of its own cookies:
everything comes from 127.0.0.1, so the per-address limit (distinct accounts) sees one account.

    .venv/bin/python scripts/bench_login_attack.py [--seconds 30] [--attackers 2] [--postgres URL]
"""

import argparse
import http.cookiejar
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from benchlib import drop_scratch_database, machine, scratch_database
from engine import db
from engine.accounts.models import Account, utcnow
from engine.accounts.passwords import hash_password
from engine.app import create_app
from engine.migrate import upgrade

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")
OWNER = "owner@example.com"
PASSWORD = "Correct-Horse-Battery-9"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _browser() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def _login(browser, base: str, password: str) -> tuple[int, float]:
    body = json.dumps({"username": OWNER, "password": password}).encode()
    request = urllib.request.Request(
        f"{base}/public/login", data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    started = time.perf_counter()
    try:
        with browser.open(request, timeout=30) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, (time.perf_counter() - started) * 1000


def _owner_rounds(browser, base: str, seconds: float, every: float = 0.5) -> list[tuple[int, float]]:
    results = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        results.append(_login(browser, base, PASSWORD))
        time.sleep(every)
    return results


def _attack(base: str, stop: threading.Event, tally: dict, lock: threading.Lock) -> None:
    attacker = _browser()
    number = 0
    while not stop.is_set():
        status, _ms = _login(attacker, base, f"Wrong-Password-{number}")
        number += 1
        with lock:
            tally[status] = tally.get(status, 0) + 1


def _summary(name: str, results: list[tuple[int, float]]) -> str:
    statuses = [status for status, _ms in results]
    times = sorted(ms for _status, ms in results)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    ok = statuses.count(200)
    return (
        f"| {name} | {len(results)} | {ok} of {len(results)} signed in "
        f"({', '.join(f'{s}: {statuses.count(s)}' for s in sorted(set(statuses)))}) "
        f"| {statistics.median(times):.0f} ms | {p95:.0f} ms |"
    )


def _prepare(folder: Path, database_url: str) -> None:
    upgrade(database_url)
    app = create_app({"DATABASE_URL": database_url, "INSTANCE_PATH": str(folder / "instance"), "TESTING": True})
    with app.app_context(), db.transaction() as tx:
        tx.add(Account(username=OWNER, password_hash=hash_password(PASSWORD), confirmed_at=utcnow()))
    app.extensions["db_engine"].dispose()
    app.extensions["versions_engine"].dispose()


def _serve(folder: Path, database_url: str, workers: int) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": secrets.token_urlsafe(48),
        "METRICS_TOKEN": secrets.token_urlsafe(32),
        "FORMENGINE_INSTANCE": str(folder / "instance"),
        "WEB_CONCURRENCY": str(workers),
        "LOG_LEVEL": "WARNING",
    }
    env.pop("REDIS_URL", None)
    log = open(folder / "gunicorn.log", "wb")  # closed with the process, at exit
    server = subprocess.Popen(
        [str(GUNICORN), "-c", "engine/gunicorn_conf.py", "--bind", f"127.0.0.1:{port}", "engine.wsgi:app"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/livez", timeout=2):
                return server, base
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit(f"gunicorn did not serve; see {folder / 'gunicorn.log'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the attack runs")
    parser.add_argument("--attackers", type=int, default=2, help="attacker loops running at once")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--postgres", help="a PostgreSQL server URL (a scratch database is made on it)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        database_url = scratch_database(folder, "attack", args.postgres)
        try:
            _prepare(folder, database_url)
            server, base = _serve(folder, database_url, args.workers)
            try:
                _run(base, args)
            finally:
                server.terminate()
                server.wait(timeout=60)
        finally:
            drop_scratch_database(database_url, args.postgres)


def _run(base: str, args) -> None:
    owner = _browser()
    assert _login(owner, base, PASSWORD)[0] == 200  # the browser the owner signed in with before
    quiet = _owner_rounds(owner, base, min(10.0, args.seconds))
    stop, lock, tally = threading.Event(), threading.Lock(), {}
    attackers = [threading.Thread(target=_attack, args=(base, stop, tally, lock)) for _ in range(args.attackers)]
    started = time.monotonic()
    for thread in attackers:
        thread.start()
    time.sleep(2)  # the account is locked by now
    under_attack = _owner_rounds(owner, base, args.seconds - 2)
    new_browser = [_login(_browser(), base, PASSWORD) for _ in range(5)]
    stop.set()
    for thread in attackers:
        thread.join()
    elapsed = time.monotonic() - started
    attempts = sum(tally.values())
    print(f"{machine()}; gunicorn with {args.workers} workers; {'PostgreSQL' if args.postgres else 'SQLite'}")
    print(
        f"attacker: {args.attackers} loops, {attempts} wrong passwords in {elapsed:.0f} s "
        f"({attempts / elapsed:.0f}/s; {', '.join(f'{s}: {n}' for s, n in sorted(tally.items()))})"
    )
    print("| owner's sign-ins | tries | result | median | p95 |")
    print("| --- | --- | --- | --- | --- |")
    print(_summary("device cookie, no attack", quiet))
    print(_summary("device cookie, under attack", under_attack))
    print(_summary("new browser, under attack", new_browser))


if __name__ == "__main__":
    main()
