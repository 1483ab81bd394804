"""scripts/loadtest: simulated applicants against the engine under gunicorn on PostgreSQL,
and, in the same run and under the same gunicorn settings, a bare Flask JSON endpoint.

Phases (each: warm-up, then a measured window), repeated in interleaved rounds so that
a change in background load hits every phase alike; every server on 127.0.0.1 only:
  bare     PUT /bare with a page of answers (the baseline)
  answer   PUT /api/answer with the same page, each client a different applicant
  journey  applicants: profile load, then autosaves of the page, last-page saves and
           a profile reload every fifth save
Prints a Markdown report; --write appends it to docs/benchmarks.md (replacing only the
'## Application data load test' section). Creates and drops its own database.
"""

import argparse
import datetime as dt
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SECTION = "## Application data load test"
GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"
TARGET_RATIO, TARGET_P99_MS = 0.60, 25.0
# The target re-based on the stack's own floor, measured in the same run (PUT /floor).
FLOOR_RATIO, FLOOR_P99 = 0.60, 1.6

from benchlib import machine, server_env  # noqa: E402 (scripts/ is on sys.path when run as a script)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_url = (
        os.environ.get("LOADTEST_DATABASE_URL")
        or os.environ.get("TEST_DATABASE_URL")
        or "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
    )
    parser.add_argument(
        "--database-url",
        default=default_url,
        help="a PostgreSQL server URL; a fresh database is created on it and dropped afterwards",
    )
    parser.add_argument("--duration", type=float, default=6.0, help="measured seconds per phase and round")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured seconds before each phase")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of bare, answer and journey phases")
    parser.add_argument("--clients", type=int, default=8, help="concurrent simulated clients")
    parser.add_argument("--client-processes", type=int, default=2, help="processes driving the clients")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers (both servers)")
    parser.add_argument("--applicants", type=int, default=200, help="accounts created for the run")
    parser.add_argument("--keep-logs", action="store_true", help="keep the servers' logs (their folder is printed)")
    parser.add_argument("--write", type=Path, help="add the report to this Markdown file (docs/benchmarks.md)")
    options = parser.parse_args()
    if options.duration > 120 or options.warmup > 30 or not 1 <= options.rounds <= 10:
        parser.error("runs are bounded: --duration at most 120 s, --warmup at most 30 s, 1 to 10 --rounds")
    return options


# --- database and applicants ------------------------------------------------------------


def create_database(server_url: str) -> str:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"formengine_load_{uuid.uuid4().hex[:10]}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return make_url(server_url).set(database=name).render_as_string(hide_password=False)


def drop_database(server_url: str, url: str) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"), {"n": name})
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
    admin.dispose()


def seed_applicants(env: dict, count: int) -> tuple[list[str], list[str], str]:
    """Confirmed accounts with live sessions: their cookies, the page routes, the server version."""
    os.environ.update(env)
    from sqlalchemy import text

    from engine import db
    from engine.accounts import sessions
    from engine.accounts.models import Account, utcnow
    from engine.accounts.passwords import hash_password
    from engine.app import create_app
    from engine.migrate import upgrade

    upgrade(env["DATABASE_URL"])
    app = create_app()
    cookie_name = app.config["AUTH_SESSION_COOKIE"]
    with app.app_context():
        password_hash = hash_password("Load-Test-Password-1")  # one hash: argon2 per account is slow on purpose
        cookies = []
        with db.transaction() as tx:
            now = utcnow()
            accounts = [
                Account(
                    username=f"applicant{i}@load.example", password_hash=password_hash, confirmed_at=now, num_logins=1
                )
                for i in range(count)
            ]
            tx.add_all(accounts)
            tx.flush()
            for account in accounts:
                cookies.append(f"{cookie_name}={sessions.create(tx, account.id)}")
        version = db.session().execute(text("SHOW server_version")).scalar()
        routes = [page["route"] for page in app.extensions["tenant"].current().data["pages"]]
    app.extensions["db_engine"].dispose()
    return cookies, routes, version


STALE_HIDDEN = 8  # hidden answers a stale browser still sends with the page (the server clears them)


def about_page() -> dict:
    """A realistic page: the golden application's answers on /about, plus answers to questions the
    form's rules hide for that application (free-text questions outside add-another entries, such as
    an address the applicant said is the same as another), as a stale tab or browser sends them."""
    from engine.definition import load_and_compile
    from engine.definition.visibility import Visibility

    compiled = load_and_compile(ROOT / "tenants" / "intl_undergrad")
    golden = json.loads(GOLDEN.read_text())
    answers = golden["answers"]
    on_page = {key for key, field in compiled.data_model.items() if field.get("page") == "/about"}
    page = {key: value for key, value in answers.items() if key in on_page}
    free_text = sorted(
        key
        for key in on_page - set(answers)
        if compiled.data_model[key].get("field") == "text" and "repeater" not in compiled.data_model[key]
    )
    probe = {**answers, **dict.fromkeys(free_text, "Stale")}
    hidden = set(Visibility(compiled.data).hidden_keys(probe, golden.get("add_another")))
    return {**page, **dict.fromkeys([k for k in free_text if k in hidden][:STALE_HIDDEN], "Stale")}


def _backend_cpu(pid: int | None) -> float:
    """CPU seconds used so far by a PostgreSQL backend on this machine (0 when unreadable)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, TypeError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_per_request(cookie: str, page: dict, count: int = 300) -> dict:
    """CPU per request, through the WSGI test client, one request at a time: the app's (this
    process) and, for the engine, its PostgreSQL backend's (read from /proc: the database runs on
    this machine). {call: (app ms, database ms or None)}. Other load on the shared cores inflates
    both; compare figures within one run."""
    import resource

    from sqlalchemy import text

    from engine import db
    from engine.app import create_app
    from scripts.loadtest_bare import app as bare_app
    from scripts.loadtest_floor import create_app as create_floor_app

    def cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    app = create_app()
    with app.app_context():
        backend = db.session().execute(text("SELECT pg_backend_pid()")).scalar()  # the one pooled connection
    engine_client, bare_client, floor_client = (
        app.test_client(),
        bare_app.test_client(),
        create_floor_app().test_client(),
    )
    name, value = cookie.split("=", 1)
    engine_client.set_cookie(name, value)
    body = json.dumps(page)
    calls = {
        "PUT /bare": (bare_client, "PUT", "/bare", body),
        "PUT /floor": (floor_client, "PUT", "/floor", body),
        "PUT /api/answer": (engine_client, "PUT", "/api/answer", body),
        "PUT /api/last-page": (engine_client, "PUT", "/api/last-page", json.dumps({"last_page": "/about"})),
        "GET /api/profile": (engine_client, "GET", "/api/profile", None),
    }
    saved_stderr = os.dup(2)
    results = {}
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)  # the engine's per-request log lines still get written, to nowhere
        for label, (client, method, path, data) in calls.items():
            for _ in range(30):
                client.open(path, method=method, data=data, content_type="application/json")
            started, backend_started = cpu(), _backend_cpu(backend)
            for _ in range(count):
                response = client.open(path, method=method, data=data, content_type="application/json")
            assert response.status_code == 200, (label, response.status_code)
            database = None if client is not engine_client else (_backend_cpu(backend) - backend_started) / count * 1000
            results[label] = ((cpu() - started) / count * 1000, database)
    finally:
        os.dup2(saved_stderr, 2)
        os.close(saved_stderr)
        app.extensions["db_engine"].dispose()
    return results


# --- servers -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_gunicorn(target: str, port: int, workers: int, env: dict, folder: Path) -> subprocess.Popen:
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "--no-control-socket",
        "--workers",
        str(workers),
        "--worker-class",
        "sync",
        "--bind",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
        "--error-logfile",
        str(folder / f"gunicorn-{port}.log"),
        "--chdir",
        str(ROOT),
        target,
    ]
    log = open(folder / f"gunicorn-{port}.out", "ab")  # the engine's access log lines go here, not to the report
    return subprocess.Popen(command, env={**os.environ, **env}, start_new_session=True, stdout=log, stderr=log)


def wait_ready(port: int, path: str, method: str = "GET", timeout: float = 180.0) -> None:
    # Three servers of 4 workers start at once on the shared 2 cores: at a load of 15 that took over a minute.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            data = b"{}" if method == "PUT" else None
            req = urllib.request.Request(
                f"http://127.0.0.1:{port}{path}", data=data, method=method, headers={"Content-Type": "application/json"}
            )
            urllib.request.urlopen(req, timeout=2).read()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"server on port {port} did not start; see its gunicorn log")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


# --- phases -----------------------------------------------------------------------------------


def run_phase(options, port: int, scenario: str, page: dict, cookies: list[str], routes: list[str], into: dict) -> None:
    """Run one phase and add its latencies (ms) and error counts to `into` {call: ([ms], errors)}."""
    processes = []
    per_process = max(1, options.clients // options.client_processes)
    for index in range(options.client_processes):
        plan = {
            "host": "127.0.0.1",
            "port": port,
            "scenario": scenario,
            "page": page,
            "routes": routes,
            "cookies": cookies,
            "users": per_process,
            "first_user": index * per_process,
            "warmup": options.warmup,
            "duration": options.duration,
        }
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "loadtest_client.py")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        process.stdin.write(json.dumps(plan).encode())
        process.stdin.close()
        processes.append(process)
    for process in processes:
        output = process.stdout.read()
        process.wait(timeout=options.warmup + options.duration + 60)
        result = json.loads(output)
        if scenario == "switch":
            into.setdefault("saved", {}).update(result["saved"])
        for name, values in result["latencies"].items():
            into.setdefault(name, ([], {}))[0].extend(values)
        for name, count in result["errors"].items():
            errors = into.setdefault(name, ([], {}))[1]
            errors["n"] = errors.get("n", 0) + count


def _get_json(port: int, path: str, cookie: str | None = None) -> tuple[dict, dict]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read()), dict(response.headers)


def run_switch(options, port: int, page: dict, cookies: list[str], routes: list[str], env: dict, tenant: Path) -> dict:
    """The answer phase once more, with the author publishing a new version (a changed label)
    halfway through its measured window: every save must succeed and every applicant's last saved
    answer must be what their next load shows, on the new version."""
    into: dict = {}
    published: dict = {}

    def publish() -> None:
        time.sleep(options.warmup + options.duration / 2)
        about = tenant / "pages" / "about.yaml"
        about.write_text(about.read_text().replace("label: Preferred Name,", "label: Preferred name (new),", 1))
        started = time.perf_counter()
        command = [str(ROOT / ".venv" / "bin" / "formengine"), "publish", str(tenant)]
        done = subprocess.run(command, env={**os.environ, **env}, capture_output=True, text=True, check=False)
        published.update(code=done.returncode, output=done.stdout + done.stderr, seconds=time.perf_counter() - started)

    thread = threading.Thread(target=publish)
    thread.start()
    run_phase(options, port, "switch", page, cookies, routes, into)
    thread.join()
    saved = into.pop("saved", {})
    latencies, errors = into.get("PUT /api/answer", ([], {}))
    current = _get_json(port, "/public/form")[1]["ETag"].strip('"')
    lost = on_new = 0
    for user, value in saved.items():
        profile = _get_json(port, "/api/profile", cookies[int(user) % len(cookies)])[0]
        lost += profile["answer"].get("preferred_name") != value
        on_new += profile["definition_version"] == current
    return {
        "saves": len(latencies),
        "errors": errors.get("n", 0),
        "applicants": len(saved),
        "lost": lost,
        "on_new": on_new,
        "published": published,
        "p99": summary(latencies, 0, options.duration)["p99"] if latencies else 0.0,
    }


def switch_report(switch: dict) -> str:
    published = switch["published"]
    return (
        f"Version switch under load: a new version (a changed label) published with `formengine publish` "
        f"(exit {published.get('code')}, {published.get('seconds', 0):.1f} s) halfway through one more "
        f"`PUT /api/answer` phase: {switch['saves']} saves measured, {switch['errors']} failed; p99 "
        f"{switch['p99']:.1f} ms; of {switch['applicants']} applicants, {switch['lost']} lost their last saved "
        f"answer and {switch['on_new']} were on the new version at their next load."
    )


def summary(values: list[float], errors: int, duration: float) -> dict:
    ordered = sorted(values)
    cut = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else ordered * 99

    return {
        "requests": len(ordered),
        "errors": errors,
        "rps": len(ordered) / duration,
        "p50": cut[49],
        "p95": cut[94],
        "p99": cut[98],
        "max": ordered[-1] if ordered else 0.0,
    }


# --- report -----------------------------------------------------------------------------------


def report(
    options, results: dict, pg_version: str, page_size: int, page_keys: int, loads: tuple, cpu_costs: dict
) -> str:
    today = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    bare = results["bare"]["PUT /bare"]
    answer = results["answer"]["PUT /api/answer"]
    floor = results["floor"]["PUT /floor"]
    ratio = answer["rps"] / bare["rps"] if bare["rps"] else 0.0
    floor_ratio = floor["rps"] / bare["rps"] if bare["rps"] else 0.0
    lines = [
        SECTION,
        "",
        "`scripts/loadtest --write docs/benchmarks.md` (scripts/loadtest_run.py, loadtest_client.py, loadtest_bare.py, "
        "loadtest_floor.py); one save's CPU: `scripts/loadtest_profile.py` (per request against the floor, cProfile) "
        "and `scripts/loadtest_pieces.py` (piece by piece)",
        "",
        f"### Run of {today}",
        "",
        f"Command: `scripts/loadtest {' '.join(sys.argv[1:])}`.",
        "",
        f"Machine: {machine()}; PostgreSQL {pg_version} on the same machine; everything on 127.0.0.1. "
        f"gunicorn {options.workers} sync workers (`--no-control-socket`) for every server; "
        f"{options.clients} closed-loop clients in {options.client_processes} processes on the same machine, "
        f"one connection per request; {options.rounds} interleaved rounds of the four phases, each "
        f"{options.warmup:g} s warm-up then {options.duration:g} s measured. Load average (1 min) before and after, "
        f"other work on the machine included: {loads[0][0]:.1f} and {loads[1][0]:.1f}. "
        f"Request body: the /about page of a complete application ({page_keys} answers, {STALE_HIDDEN} of them "
        f"to questions the rules hide, which every save clears; {page_size} bytes), "
        f"one value changed per save; {options.applicants} applicants with live sessions.",
        "",
        "| phase | call | requests/s | p50 ms | p95 ms | p99 ms | max ms | errors |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for phase, calls in results.items():
        for name, row in calls.items():
            lines.append(
                f"| {phase} | `{name}` | {row['rps']:.0f} | {row['p50']:.1f} | {row['p95']:.1f} | "
                f"{row['p99']:.1f} | {row['max']:.1f} | {row['errors']} |"
            )
    verdict_ratio = "met" if ratio >= TARGET_RATIO else "NOT met"
    verdict_p99 = "met" if answer["p99"] <= TARGET_P99_MS else "NOT met"
    lines += [
        "",
        f"`PUT /api/answer` reaches {ratio:.0%} of the bare endpoint's throughput "
        f"(target at least {TARGET_RATIO:.0%}: {verdict_ratio}) with p99 {answer['p99']:.1f} ms "
        f"(target at most {TARGET_P99_MS:g} ms: {verdict_p99}).",
        "",
        f"Against the stack's floor in the same run (the re-based target): `PUT /api/answer` reaches "
        f"{answer['rps'] / floor['rps'] if floor['rps'] else 0.0:.0%} of `PUT /floor`'s requests per second "
        f"(target at least {FLOOR_RATIO:.0%}: "
        f"{'met' if floor['rps'] and answer['rps'] / floor['rps'] >= FLOOR_RATIO else 'NOT met'}) and its p99 is "
        f"{answer['p99'] / floor['p99'] if floor['p99'] else 0.0:.2f}x the floor's "
        f"(target at most {FLOOR_P99:g}x: "
        f"{'met' if floor['p99'] and answer['p99'] <= FLOOR_P99 * floor['p99'] else 'NOT met'}).",
        "",
        f"The stack's floor, `PUT /floor` (scripts/loadtest_floor.py: the same body through a "
        f"flask-smorest blueprint and marshmallow schema, merged into one JSONB row by one autocommitted "
        f"SQLAlchemy Core statement; no session, checks, logs, metrics or headers), reaches "
        f"{floor_ratio:.0%} of the bare endpoint's throughput with p99 {floor['p99']:.1f} ms: "
        + (
            "even the framework and the database alone stay under the target share, so the engine's own "
            "code cannot reach it on this stack."
            if floor_ratio < TARGET_RATIO
            else "the framework and the database alone leave room for the target share."
        ),
        "",
        "CPU per request, one request at a time through the WSGI test client in the same run (app "
        "process; + the engine's PostgreSQL backend): "
        + ", ".join(
            f"`{name}` {app_ms:.2f} ms" + (f" + {db_ms:.2f} ms" if db_ms is not None else "")
            for name, (app_ms, db_ms) in cpu_costs.items()
        )
        + ".",
        "",
        "Where the time goes: this page holds keys the hiding rules read or hide, so each save is two "
        "autocommitted statements on PostgreSQL (the live session joined to a read of the application's "
        "answers, counts and tabs; then, after the rules settle the merged answers in Python, the merge "
        "with what they clear, `UPDATE ... WHERE version = <read>`, with its WAL flush); a save of "
        "keys no rule reads or hides is the merge alone, the session joined to it (`UPDATE ... FROM "
        "... RETURNING`). Around it: Flask, flask-smorest/webargs, the answer checks against the data "
        "model, SQLAlchemy Core, the CSRF check, the session renewal (at most once a minute), and the per-request access "
        "log, metrics and security headers; the bare endpoint does none of it. `PUT /api/last-page` and `GET "
        "/api/profile` take the regular path (session lookup, then their own statements in a "
        "transaction). The database, the servers and the load generator share the same two cores, "
        "so every phase is CPU-bound: throughput follows the total CPU per request.",
        "",
    ]
    return "\n".join(lines)


RUN_HEADING = "### Run of "
KEPT_RUNS = 4  # earlier runs stay below the new one: figures taken under different background load


def write_section(path: Path, text: str) -> None:
    """Put this run first in this section (up to the next '## ' heading), keeping the latest
    earlier runs, or append the section; other sections stay as they are."""
    content = path.read_text() if path.exists() else "# Benchmarks\n"
    start = content.find(SECTION + "\n")
    if start == -1:
        content = content.rstrip("\n") + "\n\n" + text
    else:
        end = content.find("\n## ", start + len(SECTION))
        old = content[start : end + 1 if end != -1 else len(content)]
        earlier = [RUN_HEADING + run.rstrip("\n") + "\n" for run in old.split(RUN_HEADING)[1:]]
        section = text.rstrip("\n") + "\n\n" + "\n".join(earlier[: KEPT_RUNS - 1])
        content = content[:start] + section.rstrip("\n") + "\n" + ("\n" + content[end + 1 :] if end != -1 else "")
    path.write_text(content.rstrip("\n") + "\n")


def main() -> int:
    options = parse_args()
    folder = Path(tempfile.mkdtemp(prefix="formengine-loadtest-"))
    url = create_database(options.database_url)
    env = server_env(url, folder, folder / "tenant")  # a copy of the tenant: the version switch edits it
    shutil.copytree(ROOT / "tenants" / "intl_undergrad", folder / "tenant")
    servers = []
    try:
        cookies, routes, pg_version = seed_applicants(env, options.applicants)
        page = about_page()
        cpu_costs = cpu_per_request(cookies[-1], page)
        engine_port, bare_port, floor_port = free_port(), free_port(), free_port()
        servers.append(start_gunicorn("engine.app:create_app()", engine_port, options.workers, env, folder))
        servers.append(start_gunicorn("scripts.loadtest_bare:app", bare_port, options.workers, env, folder))
        servers.append(start_gunicorn("scripts.loadtest_floor:create_app()", floor_port, options.workers, env, folder))
        wait_ready(engine_port, "/public/form")
        wait_ready(bare_port, "/bare", method="PUT")
        wait_ready(floor_port, "/floor", method="PUT")
        load_before = os.getloadavg()
        raw = {"bare": {}, "floor": {}, "answer": {}, "journey": {}}
        for _ in range(options.rounds):
            run_phase(options, bare_port, "bare", page, [], routes, raw["bare"])
            run_phase(options, floor_port, "floor", page, [], routes, raw["floor"])
            run_phase(options, engine_port, "answer", page, cookies, routes, raw["answer"])
            run_phase(options, engine_port, "journey", page, cookies, routes, raw["journey"])
        switch = run_switch(options, engine_port, page, cookies, routes, env, folder / "tenant")
        load_after = os.getloadavg()
        measured = options.duration * options.rounds
        results = {
            phase: {name: summary(values, errors.get("n", 0), measured) for name, (values, errors) in calls.items()}
            for phase, calls in raw.items()
        }
    finally:
        for server in servers:
            stop(server)
        drop_database(options.database_url, url)
        if options.keep_logs:
            print(f"server logs kept in {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    text = report(options, results, pg_version, len(json.dumps(page)), len(page), (load_before, load_after), cpu_costs)
    text = f"{text.rstrip()}\n\n{switch_report(switch)}\n"
    print(text)
    if options.write:
        write_section(options.write, text)
        print(f"written to {options.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
