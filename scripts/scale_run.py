"""scripts/scale_test's driver: stack, accounts, load with faults, drain, checks, report.
See scripts/scale_test for what it does; scale_stack.py starts the processes and
scale_clients.py is the simulated applicants."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import signal
import statistics
import sys
import threading
import time
from pathlib import Path

import benchlib
import pgcluster
from scale_clients import GaveUp, Record, run_applicants
from scale_stack import ROOT, Stack, ensure_nginx, log

GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"
PASSWORD = "Scale-Test-Password-1"
BENCH_SECTION = "## Scale test"
RELIABILITY_SECTION = "## Latest run"
# Job timeouts for the run (seconds). A job whose worker was killed is taken as dead at RQ's
# start + timeout + 15 s grace and re-queued by the next status poll; the production defaults
# (60 s, 120 s) would make the drain wait up to 135 s. DOCUMENT_QUEUE_WAIT_S keeps its default
# (600 s), so a job killed before it writes its row must be recovered through RQ's start time
# (docs/reliability.md, Findings). --production-timeouts keeps the defaults.
TEST_JOB_ENV = {"DOCUMENT_JOB_TIMEOUT": "20", "PDF_JOB_TIMEOUT": "30"}


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="scripts/scale_test", description=__doc__)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of load (at most 600)")
    parser.add_argument("--applicants", type=int, default=20, help="concurrent simulated applicants")
    parser.add_argument(
        "--smoke", action="store_true", help="fast variant: 10 s, 3 applicants, both kills, no report written"
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("SCALE_DATABASE_URL"),
        help="a shared PostgreSQL server to create the run's database on (and drop it at the end) instead of a "
        "cluster of the run's own; the database restart fault is then skipped",
    )
    parser.add_argument(
        "--web-workers",
        type=int,
        default=None,
        help="gunicorn workers per app process (default: engine/gunicorn_conf.py's, from the CPUs)",
    )
    parser.add_argument("--down", type=float, default=2.0, help="seconds a killed process stays down")
    parser.add_argument("--redis-down", type=float, default=6.0, help="seconds Redis stays down")
    parser.add_argument("--database-down", type=float, default=2.0, help="seconds PostgreSQL stays down")
    parser.add_argument(
        "--drain-timeout", type=float, default=150.0, help="bound on the wait for queues to drain (at most 900)"
    )
    parser.add_argument(
        "--kill-delay",
        type=float,
        default=1.0,
        help="the worker is killed 0..this many seconds after it turns busy (0: as its job starts)",
    )
    parser.add_argument(
        "--production-timeouts",
        action="store_true",
        help="keep the production job timeouts (recovery of a killed job takes up to 135 s)",
    )
    parser.add_argument("--seed", type=int, default=None, help="random seed (kill moments, answer chunks)")
    parser.add_argument(
        "--tree",
        default="HEAD",
        help="the commit to run (a `git archive` copy; default HEAD), or `working` for the working tree",
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder with every log")
    parser.add_argument("--no-write", action="store_true", help="print the report only")
    options = parser.parse_args(argv)
    if options.smoke:
        options.duration, options.applicants = min(options.duration, 10.0), min(options.applicants, 3)
        options.no_write = True
        options.drain_timeout = min(options.drain_timeout, 120.0)
        options.redis_down = min(options.redis_down, 2.0)
    if not 1 <= options.duration <= 600 or not 1 <= options.applicants <= 200 or not 0 < options.drain_timeout <= 900:
        parser.error("bounded runs only: --duration 1..600 s, --applicants 1..200, --drain-timeout up to 900 s")
    if options.seed is None:
        options.seed = random.randrange(1_000_000)
    return options


# --- the plan: what applicants answer ---------------------------------------------------


def build_plan() -> dict:
    from engine.config import ROOT as engine_root
    from engine.definition import load_and_compile

    compiled = load_and_compile(engine_root / "tenants" / "intl_undergrad")
    answers = json.loads(GOLDEN.read_text())["answers"]
    answers.update(refresh_dated(compiled, answers))
    file_keys = [k for k, v in compiled.data_model.items() if v.get("field") == "file"]
    if not file_keys:
        raise SystemExit("the tenant has no file-upload key")
    file_key = file_keys[0]
    tab_id, tab = compiled.data_model[file_key]["tab"]
    cleared = {
        k for k, v in compiled.data_model.items() if v.get("tab") and v["tab"][0] == tab_id and v["tab"][1] != tab
    }
    routes = [page["route"] for page in compiled.data["pages"]]
    pages = []
    for route in routes:
        keys = [
            k
            for k in answers
            if compiled.data_model.get(k, {}).get("page") == route and k not in cleared and k != file_key
        ]
        pages.append((route, keys))
    return {
        "answers": answers,
        "pages": pages,
        "file_key": file_key,
        "tab_id": tab_id,
        "tab": tab,
        "upload_page": compiled.data_model[file_key]["page"],
        "skipped": sorted(cleared),
    }


def refresh_dated(compiled, answers: dict) -> dict:
    """The golden answers are fixed at their own `today`: a year-list select (years from now)
    whose stored year has left the list gets the list's first year instead."""
    fixed = {}
    option_lists = compiled.data.get("options", {})

    def walk(node):
        if isinstance(node, dict):
            key, options = node.get("key"), node.get("options")
            if key in answers and isinstance(options, str) and option_lists.get(options, {}).get("kind") == "years":
                values = [o["value"] for o in option_lists[options]["options"] if o["value"]]
                if answers[key] and answers[key] not in values and values:
                    fixed[key] = values[0]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(compiled.data["pages"])
    return fixed


def seed_accounts(stack: Stack, count: int) -> list[str]:
    """Confirmed accounts, made in bulk like `formengine accounts create` (one password hash)."""
    os.environ.update(stack.env)
    from engine import db
    from engine.accounts.models import Account, utcnow
    from engine.accounts.passwords import hash_password
    from engine.app import create_app

    app = create_app()
    names = [f"applicant{i:04d}@scale.example" for i in range(count)]
    with app.app_context():
        password_hash = hash_password(PASSWORD)
        with db.transaction() as tx:
            now = utcnow()
            tx.add_all(Account(username=name, password_hash=password_hash, confirmed_at=now) for name in names)
    app.extensions["db_engine"].dispose()
    return names


# --- faults -----------------------------------------------------------------------------


class Faults(threading.Thread):
    """At random moments, in turn: SIGKILL an app process, stop Redis, SIGKILL a worker, restart
    PostgreSQL (when the cluster is the run's own); each comes back after its down time."""

    def __init__(self, stack: Stack, start: float, duration: float, options, rng: random.Random):
        super().__init__(daemon=True)
        self.stack, self.start_at, self.duration, self.rng = stack, start, duration, rng
        self.down, self.redis_down, self.database_down = options.down, options.redis_down, options.database_down
        self.events: list[dict] = []
        self.kill_delay = 1.0
        self.error = ""
        self.stop = threading.Event()

    @property
    def expected(self) -> int:
        return 4 if self.stack.cluster is not None else 3

    def run(self):
        try:
            moments = [self.rng.uniform(*share) for share in ((0.1, 0.25), (0.3, 0.42), (0.5, 0.62), (0.7, 0.82))]
            steps = [lambda: self._kill_app(self.rng.randrange(2)), self._redis_outage, self._kill_worker]
            if self.stack.cluster is not None:
                steps.append(self._database_restart)
            for moment, step in zip(moments, steps, strict=False):
                self._sleep_until(self.start_at + self.duration * moment)
                step()
        except (Exception, SystemExit) as exc:  # reported, and the run fails
            self.error = repr(exc)
            log(f"fault thread failed: {exc!r}")

    def _redis_outage(self) -> None:
        if self.stop.is_set():
            return
        stopped = self.stack.stop_redis()
        log(f"Redis stopped (SIGTERM) for {self.redis_down:g} s")
        time.sleep(self.redis_down)
        restarted = time.time()
        self.stack.start_redis()
        ready = time.time()
        log("Redis started again")
        self.events.append(
            {"what": "redis", "fault": "Redis down", "killed": stopped, "restarted": restarted, "ready": ready}
        )

    def _database_restart(self) -> None:
        if self.stop.is_set():
            return
        stopped, started = self.stack.restart_database(self.database_down)
        log(f"PostgreSQL stopped (fast shutdown) and started again after {started - stopped:.1f} s")
        self.events.append(
            {
                "what": "postgres",
                "fault": "PostgreSQL restart",
                "killed": stopped,
                "restarted": started,
                "ready": started,
            }
        )

    def _sleep_until(self, moment: float) -> None:
        while time.time() < moment and not self.stop.is_set():
            time.sleep(0.05)

    def _kill_app(self, index: int) -> None:
        if self.stop.is_set():
            return
        killed = self.stack.kill(f"app{index}")
        log(f"SIGKILL app{index} (gunicorn master and workers, port {self.stack.app_ports[index]})")
        time.sleep(self.down)
        restarted = time.time()
        self.stack.start_app(index)
        self.stack.wait_app(index)
        ready = time.time()
        log(f"app{index} restarted, ready after {ready - restarted:.1f} s")
        self.events.append(
            {
                "what": f"app{index}",
                "fault": f"SIGKILL app{index}",
                "killed": killed,
                "restarted": restarted,
                "ready": ready,
            }
        )

    def _kill_worker(self) -> None:
        if self.stop.is_set():
            return
        found, waited = None, time.time()
        while time.time() - waited < 10 and found is None:  # prefer a worker in the middle of a job
            found = self.stack.busy_worker()
            if found is None:
                time.sleep(0.05)
        busy = found is not None
        if busy:  # somewhere in the job: before it marks its row in_progress, or while converting
            time.sleep(self.rng.uniform(0, self.kill_delay))
        index, job = found if busy else (self.rng.randrange(2), "")
        killed = self.stack.kill(f"worker{index}")
        log(f"SIGKILL worker{index} and its work-horse ({'busy with ' + job if busy else 'idle'})")
        time.sleep(self.down)
        restarted = time.time()
        self.stack.start_worker(index)
        self.events.append(
            {
                "what": f"worker{index}",
                "fault": f"SIGKILL worker{index}",
                "killed": killed,
                "restarted": restarted,
                "ready": restarted + 1.0,
                "busy": busy,
                "job": job,
            }
        )


# --- after the load: drain and check ----------------------------------------------------


def queue_state(stack: Stack) -> tuple[int, int]:
    """(jobs waiting, workers busy). A killed work-horse's job stays in RQ's started registry until
    it expires, so busy workers are counted, not that registry."""
    from redis import Redis
    from rq import Queue, Worker
    from rq.serializers import JSONSerializer

    conn = Redis(host="127.0.0.1", port=stack.redis_port)
    waiting = sum(
        Queue(name, connection=conn, serializer=JSONSerializer).count
        for name in ("application-pdfs", "default", "conversions")
    )
    alive = {
        process.pid for name, process in stack.procs.items() if name.startswith("worker") and process.poll() is None
    }
    busy = sum(
        1 for w in Worker.all(connection=conn, serializer=JSONSerializer) if w.get_state() == "busy" and w.pid in alive
    )  # a killed worker's record lingers in Redis
    return waiting, busy


def db_rows(stack: Stack) -> dict:
    from sqlalchemy import create_engine, text

    engine = create_engine(stack.database_url)
    with engine.connect() as conn:
        apps = conn.execute(
            text(
                "SELECT a.username, p.id, p.answers, p.submitted_at FROM applications p "
                "JOIN accounts a ON a.id = p.account_id"
            )
        ).all()
        conversions = conn.execute(
            text(
                "SELECT a.username, c.answer_key, c.status, c.message, c.attempts, c.file_name FROM document_conversions c "
                "JOIN applications p ON p.id = c.application_id JOIN accounts a ON a.id = p.account_id"
            )
        ).all()
        pdfs = conn.execute(
            text(
                "SELECT a.username, f.status, f.message, f.pdf_key, f.attempts FROM application_pdfs f "
                "JOIN applications p ON p.id = f.application_id JOIN accounts a ON a.id = p.account_id"
            )
        ).all()
        outbox = conn.execute(
            text(
                "SELECT COUNT(*), COUNT(*) FILTER (WHERE attempts > 1), COUNT(*) FILTER (WHERE dispatched_at IS NULL) "
                "FROM job_outbox"
            )
        ).one()
    engine.dispose()

    def answers_of(value):
        return json.loads(value) if isinstance(value, str) else (value or {})

    return {
        "answers": {row[0]: answers_of(row[2]) for row in apps},
        "submitted": {row[0] for row in apps if row[3] is not None},
        "conversions": [
            dict(zip(("user", "key", "status", "message", "attempts", "file_name"), row, strict=True))
            for row in conversions
        ],
        "pdfs": {
            row[0]: dict(zip(("user", "status", "message", "pdf_key", "attempts"), row, strict=True)) for row in pdfs
        },
        "outbox": {"recorded": outbox[0], "waited_for_redis": outbox[1], "waiting": outbox[2]},
    }


def drain(stack: Stack, plan: dict, timeout: float) -> dict:
    """Wait (bounded) for the queue to empty, then act as the applicants' open pages do: poll the
    pending uploads and PDFs (a poll is what re-queues a job whose worker died)."""
    import requests

    from scale_clients import Applicant

    started = time.time()
    deadline = started + timeout
    while time.time() < deadline:
        waiting, running = queue_state(stack)
        if waiting == 0 and running == 0:
            break
        time.sleep(0.5)
    queue_empty_after = time.time() - started
    rows = db_rows(stack)
    pending_before = sorted(
        {c["user"] for c in rows["conversions"] if c["status"] in ("unprocessed", "in_progress")}
        | {u for u, p in rows["pdfs"].items() if p["status"] in ("unprocessed", "in_progress")}
    )
    polled = set()
    while time.time() < deadline:
        rows = db_rows(stack)
        pending = sorted(
            {c["user"] for c in rows["conversions"] if c["status"] in ("unprocessed", "in_progress")}
            | {u for u, p in rows["pdfs"].items() if p["status"] in ("unprocessed", "in_progress")}
        )
        if not pending:
            break
        for user in pending:
            client = Applicant(stack.base_url, user, PASSWORD, plan, Record(), {}, deadline, random.Random(0))
            try:
                client.call("POST", "/public/login", json={"username": user, "password": PASSWORD})
                client.call("GET", f"/api/pdf/document-answer/{plan['file_key']}")
                if user in rows["pdfs"]:
                    client.call("GET", "/api/pdf")
            except (GaveUp, requests.RequestException):
                pass
            finally:
                client.http.close()
            polled.add(user)
        time.sleep(2.0)
    return {
        "queue_empty_after_s": queue_empty_after,
        "pending_before_polls": pending_before,
        "polled": sorted(polled),
        "drain_s": time.time() - started,
    }


def check_pdfs(stack: Stack, submitted: set[str], timeout: float) -> dict:
    """Every submitted application: GET /api/pdf until completed, then the PDF itself from the bucket."""
    import requests

    from scale_clients import Applicant

    missing, ok = {}, 0
    deadline = time.time() + timeout
    for user in sorted(submitted):
        client = Applicant(stack.base_url, user, PASSWORD, {}, Record(), {}, deadline, random.Random(0))
        try:
            client.call("POST", "/public/login", json={"username": user, "password": PASSWORD})
            body = {}
            while time.time() < deadline:
                body = client.call("GET", "/api/pdf").json()
                if body.get("status") in ("completed", "failed"):
                    break
                time.sleep(1.0)
            if body.get("status") != "completed":
                missing[user] = f"GET /api/pdf: {body}"
                continue
            data = requests.get(body["url"], timeout=10).content
            if not data.startswith(b"%PDF"):
                missing[user] = f"the signed URL answered {data[:40]!r}"
                continue
            ok += 1
        except (GaveUp, requests.RequestException) as exc:
            missing[user] = f"{exc}"
        finally:
            client.http.close()
    return {"ok": ok, "missing": missing}


def check(stack: Stack, record: Record, plan: dict, options) -> dict:
    drained = drain(stack, plan, options.drain_timeout)
    rows = db_rows(stack)
    lost = []
    for user, acked in record.acked.items():
        stored = rows["answers"].get(user, {})
        for key, value in acked.items():
            if stored.get(key) != value:
                lost.append({"user": user, "key": key, "acked": value, "stored": stored.get(key)})
    acked_keys = sum(len(v) for v in record.acked.values())
    stuck = [c for c in rows["conversions"] if c["status"] in ("unprocessed", "in_progress")]
    failed_silent = [c for c in rows["conversions"] if c["status"] == "failed" and not (c["message"] or "").strip()]
    client_uploads_unfinished = [u for u in record.uploads if u["status"] not in ("completed", "failed")]
    submitted = rows["submitted"] | record.submitted
    pdfs = check_pdfs(stack, submitted, max(30.0, options.drain_timeout / 2))
    stuck_pdfs = [p for p in rows["pdfs"].values() if p["status"] in ("unprocessed", "in_progress")]
    waiting, running = queue_state(stack)
    return {
        "drain": drained,
        "acked_keys": acked_keys,
        "acked_applicants": len(record.acked),
        "lost": lost,
        "conversions": rows["conversions"],
        "stuck": stuck,
        "failed_silent": failed_silent,
        "client_uploads_unfinished": client_uploads_unfinished,
        "submitted_db": len(rows["submitted"]),
        "submitted_client": len(record.submitted),
        "submitted_db_only": sorted(rows["submitted"] - record.submitted),
        "pdfs": pdfs,
        "stuck_pdfs": stuck_pdfs,
        "pdfs_rows": list(rows["pdfs"].values()),
        "outbox": rows["outbox"],
        "queue_after": {"waiting": waiting, "running": running},
    }


# --- figures ----------------------------------------------------------------------------


def percentiles(values: list[float]) -> tuple[float, float, float]:
    if not values:
        return 0.0, 0.0, 0.0
    if len(values) == 1:
        return values[0], values[0], values[0]
    cut = statistics.quantiles(sorted(values), n=100, method="inclusive")
    return cut[49], cut[94], cut[98]


def endpoint_table(record: Record, seconds: float) -> list[dict]:
    table = {}
    for attempt in record.attempts:
        entry = table.setdefault(attempt.label, {"ok": [], "errors": 0})
        if 200 <= attempt.status < 300:
            entry["ok"].append(attempt.ms)
        else:
            entry["errors"] += 1
    out = []
    for label, entry in sorted(table.items(), key=lambda item: -len(item[1]["ok"])):
        p50, p95, p99 = percentiles(entry["ok"])
        out.append(
            {
                "endpoint": label,
                "requests": len(entry["ok"]) + entry["errors"],
                "errors": entry["errors"],
                "rps": (len(entry["ok"]) + entry["errors"]) / seconds,
                "p50": p50,
                "p95": p95,
                "p99": p99,
            }
        )
    return out


def fault_windows(record: Record, events: list[dict]) -> list[dict]:
    """Per kill: the attempts that ended between the kill and 2 s after the process was ready again
    (requests in flight at the kill included), those that failed, and how the clients fared."""
    out = []
    for event in events:
        end = event["ready"] + 2.0

        def ended_in_window(a, event=event, end=end) -> bool:
            return event["killed"] <= a.started + a.ms / 1000 and a.started <= end

        window = [a for a in record.attempts if ended_in_window(a)]
        failed = [a for a in window if not 200 <= a.status < 300]
        retried_ok = sum(
            1
            for a in record.attempts
            if a.attempt > 0 and 200 <= a.status < 300 and event["killed"] <= a.started <= end + 15
        )
        gave_up = [g for g in record.gave_up if event["killed"] <= g["at"] <= end + 15]
        by_kind = {}
        for a in failed:
            kind = f"{a.label} {a.status or a.error}"
            by_kind[kind] = by_kind.get(kind, 0) + 1
        out.append(
            {
                **event,
                "window_s": end - event["killed"],
                "requests": len(window),
                "failed": len(failed),
                "failed_by_kind": by_kind,
                "retried_ok": retried_ok,
                "gave_up": len(gave_up),
            }
        )
    return out


READING = (
    "Reading the figures: this is a fault-tolerance run, not a throughput benchmark. The simulated "
    "applicants pause between fields and poll conversions and the PDF every second (those polls are "
    "most of the GET traffic), and everything, the load generator included, shares the machine's "
    "cores, so latency here is mostly waiting for a CPU; the app's own cost per request is measured in "
    "'Application data load test'. The tails include the kill window (requests held by a restarting "
    "app process until nginx's 30 s read timeout: docs/reliability.md, Findings) and the worker "
    "recovery (conversion polls of the killed job). Errors are attempts that failed and were retried."
)


def machine() -> str:
    memory = round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30)
    return f"{benchlib.machine()}, {memory} GB RAM"


def report(
    options,
    stack: Stack,
    record: Record,
    load: tuple,
    faults: list[dict],
    results: dict,
    started_wall: float,
    web_workers: int,
    loadavg: str = "",
    expected_faults: int = 4,
) -> tuple[str, str, bool]:
    start, end = load
    seconds = end - start
    when = dt.datetime.fromtimestamp(started_wall, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    table = endpoint_table(record, seconds)
    total = sum(row["requests"] for row in table)
    lost, stuck, missing = (
        len(results["lost"]),
        len(results["stuck"]) + len(results["stuck_pdfs"]),
        len(results["pdfs"]["missing"]),
    )
    outbox = results["outbox"]
    lost_jobs = stuck + missing + outbox["waiting"]
    green = (
        lost == 0
        and lost_jobs == 0
        and not results["failed_silent"]
        and not results["client_uploads_unfinished"]
        and not record.unexpected
        and len(faults) == expected_faults
    )
    setup = (
        f"{when}; {machine()}; commit {stack.commit}. {options.applicants} applicants for {seconds:.0f} s "
        f"(`scripts/scale_test --duration {options.duration:g} --applicants {options.applicants} "
        f"--seed {options.seed}{'' if options.kill_delay == 1.0 else f' --kill-delay {options.kill_delay:g}'}"
        f"{' --production-timeouts' if options.production_timeouts else ''}`); nginx -> 2 gunicorn app processes x {web_workers} sync workers, "
        f"2 RQ workers, PostgreSQL ({'a cluster of the run' + chr(39) + 's own' if stack.cluster else 'a shared server'}), "
        f"Redis (append-only file on), moto_server S3, all on this machine (the load generator too); "
        f"load average before the run {loadavg} (the machine is shared)."
    )
    bench = [
        BENCH_SECTION,
        "",
        setup,
        "",
        f"{total} requests, {total / seconds:.1f} requests/s overall; {record.journeys_started} journeys "
        f"started, {record.journeys_done} finished (submitted and PDF polled). Latency is per attempt, "
        "as the client saw it through nginx (successful answers only; errors counted apart). "
        "During the run one app process and one worker were SIGKILLed and restarted, Redis was stopped and "
        "started again, and PostgreSQL was restarted (docs/reliability.md).",
        "",
        "| endpoint | requests | errors | req/s | p50 ms | p95 ms | p99 ms |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in table:
        bench.append(
            f"| {row['endpoint']} | {row['requests']} | {row['errors']} | {row['rps']:.1f} | "
            f"{row['p50']:.0f} | {row['p95']:.0f} | {row['p99']:.0f} |"
        )
    bench += ["", READING]
    rel = [
        RELIABILITY_SECTION,
        "",
        setup,
        "",
        f"**Result: {'green' if green else 'RED'}** — lost answers {lost}, lost jobs {lost_jobs} "
        f"(stuck jobs {stuck}, missing PDFs {missing}, jobs still waiting for Redis {outbox['waiting']}).",
        "",
        "| fault | killed at (+s) | restarted (+s) | ready (+s) | requests in window | failed attempts "
        "| retried and succeeded | gave up |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for f in faults:
        what = f["fault"] + (f" (busy: {f['job']})" if f.get("busy") else (" (idle)" if "busy" in f else ""))
        kinds = ", ".join(f"{k}: {v}" for k, v in sorted(f["failed_by_kind"].items())) or "none"
        rel.append(
            f"| {what} | {f['killed'] - start:.1f} | {f['restarted'] - start:.1f} | "
            f"{f['ready'] - start:.1f} | {f['requests']} | {f['failed']} ({kinds}) | {f['retried_ok']} | "
            f"{f['gave_up']} |"
        )
    drained = results["drain"]
    conv_status = {}
    for c in results["conversions"]:
        conv_status[c["status"]] = conv_status.get(c["status"], 0) + 1
    retried_convs = sum(1 for c in results["conversions"] if (c["attempts"] or 0) > 1)
    retried_pdfs = sum(1 for p in results["pdfs_rows"] if (p["attempts"] or 0) > 1)
    rel += [
        "",
        f"- Answers: {results['acked_keys']} acknowledged (applicant, key) pairs from "
        f"{results['acked_applicants']} applicants checked against PostgreSQL: **{lost} lost**.",
        f"- Uploads: {len(record.uploads)} conversions the clients saw finish; final rows by status "
        f"{json.dumps(conv_status, sort_keys=True)}; {retried_convs} needed a second attempt; "
        f"**{len(results['stuck'])} stuck** (unprocessed/in_progress), {len(results['failed_silent'])} failed "
        f"without a message.",
        f"- Submitted: {results['submitted_db']} in the database ({results['submitted_client']} acknowledged to "
        f"clients); PDFs fetched from the bucket and checked: {results['pdfs']['ok']}; "
        f"**{missing} missing**; {len(results['stuck_pdfs'])} PDF rows stuck; {retried_pdfs} PDF renders needed a "
        f"second attempt.",
        f"- Jobs: {outbox['recorded']} recorded in the outbox (engine/outbox.py) during the run, "
        f"{outbox['waited_for_redis']} of them first found Redis down and were queued by the workers' sweeper "
        f"once it was back; **{outbox['waiting']} still waiting**.",
        f"- Drain: queue empty {drained['queue_empty_after_s']:.1f} s after the load; "
        f"{len(drained['pending_before_polls'])} applicants had a pending upload or PDF then, "
        f"re-polled like an open page does; done after {drained['drain_s']:.1f} s.",
        f"- Failed attempts over the whole run: {sum(1 for a in record.attempts if not 200 <= a.status < 300)} "
        f"(retried by the client); calls that gave up after every retry: {len(record.gave_up)}; other error "
        f"answers: {len(record.unexpected)}.",
    ]
    for item in (record.gave_up + record.unexpected)[:8]:
        rel.append(
            f"  - {item['call']} for {item['user']}: {item.get('status')} {item.get('error') or item.get('body', '')}"[
                :300
            ]
        )
    for item in results["lost"][:8]:
        rel.append(
            f"  - lost: {item['user']} {item['key']}: acknowledged {str(item['acked'])[:40]!r}, "
            f"stored {str(item['stored'])[:40]!r}"
        )
    return "\n".join(bench) + "\n", "\n".join(rel) + "\n", green


def put_section(path: Path, heading: str, body: str) -> None:
    """Replace the section starting at `heading` (up to the next '## ') or append it."""
    text = path.read_text() if path.exists() else ""
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _m: body + "\n", text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + body
    path.write_text(text.rstrip("\n") + "\n")


# --- main -------------------------------------------------------------------------------


def main(argv=None) -> int:
    options = parse_args(argv if argv is not None else sys.argv[1:])
    rng = random.Random(options.seed)
    started_wall = time.time()
    try:
        loadavg = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        loadavg = "unknown"
    nginx = ensure_nginx()
    if options.database_url is None and pgcluster.missing():
        raise SystemExit(f"no PostgreSQL cluster of the run's own: {pgcluster.missing()} (or pass --database-url)")
    stack = Stack(
        database_server=options.database_url,
        web_workers=options.web_workers,
        keep=options.keep,
        job_env={} if options.production_timeouts else TEST_JOB_ENV,
        tree=options.tree,
    )

    def interrupted(signum, _frame):
        raise KeyboardInterrupt(f"signal {signum}")

    running = {}
    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)
    try:
        log(f"seed {options.seed}; {options.applicants} applicants for {options.duration:g} s")
        stack.start(nginx)
        sys.path.insert(0, str(stack.src))  # the engine this process imports is the one under test
        plan = build_plan()
        web_workers = options.web_workers or (os.cpu_count() * 2 + 1)
        accounts = seed_accounts(stack, options.applicants * (int(options.duration / 4) + 3))
        log(f"{len(accounts)} confirmed accounts created; load starts")
        start = time.time()
        faults = running["faults"] = Faults(stack, start, options.duration, options, rng)
        faults.kill_delay = max(0.0, options.kill_delay)
        faults.start()
        record, load_start, load_end = run_applicants(
            stack.base_url, accounts, PASSWORD, plan, options.applicants, options.duration, options.seed
        )
        faults.stop.set()
        faults.join(timeout=90)
        log(
            f"load done: {len(record.attempts)} requests in {load_end - load_start:.1f} s, "
            f"{record.journeys_done} journeys finished; draining (at most {options.drain_timeout:g} s)"
        )
        if faults.error:
            log(f"fault injection failed: {faults.error}")
        results = check(stack, record, plan, options)
        events = fault_windows(record, faults.events)
        bench, rel, green = report(
            options,
            stack,
            record,
            (load_start, load_end),
            events,
            results,
            started_wall,
            web_workers,
            loadavg,
            faults.expected,
        )
        print()
        print(bench)
        print(rel)
        if not options.no_write:
            put_section(ROOT / "docs" / "benchmarks.md", BENCH_SECTION, bench)
            put_section(ROOT / "docs" / "reliability.md", RELIABILITY_SECTION, rel)
            log("wrote docs/benchmarks.md (## Scale test) and docs/reliability.md (## Latest run)")
        if options.keep:
            (stack.tmp / "results.json").write_text(
                json.dumps(
                    {
                        "results": results,
                        "faults": events,
                        "gave_up": record.gave_up,
                        "unexpected": record.unexpected,
                        "uploads": record.uploads,
                        "failed_attempts": [a.__dict__ for a in record.attempts if not 200 <= a.status < 300],
                    },
                    indent=1,
                    default=str,
                )
            )
        log("GREEN: nothing lost, nothing stuck" if green else "RED: something was lost, stuck or refused")
        return 0 if green else 1
    except KeyboardInterrupt:
        log("interrupted: stopping everything")
        return 130
    except SystemExit as exc:
        if isinstance(exc.code, str):  # the stack could not be started or checked
            log(f"could not run: {exc.code}")
            return 2
        raise
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if "faults" in running:
            running["faults"].stop.set()
        stack.close()
