"""Benchmark: the application PDF laid out right to left, against the same left to right.

The fully answered golden application (intl_undergrad, a 3,000-character essay) rendered by
`render_application` three ways: in its own language (left to right), with its language set to Arabic
(the same words, every line laid out right to left: each paragraph through the bidi algorithm, lines
against the right margin), and in the right-to-left pseudo-language (`formengine pseudo --rtl`: every
word of the form's mirrored by an override, so each is ordered and drawn right to left). Reported,
never asserted.

    .venv/bin/python scripts/bench_rtl_pdf.py [--runs 30]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_documents import full_answers, load  # noqa: E402 (scripts/ is on sys.path when run as a script)
from benchlib import machine  # noqa: E402

BASE = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    from engine.definition import load_and_compile
    from engine.definition.pseudo import pseudo_tenant
    from engine.pdf.render import render_application

    base = json.loads(BASE.read_text())
    today = dt.date.fromisoformat(base["today"])
    form = load_and_compile(ROOT / "tenants" / "intl_undergrad", today).data
    answers = full_answers(form, base["answers"])
    with tempfile.TemporaryDirectory() as folder:
        pseudo_tenant(ROOT / "tenants" / "intl_undergrad", Path(folder) / "rtl", rtl=True)
        pseudo = load_and_compile(Path(folder) / "rtl", today).data
    forms = {
        "left to right (en)": form,
        "right to left (ar, the same words)": {**form, "settings": {**form["settings"], "language": "ar"}},
        "right-to-left pseudo-language (ar-XB)": pseudo,
    }
    print(f"Machine: {machine()}. Load average (1 min) before: {load():.1f}.")
    print("\n| application | p50 CPU | p95 CPU | PDF size |\n| --- | ---: | ---: | ---: |")
    for name, served in forms.items():
        for _ in range(3):
            pdf = render_application(served, answers)
        times = []
        for _ in range(runs):
            start = time.process_time()
            render_application(served, answers)
            times.append((time.process_time() - start) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"| {name} | {statistics.median(times):.1f} ms | {p95:.1f} ms | {len(pdf) / 1024:.0f} KB |")
    print(f"\nLoad average (1 min) after: {load():.1f}.")


if __name__ == "__main__":
    main()
