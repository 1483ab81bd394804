"""Worker processes for the job tests: their settings, and how they are started.

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
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = str(Path(__file__).resolve().parent)
S3_ENV = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_DEFAULT_REGION": "us-east-1"}

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(["forked_worker_preload", "job_workers"])


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
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        if self._process.exitcode is None:
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self._process.exitcode

    def kill(self) -> None:
        self._process.kill()


def run_forked(argv: list[str], env: dict, cwd: Path, folder: Path, timeout: float) -> subprocess.CompletedProcess:
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


def worker_env(app) -> dict:
    """The environment a worker for this app needs: the same settings the app was given."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), HERE]),
        "PYTHONUNBUFFERED": "1",
        "METRICS_PUBLIC": "1",  # a worker refuses to start with /metrics open by accident
    }
    names = {
        "DATABASE_URL": "DATABASE_URL",
        "STORAGE_BACKEND": "STORAGE_BACKEND",
        "STORAGE_PATH": "STORAGE_PATH",
        "S3_BUCKET": "S3_BUCKET",
        "S3_ENDPOINT_URL": "S3_ENDPOINT_URL",
        "SECRET_KEY": "SECRET_KEY",
        "TENANT_PATH": "TENANT",
        "DOCUMENT_JOB_TIMEOUT": "DOCUMENT_JOB_TIMEOUT",
        "DOCUMENT_JOB_GRACE_S": "DOCUMENT_JOB_GRACE_S",
        "PDF_JOB_TIMEOUT": "PDF_JOB_TIMEOUT",
        "MAIL_OUTBOX": "MAIL_OUTBOX",
        "SMTP_URL": "SMTP_URL",
        "PUBLIC_URL": "PUBLIC_URL",
        "APPLICATION_PDF_QUEUE": "APPLICATION_PDF_QUEUE",
        "DELIVERY_QUEUE": "DELIVERY_QUEUE",
        "DELIVERY_ATTEMPTS": "DELIVERY_ATTEMPTS",
        "DELIVERY_RETRY_BASE_S": "DELIVERY_RETRY_BASE_S",
        "DELIVERY_PDF_WAIT_S": "DELIVERY_PDF_WAIT_S",
        "DELIVERY_ALLOW_HOSTS": "DELIVERY_ALLOW_HOSTS",
        "CLEANUP_OLDER_THAN_H": "CLEANUP_OLDER_THAN_H",
        "CLEANUP_EVERY_S": "CLEANUP_EVERY_S",
        "JOB_RESCUE_EVERY_S": "JOB_RESCUE_EVERY_S",
        "JOB_WAIT_SLICE_S": "JOB_WAIT_SLICE_S",
    }
    for setting, variable in names.items():
        value = app.config.get(setting)
        if value not in (None, ""):
            env[variable] = str(value)
    if app.config.get("STORAGE_BACKEND") == "s3":
        env.update(S3_ENV)
    return env


def worker_arguments(app, queue: str, *options: str) -> list[str]:
    """`python -m engine.worker`'s arguments: the app's PDF queue and `queue` (the test's conversions)."""
    queues = [app.config["APPLICATION_PDF_QUEUE"], queue]
    return ["--url", app.config["REDIS_URL"], *options, *queues]


def run_worker_burst(app, queue: str, folder: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """A real worker process that works the queue until it is empty, then exits (its output in `folder`)."""
    return run_forked(worker_arguments(app, queue, "--burst"), worker_env(app), ROOT, folder, timeout)


class Worker:
    """A long-running worker process (its own process group, so a kill takes the work-horse too)."""

    def __init__(self, app, queue: str, log_path: Path):
        self.log_path = log_path
        self.process = ForkedProcess(worker_arguments(app, queue), worker_env(app), ROOT, log_path, log_path)

    def horses(self) -> list[int]:
        """The worker's work-horses (RQ forks one per job into a process group of its own)."""
        try:
            children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        except OSError:
            return []
        horses = []
        for pid in map(int, children):
            try:
                if os.getpgid(pid) == pid:  # the horse leads its own group; the scheduler does not
                    horses.append(pid)
            except ProcessLookupError:
                pass
        return horses

    def kill(self) -> None:
        """SIGKILL the worker and its work-horse at once: no handler of theirs runs."""
        targets = self.horses()
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        for pid in targets:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")
