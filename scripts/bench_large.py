"""Benchmark: the server on the large generated tenant (scripts/make_large_tenant.py, about 1,500
questions over 15 pages). Figures are reported, never asserted; targets are printed beside them.

- compile: load, check and compile the tenant folder (target at most 5 s);
- the compiled form as served (`GET /public/form`), raw and gzipped (target at most 1 MB gzipped);
- the full check of a complete application (every answer, the hiding rules, every page's rules:
  what submit runs) on the server (target at most 50 ms);
- one answer saved (`PUT /api/answer`) into an application holding the whole answer set against
  one holding 10 answers, on PostgreSQL, interleaved request by request (target: p99 no slower),
  for a key no hiding rule reads (the one-statement save) and one they read (read, settle, write).

    .venv/bin/python scripts/bench_large.py [--seed 1] [--runs 30] [--saves 400] \
        [--postgres postgresql+psycopg://postgres@127.0.0.1:5432/postgres] [--write docs/benchmarks.md]
"""

import argparse
import datetime as dt
import gzip
import importlib.util
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchlib import drop_scratch_database, machine, scratch_database, server_env  # noqa: E402

SECTION = "## Large generated tenant"
RUN_HEADING = "### Run of "
KEPT_RUNS = 3
SMALL = 10  # answers in the small application
UNTOUCHED_KEY = "p07_s8_name"  # read by no hiding rule: the save is one statement
TOUCHED_KEY = "p03_count"  # read by three section conditions: read, settle, write


def _generator():
    spec = importlib.util.spec_from_file_location("make_large_tenant", ROOT / "scripts" / "make_large_tenant.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def measure_compile(folder: Path, runs: int) -> tuple[list[float], object]:
    from engine.definition import load_and_compile

    times, compiled = [], None
    for _ in range(runs):
        started, cpu_started = time.perf_counter(), time.process_time()
        compiled = load_and_compile(folder)
        times.append((time.perf_counter() - started, time.process_time() - cpu_started))
    return times, compiled


def measure_check(compiled, answer_set: dict, runs: int) -> tuple[list[float], dict]:
    answers, counts, tabs = answer_set["answers"], answer_set["add_another"], answer_set["tabs"]
    today = dt.date.today()
    errors = compiled.validate(answers, today=today, tabs=tabs, counts=counts)
    times = []
    for _ in range(runs):
        started, cpu_started = time.perf_counter(), time.process_time()
        compiled.validate(answers, today=today, tabs=tabs, counts=counts)
        times.append((time.perf_counter() - started, time.process_time() - cpu_started))
    return times, errors


# --- saves on PostgreSQL ----------------------------------------------------------------------


def _seed(env: dict, answer_set: dict, compression: str | None = None):
    """Two applicants with live sessions on the large tenant: one holding the whole answer set,
    one holding SMALL answers. Returns the app and a test client for each."""
    os.environ.update(env)
    from engine import db
    from engine.accounts import sessions
    from engine.accounts.models import Account, utcnow
    from engine.app import create_app
    from engine.migrate import upgrade

    upgrade(env["DATABASE_URL"])
    if compression:  # an experiment: how the stored answers are compressed (PostgreSQL 14 and later)
        from sqlalchemy import create_engine, text

        with create_engine(env["DATABASE_URL"]).begin() as connection:
            connection.execute(text(f"ALTER TABLE applications ALTER COLUMN answers SET COMPRESSION {compression}"))
    app = create_app()
    clients = {}
    with app.app_context():
        with db.transaction() as tx:
            accounts = {
                name: Account(username=f"{name}@large.example", password_hash="-", confirmed_at=utcnow(), num_logins=1)
                for name in ("full", "small")
            }
            tx.add_all(accounts.values())
            tx.flush()
            tokens = {name: sessions.create(tx, account.id) for name, account in accounts.items()}
    for name, token in tokens.items():
        client = app.test_client()
        client.set_cookie(app.config["AUTH_SESSION_COOKIE"], token)
        clients[name] = client
    full = clients["full"]
    for button, count in answer_set["add_another"].items():
        _ok(full.put("/api/add-another", json={"button_id": button, "num_components": count}))
    answers = answer_set["answers"]
    for page in sorted({key[:3] for key in answers}):
        _ok(full.put("/api/answer", json={k: v for k, v in answers.items() if k.startswith(page)}))
    small = {key: answers[key] for key in list(answers)[: SMALL - 2]}
    small.update({UNTOUCHED_KEY: answers[UNTOUCHED_KEY], TOUCHED_KEY: answers[TOUCHED_KEY]})
    _ok(clients["small"].put("/api/answer", json=small))
    return app, clients


def _ok(response) -> None:
    if response.status_code != 200:
        raise SystemExit(f"seeding failed: {response.status_code} {response.get_json()}")


def _held(app) -> dict[str, int]:
    from sqlalchemy import text

    from engine import db

    with app.app_context():
        rows = db.session().execute(
            text(
                "SELECT a.username, (SELECT count(*) FROM jsonb_object_keys(p.answers)), pg_column_size(p.answers) "
                "FROM applications p JOIN accounts a ON a.id = p.account_id"
            )
        )
        return {name.split("@")[0]: (count, size) for name, count, size in rows}


def measure_saves(clients: dict, saves: int) -> dict:
    """Interleaved, request by request: full then small, small then full (a burst of other load on
    the shared machine hits both alike). Wall time per request through the WSGI test client."""
    results: dict = {}
    saved_stderr = os.dup(2)
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)  # the per-request log lines, to nowhere
        for kind, key, values in (
            ("untouched", UNTOUCHED_KEY, lambda i: f"Name {i}"),
            ("touched", TOUCHED_KEY, lambda i: str(40 + i % 20)),
        ):
            times: dict[str, list[float]] = {"full": [], "small": []}
            cpu_used = dict.fromkeys(times, 0.0)
            for serial in range(saves + 30):
                order = ("full", "small") if serial % 2 else ("small", "full")
                for name in order:
                    started, cpu_started = time.perf_counter(), cpu()
                    response = clients[name].put("/api/answer", json={key: values(serial)})
                    elapsed, cpu_elapsed = time.perf_counter() - started, cpu() - cpu_started
                    if response.status_code != 200:
                        raise SystemExit(f"save failed: {response.status_code} {response.get_json()}")
                    if serial >= 30:  # the first 30 warm up
                        times[name].append(elapsed)
                        cpu_used[name] += cpu_elapsed
            results[kind] = {
                name: {
                    "p50": percentile(values_, 0.5) * 1000,
                    "p99": percentile(values_, 0.99) * 1000,
                    "cpu": cpu_used[name] / len(values_) * 1000,
                }
                for name, values_ in times.items()
            }
    finally:
        os.dup2(saved_stderr, 2)
        os.close(saved_stderr)
    return results


# --- where a save's time goes (PostgreSQL) ---------------------------------------------------

SEARCH_TEXT = (
    "lower(CAST(jsonb_path_query_array(answers, "
    """'strict $.** ? (@.type() == "string" || @.type() == "number")') AS text))"""
)
PROFILE_TABLES = (
    # The stored map without the staff search text the database derives from it at every write.
    "CREATE TABLE profile_no_text AS SELECT id, answers FROM applications",
    "ALTER TABLE profile_no_text ALTER COLUMN answers SET COMPRESSION {compression}",
    "UPDATE profile_no_text SET answers = answers || '{{}}'",
    # The answers kept by page: one row per (application, page), each with its own search text.
    "CREATE TABLE profile_pages (application_id int, page text, answers jsonb, answer_text text "
    f"GENERATED ALWAYS AS ({SEARCH_TEXT}) STORED, PRIMARY KEY (application_id, page))",
    "INSERT INTO profile_pages (application_id, page, answers) SELECT a.id, left(e.key, 3), "
    "jsonb_object_agg(e.key, e.value) FROM applications a, jsonb_each(a.answers) e GROUP BY a.id, left(e.key, 3)",
)
PROFILE_STATEMENTS = {
    # A draft's: its staff search text is derived once it is submitted (migration submitted_answer_text).
    "the save's statement (merge into a draft's row)": "UPDATE applications SET answers = answers || :kept, "
    "version = version + 1, updated_at = now() WHERE id = :id RETURNING id",
    "the merge without the search text": "UPDATE profile_no_text SET answers = answers || :kept WHERE id = :id RETURNING id",
    "the row without the answers (version, time)": "UPDATE applications SET version = version + 1, "
    "updated_at = now() WHERE id = :id RETURNING id",
    "a page's row (about 100 answers) merged, with its search text": "UPDATE profile_pages SET answers = "
    "answers || :kept WHERE application_id = :id AND page = left(:key, 3) RETURNING page",
    "reading the stored map (detoast, decompress, parse)": "SELECT answers FROM applications WHERE id = :id",
}


def profile_saves(app, rounds: int) -> list[dict]:
    """Each part of a save of UNTOUCHED_KEY into each application, interleaved request by request:
    PostgreSQL statements autocommitted one at a time (so each pays its commit), with the WAL each
    writes, and the app's own work (the check of the sent answer, the hiding rules settled over the
    stored map, as the save of a key the rules read does). Median wall ms per part."""
    from sqlalchemy import bindparam, create_engine, text
    from sqlalchemy.dialects.postgresql import JSONB

    from engine import versions
    from engine.applications import current
    from engine.applications.answers import answer_problems

    engine = create_engine(app.config["DATABASE_URL"])
    with engine.connect() as connection:
        compression = connection.execute(
            text(
                "SELECT coalesce(attcompression, '') FROM pg_attribute WHERE attrelid = 'applications'::regclass "
                "AND attname = 'answers'"
            )
        ).scalar()
    compression = {"l": "lz4", "p": "pglz"}.get(compression, "default")
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        for statement in PROFILE_TABLES:
            connection.execute(text(statement.format(compression=compression)))
        rows = connection.execute(
            text(
                "SELECT u.username, p.id, p.answers, p.add_another, p.tabs FROM applications p "
                "JOIN accounts u ON u.id = p.account_id"
            )
        ).all()
        stored = {name.split("@")[0]: (id_, answers, add, tabs) for name, id_, answers, add, tabs in rows}
        statements = {
            label: text(sql).bindparams(bindparam("kept", type_=JSONB)) if ":kept" in sql else text(sql)
            for label, sql in PROFILE_STATEMENTS.items()
        }
        times: dict = {label: {"full": [], "small": []} for label in [*statements, "check", "settle"]}
        wal: dict = {label: {"full": [], "small": []} for label in statements}
        with app.app_context():
            _, compiled = versions.current()
            today = current.today()
            for serial in range(rounds + 5):
                order = ("full", "small") if serial % 2 else ("small", "full")
                for label, statement in statements.items():
                    for name in order:
                        id_ = stored[name][0]
                        before = connection.execute(text("SELECT pg_current_wal_insert_lsn()")).scalar()
                        started = time.perf_counter()
                        connection.execute(
                            statement, {"id": id_, "kept": {UNTOUCHED_KEY: f"Name {serial}"}, "key": UNTOUCHED_KEY}
                        ).all()
                        elapsed = time.perf_counter() - started
                        written = connection.execute(
                            text("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), :before)"), {"before": before}
                        ).scalar()
                        if serial >= 5:
                            times[label][name].append(elapsed)
                            wal[label][name].append(float(written))
                for name in order:
                    _, answers, add, tabs = stored[name]
                    started = time.perf_counter()
                    answer_problems(compiled.data_model, {TOUCHED_KEY: str(40 + serial % 20)})
                    checked = time.perf_counter()
                    compiled.visibility.settle(answers, {TOUCHED_KEY: str(40 + serial % 20)}, add, tabs, today)
                    settled = time.perf_counter()
                    if serial >= 5:
                        times["check"][name].append(checked - started)
                        times["settle"][name].append(settled - checked)
    engine.dispose()
    labels = {
        "check": "the app: checking the sent answer",
        "settle": "the app: the hiding rules settled over the stored map",
    }
    return [
        {
            "part": labels.get(label, label),
            "full": statistics.median(values["full"]) * 1000,
            "small": statistics.median(values["small"]) * 1000,
            "wal": (statistics.median(wal[label]["full"]), statistics.median(wal[label]["small"]))
            if label in wal
            else None,
        }
        for label, values in times.items()
    ]


def profile_lines(parts: list[dict], rounds: int, held: dict) -> list[str]:
    full, small = held["full"][0], held["small"][0]
    lines = [
        "",
        f"Where a save's time goes, {rounds} rounds of each part into each application, interleaved (median ms; "
        "PostgreSQL statements autocommitted one at a time, each paying its commit; WAL bytes per statement):",
        "",
        f"| part | {full} answers | {small} answers | ratio | WAL bytes ({full} / {small}) |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for part in parts:
        wal = f"{part['wal'][0]:,.0f} / {part['wal'][1]:,.0f}" if part["wal"] else "—"
        lines.append(
            f"| {part['part']} | {part['full']:.2f} | {part['small']:.2f} | "
            f"{part['full'] / part['small']:.2f}x | {wal} |"
        )
    return lines


# --- report -----------------------------------------------------------------------------------


def report(options, figures: dict) -> str:
    compile_times, served, check, saves, held = (
        figures["compile"],
        figures["served"],
        figures["check"],
        figures["saves"],
        figures["held"],
    )
    now = dt.datetime.now(dt.UTC)
    compile_s = statistics.median(wall for wall, _ in compile_times)
    compile_cpu = statistics.median(cpu_ for _, cpu_ in compile_times)
    check_ms = [wall * 1000 for wall, _ in check["times"]]
    check_cpu = statistics.median(cpu_ for _, cpu_ in check["times"]) * 1000
    gz = served["gzip"] / 1024
    lines = [
        f"{RUN_HEADING}{now:%Y-%m-%d %H:%M} UTC",
        "",
        f"Command: `.venv/bin/python scripts/bench_large.py --seed {options.seed} --runs {options.runs} "
        f"--saves {options.saves} --profile-rounds {options.profile_rounds}"
        + (f" --compression {options.compression}" if options.compression else "")
        + "`.",
        "",
        f"Machine: {machine()}; PostgreSQL {figures['pg_version']} on the same machine. Load average (1 min) "
        f"before and after, other work on the machine included: {figures['load'][0]:.1f} and {figures['load'][1]:.1f}.",
        f"Tenant: `make_large_tenant.py --seed {options.seed}`: {figures['tenant']['pages']} pages, "
        f"{figures['tenant']['questions']} questions, {figures['tenant']['conditions']} written conditions, "
        f"{figures['tenant']['option_lists']} option lists, {figures['tenant']['dropdowns']} conditional dropdowns, "
        f"{figures['tenant']['repeaters']} add-another sections of 10 entries.",
        "",
        "| measure | figure | target | met |",
        "| --- | ---: | ---: | --- |",
        f"| compile (load, check, compile), median of {len(compile_times)}: CPU (wall, at this load) | "
        f"{compile_cpu:.2f} s ({compile_s:.2f} s) | at most 5 s | {_met(compile_cpu <= 5)} |",
        f"| compiled form as served, gzipped (raw) | {gz:.0f} KB ({served['raw'] / 1024:.0f} KB) | at most 1 MB | "
        f"{_met(served['gzip'] <= 1024 * 1024)} |",
        f"| full check, {check['answers']} answers, median (p95) of {len(check_ms)} | "
        f"{statistics.median(check_ms):.1f} ms ({percentile(check_ms, 0.95):.1f} ms); CPU {check_cpu:.1f} ms | "
        "at most 50 ms | "
        f"{_met(statistics.median(check_ms) <= 50)} |",
    ]
    for kind, label in (("untouched", "a key no rule reads"), ("touched", "a key the rules read")):
        full, small = saves[kind]["full"], saves[kind]["small"]
        lines.append(
            f"| save of one answer ({label}), p99: {held['full'][0]} answers against {held['small'][0]} | "
            f"{full['p99']:.2f} ms against {small['p99']:.2f} ms ({full['p99'] / small['p99']:.2f}x) | "
            f"no slower (1.0x) | {_met(full['p99'] <= small['p99'] * 1.05)} |"
        )
    lines += [
        "",
        f"The full check found {len(check['errors'])} error(s) in the answer set (a complete valid application: 0).",
        "",
        f"Saves: {options.saves} of each kind into each application, after 30 unmeasured, one request at a time "
        "through the WSGI test client (the app in this process, PostgreSQL beside it), the two applications "
        "alternating request by request. Stored answers: "
        f"{held['full'][0]} keys in {held['full'][1] / 1024:.0f} KB of JSONB against {held['small'][0]} keys in "
        f"{held['small'][1]} bytes.",
        "",
        "| save | application | p50 ms | p99 ms | CPU ms per request (app) |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for kind in ("untouched", "touched"):
        for name in ("full", "small"):
            row = saves[kind][name]
            lines.append(
                f"| `{UNTOUCHED_KEY if kind == 'untouched' else TOUCHED_KEY}` ({kind}) | {held[name][0]} answers | "
                f"{row['p50']:.2f} | {row['p99']:.2f} | {row['cpu']:.2f} |"
            )
    if figures["parts"]:
        lines += profile_lines(figures["parts"], options.profile_rounds, held)
    return "\n".join(lines) + "\n"


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def write_section(path: Path, text: str) -> None:
    """This run first in its section, keeping the latest earlier runs; the section appended when new."""
    content = path.read_text()
    start = content.find(SECTION + "\n")
    if start == -1:
        intro = f"{SECTION}\n\n`.venv/bin/python scripts/bench_large.py --write docs/benchmarks.md`\n\n"
        content = content.rstrip("\n") + "\n\n" + intro + text
    else:
        end = content.find("\n## ", start + len(SECTION))
        old = content[start : end + 1 if end != -1 else len(content)]
        head, *runs = old.split(RUN_HEADING)
        earlier = [RUN_HEADING + run.rstrip("\n") + "\n" for run in runs]
        section = head + text.rstrip("\n") + "\n\n" + "\n".join(earlier[: KEPT_RUNS - 1])
        content = content[:start] + section.rstrip("\n") + "\n" + ("\n" + content[end + 1 :] if end != -1 else "")
    path.write_text(content.rstrip("\n") + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=30, help="full checks timed (compiles: a fifth, at least 3)")
    parser.add_argument("--saves", type=int, default=400, help="saves timed per kind and application")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("TEST_DATABASE_URL") or "postgresql+psycopg://postgres@127.0.0.1:5432/postgres",
    )
    parser.add_argument("--write", type=Path, help="put the run into this markdown file's section")
    parser.add_argument("--compression", choices=["pglz", "lz4"], help="compress the stored answers so (PostgreSQL)")
    parser.add_argument("--profile-rounds", type=int, default=60, help="rounds of each part of a save timed (0: none)")
    options = parser.parse_args()
    load_before = os.getloadavg()[0]
    work = Path(tempfile.mkdtemp(prefix="formengine-large-"))
    url = None
    try:
        tenant = _generator().generate(options.seed, work / "tenant")
        answer_set = tenant.answer_set()
        compile_times, compiled = measure_compile(work / "tenant", max(3, options.runs // 5))
        check_times, errors = measure_check(compiled, answer_set, options.runs)
        served = {"raw": len(compiled.json_bytes), "gzip": len(gzip.compress(compiled.json_bytes, 6))}
        url = scratch_database(work, "large", options.postgres)
        app, clients = _seed(server_env(url, work, work / "tenant"), answer_set, options.compression)
        held = _held(app)
        saves = measure_saves(clients, options.saves)
        parts = profile_saves(app, options.profile_rounds) if options.profile_rounds else []
        from sqlalchemy import text

        from engine import db

        with app.app_context():
            pg_version = db.session().execute(text("SHOW server_version")).scalar()
        app.extensions["db_engine"].dispose()
        figures = {
            "compile": compile_times,
            "served": served,
            "check": {"times": check_times, "errors": errors, "answers": len(answer_set["answers"])},
            "saves": saves,
            "parts": parts,
            "held": held,
            "pg_version": pg_version,
            "load": (load_before, os.getloadavg()[0]),
            "tenant": _tenant_figures(work / "tenant", tenant),
        }
        text_ = report(options, figures)
        print(text_)
        if options.write:
            write_section(options.write, text_)
    finally:
        if url:
            drop_scratch_database(url, options.postgres)
        shutil.rmtree(work, ignore_errors=True)
    return 0


def _tenant_figures(folder: Path, tenant) -> dict:
    from engine.definition.load.model import ModelBuilder
    from engine.definition.load.source import read_source

    problems: list = []
    source = read_source(folder, problems)
    builder = ModelBuilder(problems)
    for _, page in source.pages:
        builder.add_page(page)
    model = builder.model
    written = [r for r in model.references if r.instance == 1 and r.attribute in ("show_if", "required_if")]
    return {**tenant.figures(), "questions": len(model.uses), "conditions": len(written)}


if __name__ == "__main__":
    sys.exit(main())
