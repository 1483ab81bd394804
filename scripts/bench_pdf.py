"""Benchmark: the application PDF with every script, against WeasyPrint, in one run.

Two applications, each rendered by `render_application` (reportlab) and, as the same paragraphs in
HTML with a Noto font stack, by WeasyPrint: the fully answered golden application (Latin text), and the
same with names and answers in Chinese, Japanese, Korean, Arabic, Hebrew, Devanagari, Cyrillic, Greek,
Latin with diacritics and emoji (the strings of tests/unit/pdf/test_scripts.py). Reported, never
asserted; WeasyPrint comes with the `bench` extra (`pip install -e '.[bench]'`).

    .venv/bin/python scripts/bench_pdf.py [--runs 30] [--write docs/benchmarks.md]
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "unit" / "pdf"))

from test_scripts import TYPED  # noqa: E402  (the same strings the tests check)

from bench_documents import bench_render, load  # noqa: E402 (scripts/ is on sys.path when run as a script)
from benchlib import machine  # noqa: E402


def first_render_ms() -> tuple[float, float]:
    """A fresh process's first render with every script (fonts loaded, HarfBuzz faces not yet made),
    as a forked worker job pays it after the worker preloaded the fonts."""
    paths = [str(ROOT), str(ROOT / "tests" / "unit" / "pdf")]
    base, tenant = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json", ROOT / "tenants" / "intl_undergrad"
    code = (
        f"import json, sys, time, datetime as dt; sys.path[:0] = {paths!r};"
        "from engine.pdf.fonts import font_names; font_names();"
        "from engine.definition import load_and_compile; from engine.pdf.render import render_application;"
        f"from test_scripts import TYPED; base = json.load(open({str(base)!r}));"
        f"form = load_and_compile({str(tenant)!r}, dt.date.fromisoformat(base['today'])).data;"
        "t, c = time.perf_counter(), time.process_time(); render_application(form, {**base['answers'], **TYPED});"
        "print((time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000)"
    )
    samples = [
        [
            float(value)
            for value in subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout.split()
        ]
        for _ in range(3)
    ]
    return statistics.median(wall for wall, _ in samples), statistics.median(cpu for _, cpu in samples)


def row(name: str, result: dict) -> list[str]:
    ours = [w for w, _ in result["reportlab"]]
    ours_cpu = statistics.median(c for _, c in result["reportlab"])
    p50, p95 = statistics.median(ours), sorted(ours)[int(len(ours) * 0.95) - 1]
    lines = [
        f"| {name}: reportlab (ours) | {p50:.1f} ms | {p95:.1f} ms | {ours_cpu:.1f} ms | {result['pages']} | "
        f"{result['bytes'] / 1000:.0f} KB |"
    ]
    if result.get("weasyprint"):
        weasy = statistics.median(w for w, _ in result["weasyprint"])
        weasy_cpu = statistics.median(c for _, c in result["weasyprint"])
        lines.append(
            f"| {name}: WeasyPrint {result['weasy_version']} | {weasy:.1f} ms | "
            f"{sorted(w for w, _ in result['weasyprint'])[-1]:.1f} ms (max) | {weasy_cpu:.1f} ms | "
            f"{result['weasy_pages']} | {result['weasy_bytes'] / 1000:.0f} KB |"
        )
    return lines


def verdict(name: str, result: dict) -> str:
    ours = statistics.median(w for w, _ in result["reportlab"])
    ours_cpu = statistics.median(c for _, c in result["reportlab"])
    text = (
        f"{name}: p50 {ours:.1f} ms wall, {ours_cpu:.1f} ms CPU ({'met' if min(ours, ours_cpu) <= 100 else 'NOT met'})"
    )
    if result.get("weasyprint"):
        weasy = statistics.median(w for w, _ in result["weasyprint"])
        weasy_cpu = statistics.median(c for _, c in result["weasyprint"])
        ratio = min(weasy / ours, weasy_cpu / ours_cpu)
        text += (
            f"; {weasy / ours:.1f}x faster than WeasyPrint by wall time, {weasy_cpu / ours_cpu:.1f}x by CPU time "
            f"({'met' if ratio >= 5 else 'NOT met'})"
        )
    return text


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30, help="renders of each application")
    parser.add_argument("--write", type=Path, help="append the results to this markdown file")
    args = parser.parse_args()
    before = load()
    latin = bench_render(args.runs)
    scripts = bench_render(args.runs, TYPED)
    first = first_render_ms()
    after = load()
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "## Application PDF with every script",
        "",
        "`.venv/bin/python scripts/bench_pdf.py --write docs/benchmarks.md`",
        "",
        f"### Run of {now}",
        "",
        f"Machine: {machine()}. Load average (1 min) before and after, other work on the machine included: "
        f"{before:.1f} and {after:.1f}.",
        "",
        f"The fully answered golden application ({latin['answers']} answers, a 3,000-character essay), then the "
        f"same with {len(TYPED)} names and answers in Chinese, Japanese, Korean, Arabic, Hebrew, Devanagari, "
        "Cyrillic, Greek, Latin with diacritics and emoji. reportlab: `render_application` with the Noto "
        "fallback chains, HarfBuzz shaping and the bidi algorithm (engine/pdf/text.py), "
        f"{args.runs} runs after 3 warm-up runs. WeasyPrint: the same paragraphs as HTML with the same Noto "
        "fonts first in its font stack.",
        "",
        "| application: renderer | p50 wall | p95 wall | p50 CPU | pages | PDF size |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        *row("Latin", latin),
        *row("Every script", scripts),
        "",
        "Target: at most 100 ms and at least 5x faster than WeasyPrint. "
        + verdict("Latin", latin)
        + ". "
        + verdict("Every script", scripts)
        + ".",
        "",
        "A worker's first application with every script (fonts and HarfBuzz faces loaded before the fork, as "
        f"the worker's preload does), median of 3 fresh processes: {first[0]:.0f} ms wall, {first[1]:.0f} ms CPU.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        with open(args.write, "a") as out:
            out.write("\n" + text)


if __name__ == "__main__":
    main()
