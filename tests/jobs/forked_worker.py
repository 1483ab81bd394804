"""Worker processes for the job tests, forked from a parent that has already loaded the engine.

Each test starts real `engine.worker` processes (about 70 in a run). Started with `python -m
engine.worker`, each spent about 1.1 s of CPU importing and preloading the engine before it looked at
its queue: over a minute of the suite's CPU. Here a forkserver (multiprocessing's, one per test process)
imports `engine.worker` and runs the documents' preload once (`forked_worker_preload`); every worker is
a fork of it that takes the test's environment, working folder, session and log files, then runs
`engine.worker.main` with the same arguments the command line would get. The worker is the same
code in a process of its own (RQ forks its work-horses from it as in production); only its start is
shared. `formengine worker` itself is still started as a command (test_worker_command.py).
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(["forked_worker_preload", "forked_worker"])


def _run(argv: list[str], env: dict, cwd: str, stdout: str, stderr: str) -> None:
    """In the forked child: become the worker `argv` would start, then run it."""
    os.setsid()  # its own session and process group, as `start_new_session=True` gives
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    for number, path in ((1, stdout), (2, stderr)):
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.dup2(fd, number)
        os.close(fd)
    sys.stdout.reconfigure(line_buffering=True)
    sys.stderr.reconfigure(line_buffering=True)
    from engine.worker import main

    sys.exit(main(argv))


class ForkedProcess:
    """The part of `subprocess.Popen` the tests use, for a worker forked by the forkserver."""

    def __init__(self, argv: list[str], env: dict, cwd: Path, stdout: Path, stderr: Path):
        self.args = argv
        for path in (stdout, stderr):
            path.touch()  # there from the start, as a log Popen is given
        self._process = _CONTEXT.Process(target=_run, args=(argv, env, str(cwd), str(stdout), str(stderr)))
        self._process.start()
        self.pid = self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.exitcode

    def poll(self) -> int | None:
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        if self._process.exitcode is None:
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self._process.exitcode

    def kill(self) -> None:
        self._process.kill()


def run(argv: list[str], env: dict, cwd: Path, folder: Path, timeout: float) -> subprocess.CompletedProcess:
    """Like `subprocess.run(..., capture_output=True, text=True, timeout=timeout)`."""
    folder.mkdir(parents=True, exist_ok=True)
    stdout, stderr = folder / "stdout", folder / "stderr"
    process = ForkedProcess(argv, env, cwd, stdout, stderr)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise
    return subprocess.CompletedProcess(argv, process.returncode, stdout.read_text(), stderr.read_text())
