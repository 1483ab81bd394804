"""What each added language costs: compile time, the stored compiled form, and what one language's
form weighs as served. Compares example_scholarship in English alone with the shipped English and
French. Prints a markdown table for docs/benchmarks.md.

    .venv/bin/python scripts/bench_languages.py
"""

import gzip
import re
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from engine.definition import load_and_compile

ROOT = Path(__file__).resolve().parents[1]
TENANT = ROOT / "tenants" / "example_scholarship"
RUNS = 15


def _median_ms(folder: Path) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        load_and_compile(folder)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _english_alone(folder: Path) -> Path:
    shutil.copytree(TENANT, folder, ignore=shutil.ignore_patterns("translations"))
    tenant = folder / "tenant.yaml"
    tenant.write_text(re.sub(r"\n  languages:.*", "", tenant.read_text()))
    return folder


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        alone = _english_alone(Path(scratch) / "en")
        one, two = load_and_compile(alone), load_and_compile(TENANT)
        served = {language: two.in_language(language).json_bytes for language in (None, "fr")}
        start = time.perf_counter()
        for _ in range(RUNS):
            two._languages.clear()
            two.in_language("fr")
        apply_ms = (time.perf_counter() - start) / RUNS * 1000
        rows = [
            ("compile (median of 15)", f"{_median_ms(alone):.0f} ms", f"{_median_ms(TENANT):.0f} ms"),
            ("stored compiled form", f"{len(one.json_bytes) / 1024:.1f} KB", f"{len(two.json_bytes) / 1024:.1f} KB"),
            (
                "served form, English (gzip)",
                f"{len(gzip.compress(one.json_bytes, 9)) / 1024:.1f} KB",
                f"{len(gzip.compress(served[None], 9)) / 1024:.1f} KB",
            ),
            ("served form, French (gzip)", "-", f"{len(gzip.compress(served['fr'], 9)) / 1024:.1f} KB"),
            ("French words table applied (once per version)", "-", f"{apply_ms:.1f} ms"),
        ]
    print("| example_scholarship | English alone | English + French |\n| --- | ---: | ---: |")
    for row in rows:
        print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    main()
