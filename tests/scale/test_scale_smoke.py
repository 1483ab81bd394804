"""The scale test's fast variant: `scripts/scale_test --smoke` (3 applicants, 10 s of load, one
app process and one RQ worker SIGKILLed and restarted, Redis stopped and started, PostgreSQL
restarted, then the key-by-key checks).

It needs nginx (installed by the script with apt-get when missing), redis-server, moto_server and
PostgreSQL's initdb and pg_ctl (a cluster of the run's own), and takes a minute or two, so it runs only
when SCALE_SMOKE=1 is set: `SCALE_SMOKE=1 .venv/bin/python -m pytest tests/scale -q`.
The working tree is what runs (`--tree working`), so uncommitted changes are tested too.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    os.environ.get("SCALE_SMOKE") != "1", reason="slow: set SCALE_SMOKE=1 to run scripts/scale_test --smoke"
)


def test_scale_smoke_loses_nothing_across_kills():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "scale_test"), "--smoke", "--tree", "working"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert "lost answers 0, lost jobs 0" in output, output[-6000:]
    for fault in ("SIGKILL app", "SIGKILL worker", "Redis stopped", "PostgreSQL stopped"):
        assert fault in output, output[-6000:]
