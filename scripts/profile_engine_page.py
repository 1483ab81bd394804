"""Profile: where the engine's time goes on the large generated tenant's first page (the keystroke in
the count and the switch to the second page, as `make bench-large` times them), in Chromium at 4x CPU
throttling under the V8 sampling profiler. Generates the tenant and its answer set as
scripts/bench_peers.py does, starts `formengine run`, runs bench/peers/profile.mjs and prints the
top functions by self time (grouped by original source position through the bundle's source map).

    .venv/bin/python scripts/profile_engine_page.py [--seed 1] [--keystrokes 12] [--switches 3] [--json out.json]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PEERS = ROOT / "bench" / "peers"
PASSWORD = "Bench-large-2026!"


def show(name: str, part: dict) -> None:
    counters = part["counters"]
    print(f"\n== {name}: profiled {part['profiled_ms']} ms, busy {part['busy_ms']} ms")
    if "times" in part:
        print("   timed (ms): " + ", ".join(f"{t:.0f}" for t in part["times"]))
    print(
        "   renderer counters (ms): " + ", ".join(f"{k.removesuffix('Duration')} {v:.0f}" for k, v in counters.items())
    )
    for title, key in (("self time by function", "self"), ("self time by file", "files"), ("total time", "total")):
        print(f"   -- {title}")
        for row in part[key]:
            print(f"   {row['ms']:8.1f} ms {row['share']:5.1f}%  {row['key']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keystrokes", type=int, default=12)
    parser.add_argument("--switches", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the raw results here")
    options = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="profile-engine-"))
    python = sys.executable
    try:
        tenant, answers, out = scratch / "tenant", scratch / "answers.json", scratch / "peers"
        subprocess.run(
            [python, str(ROOT / "scripts" / "make_large_tenant.py"), "--seed", str(options.seed)]
            + ["--out", str(tenant), "--answers", str(answers)],
            check=True,
        )
        subprocess.run(
            [python, str(PEERS / "convert.py"), str(tenant), str(out), "--answers", str(answers), "--sets", "1"],
            check=True,
        )
        from tests.e2e.runapp import serving

        env = {"TENANT": str(tenant)}
        for app in serving(scratch / "instance", env=env):
            username = "full@large.example.org"
            subprocess.run(
                [str(Path(python).with_name("formengine")), "accounts", "create", username, "--password", PASSWORD],
                cwd=ROOT,
                env={**app.cli_env, **env},
                check=True,
                capture_output=True,
            )
            config = {
                "engine_url": app.url,
                "peers_dir": str(out),
                "full": [username, PASSWORD],
                "keystrokes": options.keystrokes,
                "switches": options.switches,
                "out": str(scratch / "profile.json"),
            }
            (scratch / "config.json").write_text(json.dumps(config))
            subprocess.run(["node", str(PEERS / "profile.mjs"), str(scratch / "config.json")], cwd=ROOT, check=True)
        results = json.loads((scratch / "profile.json").read_text())
        print(f"load average at the start: {results['machine']['load_average']:.1f}; throttle {results['throttle']}x")
        for name in ("keystroke", "after_keystrokes", "page_switch"):
            show(name, results[name])
        if options.json:
            options.json.write_text(json.dumps(results, indent=1))
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    os.environ.setdefault("CHROMIUM", "/usr/bin/chromium")
    sys.exit(main())
