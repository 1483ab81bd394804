"""A redis-server process of a test's own (Debian's binary) on a free loopback port, so a test can
stop and start it; the shared Redis is never stopped. With `config` (deploy/redis/formengine.conf,
the production settings docs/deploy.md gives) it keeps its data in an append-only file in `folder`,
and a restart finds it again; without, it keeps nothing."""

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis


def missing() -> str | None:
    """Why the tests cannot start a redis-server, or None."""
    return None if shutil.which("redis-server") else "redis-server is not installed (Debian package redis-server)"


@contextlib.contextmanager
def serving(folder: Path, config: Path | None = None) -> Iterator["RedisServer"]:
    """A started server for a fixture, stopped after the test; the test is skipped without the binary."""
    if missing():
        pytest.skip(missing())
    server = RedisServer(folder, config=config)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class RedisServer:
    def __init__(self, folder: Path, config: Path | None = None):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.folder = folder
        self.config = config
        self.process = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url)

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        argv = [shutil.which("redis-server")]
        argv += [str(self.config)] if self.config else ["--save", "", "--appendonly", "no"]
        argv += ["--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)]
        self.process = subprocess.Popen(argv, cwd=self.folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if self.client().ping():
                    return
            except redis.RedisError:
                time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        """SIGTERM, as `systemctl stop` sends: Redis writes its append-only file and exits."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)
