"""A throwaway PostgreSQL cluster on loopback (initdb + pg_ctl) for the fault tests, which stop
and start the database server itself: the shared server at 127.0.0.1:5432 must never be touched.

As root, initdb and pg_ctl run as the `postgres` user (PostgreSQL refuses root). Used by
scripts/scale_test (the database restart fault) and tests/api/test_database_outage.py.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def missing() -> str | None:
    """Why no cluster can be made here, or None."""
    for name in ("initdb", "pg_ctl"):
        if _binary(name) is None:
            return f"{name} is not installed (Debian: apt-get install postgresql)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "runuser is needed to run PostgreSQL as the postgres user"
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Cluster:
    """`start()`, `stop()` (fast shutdown: sessions are cut, as in a restart), `close()`."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="formengine-pg-"))
        self.port = _free_port()
        self.data = self.folder / "data"
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run(
            [_binary("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]
            + ["--no-locale", "--no-sync"]
        )

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, argv: list) -> None:
        if os.geteuid() == 0:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        result = subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed: {result.stdout[-500:]} {result.stderr[-500:]}")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            [_binary("pg_ctl"), "-D", self.data, "-l", self.folder / "postgres.log", "-w", "-o", options, "start"]
        )

    def stop(self, mode: str = "fast") -> None:
        self._run([_binary("pg_ctl"), "-D", self.data, "-m", mode, "-w", "stop"])

    def close(self) -> None:
        try:
            self.stop("immediate")
        except RuntimeError:
            pass  # not running
        shutil.rmtree(self.folder, ignore_errors=True)
