"""Benchmark: the worker seconds a hostile upload can take.

Every file of the hostile corpus (tests/unit/documents/corpus.py, the files the tests refuse),
and the costliest files the budget still lets through (pictures just under the pixel budget,
text just under the page budget, the most pictures allowed, a 100-page PDF), each converted the
way a work-horse does: in a process that has run the worker's `preload()`, by
`convert.check_and_convert`, wall and CPU seconds, best of `--repeat`. Figures are reported,
never asserted (the target is under 5 s a file).

    .venv/bin/python scripts/bench_hostile_documents.py [--repeat 3] [--write docs/benchmarks.md]
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "unit" / "documents"))

import corpus  # noqa: E402
from benchlib import machine  # noqa: E402

SECTION = "## Hostile documents"


def _png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (width, height), 200).save(out, "PNG", optimize=True)
    return out.getvalue()


def docx_pictures_at_the_budget() -> bytes:
    """Three different pictures, 39.7 + 39.7 + 20 megapixels: just under the 100 of the budget."""
    from docx import Document
    from docx.shared import Inches

    document = Document()
    for width, height in ((6300, 6300), (6299, 6300), (5000, 4000)):
        document.add_picture(io.BytesIO(_png(width, height)), width=Inches(2))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def within_budget() -> dict:
    return {
        "docx: 3 pictures, 99.6 megapixels": (docx_pictures_at_the_budget, "pictures.docx"),
        "docx: 100 pictures": (lambda: corpus.docx_many_pictures(100), "pictures.docx"),
        "docx: 28 pages of text": (lambda: corpus.docx_long(28), "long.docx"),
        "pdf: 100 pages": (lambda: corpus.pdf("A page", pages=100), "long.pdf"),
    }


def measure(data: bytes, name: str, repeat: int) -> tuple[float, float, str]:
    from engine.documents.convert import ConversionRefused, check_and_convert

    best_wall = best_cpu = float("inf")
    outcome = ""
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            check_and_convert(data, name, corpus.RULES)
            outcome = "converted"
        except ConversionRefused as refused:
            outcome = "refused: " + refused.message.split(".")[0]
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best_wall, best_cpu, outcome


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write", type=Path, help="append the results to this markdown file's section")
    args = parser.parse_args(argv)

    from engine.documents.jobs import preload

    preload()
    rows = []
    cases = {f"hostile: {name}": (factory, file_name) for name, (factory, file_name, _) in corpus.HOSTILE.items()}
    cases.update({f"allowed: {name}": value for name, value in within_budget().items()})
    for label, (factory, file_name) in cases.items():
        data = factory()
        wall, cpu, outcome = measure(data, file_name, args.repeat)
        rows.append((label, len(data), wall, cpu, outcome))
        print(f"{label:55} {len(data):>9} B {wall:7.3f} s wall {cpu:7.3f} s CPU  {outcome}", flush=True)
    worst = max(rows, key=lambda row: row[2])
    print(f"worst: {worst[0]} {worst[2]:.3f} s")
    if args.write:
        write(args.write, rows, worst, args.repeat)


def write(path: Path, rows: list, worst: tuple, repeat: int) -> None:
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"### Run of {now}",
        "",
        f"Machine: {machine()}; load average {os.getloadavg()[0]:.1f} at the end (other work shared the cores). "
        f"`scripts/bench_hostile_documents.py`, best of {repeat}, in one process after the worker's `preload()`.",
        "",
        "| file | bytes | wall s | CPU s | outcome |",
        "| --- | ---: | ---: | ---: | --- |",
        *[f"| {label} | {size} | {wall:.3f} | {cpu:.3f} | {outcome} |" for label, size, wall, cpu, outcome in rows],
        "",
        f"**Worst: {worst[2]:.2f} s** ({worst[0]}); the target is under 5 s.",
        "",
    ]
    text = path.read_text()
    if SECTION not in text:
        text = text.rstrip("\n") + f"\n\n{SECTION}\n\n"
    head, _, tail = text.partition(SECTION + "\n")
    path.write_text(head + SECTION + "\n\n" + "\n".join(lines) + tail.lstrip("\n"))


if __name__ == "__main__":
    main()
