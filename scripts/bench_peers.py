"""Benchmark: the large generated tenant side by side with SurveyJS, Form.io and react-jsonschema-form
in one browser (`make bench-large`). Figures are reported, never asserted; targets are printed beside
them. Steps: generate the tenant (scripts/make_large_tenant.py) and its answer set; write the peers'
definitions and the fairness check's answer sets (bench/peers/convert.py); build the peer pages
(bench/peers, its own pinned packages, esbuild); start `formengine run` on the tenant with a SQLite
database of its own; run bench/peers/bench.mjs (fairness check, then the rounds); write the table.

    .venv/bin/python scripts/bench_peers.py [--seed 1] [--rounds 3] [--keystrokes 12] [--switches 3] [--systems engine] [--write docs/benchmarks.md]
"""

import argparse
import datetime as dt
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from benchlib import machine  # noqa: E402

PEERS = ROOT / "bench" / "peers"
SECTION = "## Large form side by side"
RUN_HEADING = "### Run of "
KEPT_RUNS = 3
PASSWORD = "Bench-large-2026!"
SYSTEMS = {"engine": "engine", "survey": "SurveyJS", "formio": "Form.io", "rjsf": "react-jsonschema-form"}
MEASURES = [
    ("first_page_ms", "first page interactive (ms)", "median"),
    ("keystroke_ms", "keystroke to paint, p50 (ms)", "p50"),
    ("keystroke_ms", "keystroke to paint, p95 (ms)", "p95"),
    ("page_switch_ms", "page switch, to the first screen (ms)", "median"),
    ("page_switch_whole_ms", "page switch, to the whole page drawn (ms)", "median"),
    ("hide_ms", "a change that hides questions (ms)", "median"),
    ("show_ms", "the change back, showing them (ms)", "median"),
    ("full_check_ms", "check before submit, all answers (ms)", "median"),
    ("heap_mb", "JS heap after every page (MB)", "median"),
]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def figure(values: list[float], how: str) -> float:
    if how == "p95":
        return percentile(values, 0.95)
    if how == "p50":
        return percentile(values, 0.5)
    return statistics.median(values)


def run(command: list[str], **kwargs) -> None:
    subprocess.run(command, check=True, **kwargs)


def build_peers(out: Path) -> None:
    stamp = PEERS / "node_modules" / ".installed"
    lock = PEERS / "package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=PEERS)
        stamp.touch()
    run(["node", str(PEERS / "build.mjs"), str(out)], cwd=PEERS)


def report(results: dict, options, started: dt.datetime, seconds: float) -> str:
    lines = [
        f"{RUN_HEADING}{started:%Y-%m-%d %H:%M} UTC",
        "",
        f"Machine: {machine()}, shared with other work (load average {results['machine']['load_average']:.1f} at the start); "
        f"Debian Chromium headless, CPU throttled {results['throttle']}x through CDP; "
        f"{results['rounds']} rounds, systems alternating, {results['keystrokes']} keystrokes and {results.get('switches', 1)} engine page switches per round; "
        f"seed {options.seed}; the whole run {seconds / 60:.1f} min. One run: few rounds on a shared machine, so read the ratios, "
        "not the last digit.",
        "",
        "Fairness check (each peer against the engine's own answers, for "
        f"{len(results['fairness_shown'])} scripted answer sets of {min(results['fairness_shown'])} to "
        f"{max(results['fairness_shown'])} shown questions: the same questions shown, the same required-missing set):",
        "",
    ]
    for system, outcome in results["fairness"].items():
        text = f"- {SYSTEMS[system]}: {outcome['passed']}/{outcome['sets']} sets the same"
        if outcome.get("crashed"):
            text += f"; crashed: {outcome['crashed']}"
        for mismatch in outcome["mismatches"][:3]:
            text += f"; set {mismatch['set']}: shown {mismatch['shown']}, missing {mismatch['missing']}"
        lines.append(text)
    lines += ["", "Ratio against the fastest (smallest) system on each measure, raw figure in brackets:", ""]
    lines.append("| measure | " + " | ".join(SYSTEMS.values()) + " |")
    lines.append("|---" * (len(SYSTEMS) + 1) + "|")
    for key, label, how in MEASURES:
        values = {}
        for system in SYSTEMS:
            samples = results["samples"].get(system, {}).get(key)
            if samples:
                values[system] = figure(samples, how)
        best = min(values.values()) if values else None
        cells = []
        for system in SYSTEMS:
            failed = results["failures"].get(system, {})
            failure = failed.get(key) or failed.get("page")
            if system in values:
                unit = "MB" if key == "heap_mb" else "ms"
                cells.append(f"{values[system] / best:.1f}x ({values[system]:.0f} {unit})" if best else "-")
            elif failure:
                cells.append(f"failed: {failure}")
            else:
                cells.append("-")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines += ["", *targets(results)]
    counts = results.get("questions", {})
    if counts:
        lines += [
            "",
            "Questions shown on the first page before and after the hiding change: "
            + ", ".join(f"{SYSTEMS[s]} {c['page_one_shown']} -> {c['page_one_after_hide']}" for s, c in counts.items())
            + ".",
        ]
    return "\n".join(lines) + "\n"


def targets(results: dict) -> list[str]:
    """The engine's browser targets, each met or not with its figure (a miss is reported, not hidden)."""
    engine = results["samples"]["engine"]
    peers = {s: results["samples"].get(s, {}) for s in SYSTEMS if s != "engine"}
    out = ["Targets (engine):"]

    def line(name: str, key: str, how: str, limit: float) -> None:
        if not engine.get(key):
            out.append(f"- {name}: not measured ({results['failures']['engine'].get(key, 'no samples')})")
            return
        value = figure(engine[key], how)
        out.append(f"- {name} <= {limit:.0f} ms: {value:.0f} ms, {'met' if value <= limit else 'NOT met'}")

    line("keystroke p95 at 4x throttling", "keystroke_ms", "p95", 50)
    if engine.get("keystroke_ms"):
        fastest = min((figure(v["keystroke_ms"], "p95") for v in peers.values() if v.get("keystroke_ms")), default=None)
        if fastest:
            ratio = fastest / figure(engine["keystroke_ms"], "p95")
            out.append(
                f"- keystroke p95 at least 3x faster than the fastest peer: {ratio:.1f}x, {'met' if ratio >= 3 else 'NOT met'}"
            )
    line("page switch, to the first screen", "page_switch_ms", "median", 150)
    line("page switch, to the whole page drawn", "page_switch_whole_ms", "median", 150)
    line("check before submit in the browser", "full_check_ms", "median", 100)
    return out


def write_section(path: Path, text: str, intro: str) -> None:
    """This run first in its section, keeping the latest earlier runs; the section appended when new."""
    content = path.read_text()
    start = content.find(SECTION + "\n")
    if start == -1:
        content = content.rstrip("\n") + "\n\n" + f"{SECTION}\n\n{intro}\n" + text
    else:
        end = content.find("\n## ", start + len(SECTION))
        old = content[start : end + 1 if end != -1 else len(content)]
        _head, *runs = old.split(RUN_HEADING)
        earlier = [RUN_HEADING + r.rstrip("\n") + "\n" for r in runs]
        section = f"{SECTION}\n\n{intro}\n" + text.rstrip("\n") + "\n\n" + "\n".join(earlier[: KEPT_RUNS - 1])
        content = content[:start] + section.rstrip("\n") + "\n" + ("\n" + content[end + 1 :] if end != -1 else "")
    path.write_text(content.rstrip("\n") + "\n")


INTRO = """`make bench-large` (scripts/bench_peers.py; bench/peers holds the peers with their own pinned
packages, never part of the application's bundle). The generated large tenant (scripts/make_large_tenant.py)
is written by bench/peers/convert.py as a SurveyJS survey, a Form.io wizard and react-jsonschema-form
schemas, each in its own idiom (SurveyJS: visibleIf/requiredIf expressions, dynamic panels, choices
with visibleIf; Form.io: JSONLogic conditionals, validate.custom for required-when, data grids, a custom
data source refreshed on its controller; react-jsonschema-form: if/then per condition and per
required-when, arrays of objects, enum in the then of the controller's value). Left out for every
system alike: the date rules (no peer has "at least 16 years ago"; the engine's check still runs
them) and a blank added entry (the engine does not ask for its answers, the peers do: the answer sets
never leave one blank). Tab groups are a choice question in each peer, not compared as a question.

What is measured, in Chromium at 4x CPU throttling: the first page interactive (navigation start to
the first frame showing its first input, an empty application); then on the complete answer set,
less the answers of the four first-page sections the timed changes hide (the engine asks before a
change clears answers, an unanswered section hides without asking; the same answers in every
system), on the first page (the largest: 2,000-option programme list, ten entries, 306 questions): a
keystroke in the count that 103 conditions read (three sections' and 100 questions'), alternating 2
and 25 so each keystroke re-decides all of them and shows or hides two sections and ten questions
(keystroke to the first frame with the change); the mode change that hides 211 questions (22
sections), and back; the switch to the second page (the click in the navigation to the first
frame showing the page's first question, and on to the first frame with the whole page drawn: the
engine draws a page of more than 100 shown questions in parts, the first screen first; the peers
draw a page in one go (none is set to render lazily), so their two figures are one); then every
page once and the JS heap after a garbage collection; the check before submit over all answers
(each peer's own validate on the whole form; the engine's client check, client/src/form/validation,
on a page of its own). The
engine's figures are the application as applicants get it (`formengine run`, logged in, answers
saved); the peers' are static pages.
Styles: SurveyJS renders with its default theme and the engine with its own; Form.io (formio.form.css
only) and react-jsonschema-form (no stylesheet) expect Bootstrap, which is not loaded, so their pages
are unstyled and their style and layout work is likely lower than with a theme.
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keystrokes", type=int, default=12)
    parser.add_argument("--switches", type=int, default=3, help="the engine's page switches timed per round")
    parser.add_argument("--sets", type=int, default=20)
    parser.add_argument("--write", type=Path, help="put the run into this markdown file's section")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (printed)")
    parser.add_argument("--systems", nargs="+", choices=list(SYSTEMS), help="only these (default: all)")
    options = parser.parse_args()
    started = dt.datetime.now(dt.UTC)
    clock = dt.datetime.now().timestamp()
    scratch = Path(tempfile.mkdtemp(prefix="bench-peers-"))
    python = sys.executable
    try:
        tenant, answers, out = scratch / "tenant", scratch / "answers.json", scratch / "peers"
        run(
            [
                python,
                str(ROOT / "scripts" / "make_large_tenant.py"),
                "--seed",
                str(options.seed),
                "--out",
                str(tenant),
                "--answers",
                str(answers),
            ]
        )
        run(
            [
                python,
                str(PEERS / "convert.py"),
                str(tenant),
                str(out),
                "--answers",
                str(answers),
                "--sets",
                str(options.sets),
            ]
        )
        build_peers(out)
        from tests.e2e.runapp import serving

        env = {"TENANT": str(tenant)}
        for app in serving(scratch / "instance", env=env):
            users = {}
            for name in ("empty", "full"):
                username = f"{name}@large.example.org"
                subprocess.run(
                    [str(Path(python).with_name("formengine")), "accounts", "create", username, "--password", PASSWORD],
                    cwd=ROOT,
                    env={**app.cli_env, **env},
                    check=True,
                    capture_output=True,
                )
                users[name] = [username, PASSWORD]
            config = {
                "engine_url": app.url,
                "peers_dir": str(out),
                **users,
                "rounds": options.rounds,
                "keystrokes": options.keystrokes,
                "switches": options.switches,
                "systems": options.systems,
                "out": str(scratch / "results.json"),
            }
            (scratch / "config.json").write_text(json.dumps(config))
            run(["node", str(PEERS / "bench.mjs"), str(scratch / "config.json")], cwd=ROOT)
        results = json.loads((scratch / "results.json").read_text())
        text = report(results, options, started, dt.datetime.now().timestamp() - clock)
        print(text)
        if options.write:
            write_section(options.write, text, INTRO)
        return 0
    finally:
        if options.keep:
            print(f"scratch folder: {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    os.environ.setdefault("CHROMIUM", "/usr/bin/chromium")
    sys.exit(main())
