"""Run `formengine run` as a real process tree from a test, and watch its processes."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[2]
FORMENGINE = Path(sys.executable).with_name("formengine")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def http_status(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


class RunningApp:
    """`formengine run` on a free port with its own instance folder and embedded Redis."""

    def __init__(self, instance: Path, port: int | None = None, env: dict | None = None):
        self.instance = instance
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = instance.parent / f"run-{self.port}.log"
        # The embedded defaults (SQLite, embedded Redis) whatever the calling shell has set.
        # No SECRET_KEY either: `formengine run` makes the instance folder's development key; no
        # PUBLIC_URL, so links point at this run.
        drop = {"REDIS_URL", "DATABASE_URL", "PORT", "SECRET_KEY", "PUBLIC_URL"}
        self.env = {k: v for k, v in os.environ.items() if k not in drop}
        # Tests seed rows with fixed dates that a retention pass would delete mid-test (retention has
        # its own tests): it is off unless a test turns it on through `env`.
        self.env.update(
            {"FORMENGINE_INSTANCE": str(instance), "PYTHONUNBUFFERED": "1", "RETENTION_EVERY_S": "0", **(env or {})}
        )
        instance.parent.mkdir(parents=True, exist_ok=True)
        self._log_handle = open(self.log, "wb")
        self.process = subprocess.Popen(
            [str(FORMENGINE), "run", "--port", str(self.port)],
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=self._log_handle,
            stderr=subprocess.STDOUT,
        )

    @property
    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_until_serving(self, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"formengine run exited with {self.process.returncode}:\n{self.output}")
            if http_status(f"{self.url}/public/form") == 200 and "formengine is running" in self.output:
                return
            time.sleep(0.2)
        raise AssertionError(f"formengine run did not serve within {timeout} s:\n{self.output}")

    @property
    def cli_env(self) -> dict:
        """For `formengine` commands against this app: its settings and its development key."""
        return {**self.env, "SECRET_KEY": (self.instance / "secret_key").read_text().strip()}

    def run_file(self) -> dict:
        return json.loads((self.instance / "formengine-run.json").read_text())

    def process_tree(self) -> set[int]:
        """Every process this run owns: its descendants and the (daemonised) embedded Redis."""
        pids = {child.pid for child in psutil.Process(self.process.pid).children(recursive=True)}
        redis_pid = self.run_file().get("redis_pid")
        if redis_pid:
            pids.add(redis_pid)
        return pids

    def stop(self, signum=signal.SIGINT, timeout: float = 60.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signum)
        try:
            return self.process.wait(timeout)
        finally:
            self._log_handle.close()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._log_handle.close()


def serving(instance: Path, port: int | None = None, env: dict | None = None):
    """Yield a started `formengine run`; afterwards stop it and reap its whole process tree
    (for fixtures: `yield from serving(...)`)."""
    app = RunningApp(instance, port=port, env=env)
    owned: set[int] = set()
    try:
        app.wait_until_serving()
        owned = app.process_tree()
        yield app
    finally:
        if app.process.poll() is None:
            owned |= app.process_tree()
            app.stop(signal.SIGTERM)
        app.kill()
        for pid in alive(owned):
            os.kill(pid, signal.SIGKILL)


def alive(pids) -> set[int]:
    left = set()
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                left.add(pid)
        except psutil.NoSuchProcess:
            pass
    return left


def wait_all_gone(pids, timeout: float = 20.0) -> set[int]:
    deadline = time.monotonic() + timeout
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return alive(pids)
