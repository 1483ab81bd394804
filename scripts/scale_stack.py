"""The scale test's production-like stack on loopback: a PostgreSQL cluster of its own (so the
database can be restarted; or a fresh database on a given server), a Redis server of its own
(append-only file on, as docs/deploy.md advises), moto_server as S3, two gunicorn app processes
behind nginx, two RQ workers.

Every process runs in its own session (process group) so a SIGKILL takes the whole of it
(gunicorn's master and workers, an RQ worker and its work-horse), like a lost host. `close()`
stops everything it started and drops the database; it is safe to call twice.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

import pgcluster

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = ROOT / ".venv" / "bin"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def log(message: str) -> None:
    print(f"[scale_test {time.strftime('%H:%M:%S')}] {message}", flush=True)


def ensure_nginx() -> str:
    """The nginx binary; installed from Debian's package (said out loud) when missing."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found:
        return found
    log("nginx is missing: running `apt-get install -y nginx-light` (Debian's package) ...")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for package in ("nginx-light", "nginx"):
        result = subprocess.run(
            ["apt-get", "install", "-y", "--no-install-recommends", package],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=300,
        )
        if result.returncode == 0:
            break
        log(f"apt-get install {package} failed: {result.stderr.decode(errors='replace')[-300:]}")
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if not found:
        raise SystemExit("nginx is not available and could not be installed (try `apt-get update` first)")
    log(f"installed nginx at {found}")
    return found


NGINX_CONF = """\
{user}worker_processes 1;
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    log_format upstream '$time_iso8601 "$request" $status $request_time s '
                        'upstream $upstream_addr $upstream_status $upstream_response_time';
    access_log {tmp}/nginx-access.log upstream;
    client_body_temp_path {tmp}/nginx/body;
    proxy_temp_path {tmp}/nginx/proxy;
    fastcgi_temp_path {tmp}/nginx/fastcgi;
    uwsgi_temp_path {tmp}/nginx/uwsgi;
    scgi_temp_path {tmp}/nginx/scgi;
    client_max_body_size 4m;
    upstream formengine {{
{servers}
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://formengine;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_next_upstream error timeout http_502;
            proxy_next_upstream_tries 2;
            proxy_connect_timeout 1s;
            proxy_read_timeout 30s;
        }}
    }}
}}
"""


class Stack:
    def __init__(
        self,
        *,
        database_server: str | None,
        web_workers: int | None,
        keep: bool = False,
        job_env: dict | None = None,
        tree: str = "HEAD",
    ):
        self.tmp = Path(tempfile.mkdtemp(prefix="scale_test_"))
        self.tree = tree
        self.src = ROOT
        self.commit = ""
        self.keep = keep
        self.database_server = database_server  # None: a cluster of the stack's own
        self.cluster: pgcluster.Cluster | None = None
        self.database_url: str | None = None
        self.database_name: str | None = None
        self.procs: dict[str, subprocess.Popen] = {}
        self.app_ports = [free_port(), free_port()]
        self.redis_port = free_port()
        self.moto_port = free_port()
        self.lb_port = free_port()
        self.bucket = f"scale-{uuid.uuid4().hex[:10]}"
        self.web_workers = web_workers
        self.job_env = job_env or {}
        self.closed = False

    # --- environment ---------------------------------------------------------------------

    @property
    def env(self) -> dict:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("FORMENGINE_", "PROMETHEUS_"))}
        env.update(
            {
                "DATABASE_URL": self.database_url or "",
                "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
                "STORAGE_BACKEND": "s3",
                "S3_BUCKET": self.bucket,
                "S3_ENDPOINT_URL": f"http://127.0.0.1:{self.moto_port}",
                "S3_PUBLIC_URL": f"http://127.0.0.1:{self.moto_port}",
                "S3_REGION": "us-east-1",
                "AWS_ACCESS_KEY_ID": "testing",
                "AWS_SECRET_ACCESS_KEY": "testing",
                "AWS_DEFAULT_REGION": "us-east-1",
                "MAIL_OUTBOX": str(self.tmp / "outbox"),
                "SMTP_URL": "",
                "FORMENGINE_INSTANCE": str(self.tmp / "instance"),
                "PUBLIC_URL": f"http://127.0.0.1:{self.lb_port}",
                "SECRET_KEY": secrets.token_urlsafe(48),
                "METRICS_TOKEN": secrets.token_urlsafe(32),  # production starts refuse an open /metrics
                "LOG_FORMAT": "json",
                "FORWARDED_ALLOW_IPS": "127.0.0.1",
                # Every simulated applicant comes from 127.0.0.1: the per-address abuse limits would
                # count them as one crowd (the per-applicant ones still hold).
                **{
                    f"RATE_LIMIT_{action}_ADDRESS": "off"
                    for action in ("PRESIGN", "CONVERSION", "PDF", "VALIDATIONS", "LOOKUP")
                },
                **self.job_env,
            }
        )
        if self.src != ROOT:
            env["PYTHONPATH"] = str(self.src)
        if self.web_workers:
            env["WEB_CONCURRENCY"] = str(self.web_workers)
        return env

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.lb_port}"

    # --- starting -----------------------------------------------------------------------

    def _spawn(self, name: str, command: list[str], env: dict | None = None) -> subprocess.Popen:
        if self.closed:  # the fault thread must not restart anything once cleanup began
            raise RuntimeError(f"not starting {name}: the stack is shutting down")
        out = open(self.tmp / f"{name}.log", "ab")
        process = subprocess.Popen(
            command,
            cwd=self.src,
            env=env or self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        out.close()
        self.procs[name] = process
        return process

    def snapshot(self) -> None:
        """Run the committed code (`git archive`), not a working tree other people are editing;
        --tree working runs the working tree as it is."""
        if self.tree == "working":
            self.commit = (
                "working tree of "
                + subprocess.run(
                    ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
                ).stdout.strip()
            )
            return
        self.commit = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", self.tree], check=True, capture_output=True, text=True
        ).stdout.strip()
        self.src = self.tmp / "src"
        self.src.mkdir()
        archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", self.tree], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(self.src)], stdin=archive.stdout, check=True)
        archive.stdout.close()
        if archive.wait() != 0:
            raise SystemExit(f"git archive {self.tree} failed")
        log(f"running commit {self.commit} (a `git archive` copy in {self.src})")

    def start(self, nginx: str) -> None:
        self.snapshot()
        (self.tmp / "outbox").mkdir()
        (self.tmp / "instance").mkdir()
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.tmp / "nginx" / sub).mkdir(parents=True)
        if self.database_server is None:
            self.cluster = pgcluster.Cluster()
            self.cluster.start()
            self.database_server = self.cluster.url
            log(f"PostgreSQL cluster of the run's own on port {self.cluster.port} ({self.cluster.folder})")
        self._create_database()
        log(f"database {self.database_name}: running `formengine db upgrade`")
        subprocess.run(
            [str(VENV_BIN / "formengine"), "db", "upgrade"],
            cwd=self.src,
            env=self.env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=120,
        )
        self.start_redis()
        self._spawn("moto", [str(VENV_BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(self.moto_port)])
        self._wait_port(self.moto_port, "moto_server")
        import boto3

        boto3.client(
            "s3",
            endpoint_url=f"http://127.0.0.1:{self.moto_port}",
            region_name="us-east-1",
            aws_access_key_id="testing",
            aws_secret_access_key="testing",
        ).create_bucket(Bucket=self.bucket)
        for index in range(2):
            self.start_app(index)
        for index in range(2):
            self.start_worker(index)
        for index in range(2):
            self.wait_app(index)
        servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;" for port in self.app_ports)
        user = "user root root;\n" if os.geteuid() == 0 else ""
        conf = self.tmp / "nginx.conf"
        conf.write_text(NGINX_CONF.format(user=user, tmp=self.tmp, servers=servers, port=self.lb_port))
        self._spawn("nginx", [nginx, "-e", str(self.tmp / "nginx-error.log"), "-c", str(conf), "-p", str(self.tmp)])
        self._wait_http(f"{self.base_url}/readyz", "nginx -> apps")
        log(
            f"stack up in {self.tmp}: nginx :{self.lb_port} -> apps :{self.app_ports[0]}, :{self.app_ports[1]}; "
            f"redis :{self.redis_port}; moto :{self.moto_port}; 2 workers"
        )

    def start_redis(self) -> None:
        # Append-only file, as docs/deploy.md advises: a restarted Redis keeps the jobs it held.
        argv = ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", ""]
        self._spawn("redis", argv + ["--appendonly", "yes", "--appendfsync", "always", "--dir", str(self.tmp)])
        self._wait_port(self.redis_port, "redis")

    def stop_redis(self) -> float:
        """SIGTERM (Redis writes its append-only file and exits); returns when it is down."""
        process = self.procs["redis"]
        at = time.time()
        process.terminate()
        process.wait(timeout=30)
        return at

    def restart_database(self, down: float) -> tuple[float, float]:
        """Stop the cluster (fast: sessions are cut, as in a restart or a failover), wait `down`
        seconds, start it again; returns (stopped at, started at)."""
        if self.cluster is None:
            raise RuntimeError("the database server is shared: it cannot be restarted")
        at = time.time()
        self.cluster.stop("fast")
        time.sleep(down)
        self.cluster.start()
        return at, time.time()

    def start_app(self, index: int) -> None:
        port = self.app_ports[index]
        self._spawn(
            f"app{index}",
            [
                str(VENV_BIN / "gunicorn"),
                "-c",
                str(self.src / "engine" / "gunicorn_conf.py"),
                "--no-control-socket",
                "--bind",
                f"127.0.0.1:{port}",
                "--error-logfile",
                str(self.tmp / f"app{index}-gunicorn.log"),
                "engine.wsgi:app",
            ],
            env={**self.env, "BIND": f"127.0.0.1:{port}"},
        )

    def wait_app(self, index: int, timeout: float = 60) -> None:
        self._wait_http(f"http://127.0.0.1:{self.app_ports[index]}/readyz", f"app{index}", timeout)

    def start_worker(self, index: int) -> None:
        self._spawn(f"worker{index}", [str(VENV_BIN / "formengine"), "worker"])

    def _wait_port(self, port: int, what: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"{what} did not start on port {port}; see {self.tmp}")

    def _wait_http(self, url: str, what: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    if response.status == 200:
                        return
            except Exception as exc:  # any failure means "not yet"
                last = exc
            time.sleep(0.2)
        raise SystemExit(f"{what} not ready at {url}: {last}; see the logs in {self.tmp}")

    # --- faults -------------------------------------------------------------------------

    def kill(self, name: str) -> float:
        """SIGKILL the named process, its whole group and every descendant (RQ's work-horse runs in
        a session of its own, so the group alone would spare it); returns the time (time.time())."""
        process = self.procs[name]
        victims = descendants(process.pid)
        at = time.time()
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        for pid in victims:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        process.wait(timeout=10)
        return at

    def busy_worker(self) -> tuple[int, str] | None:
        """(index, job description) of a worker whose work-horse is running a job, if any."""
        from redis import Redis
        from rq import Worker
        from rq.serializers import JSONSerializer

        try:
            conn = Redis(port=self.redis_port, host="127.0.0.1")
            busy = {w.pid: w for w in Worker.all(connection=conn, serializer=JSONSerializer) if w.get_state() == "busy"}
            for index in range(2):
                worker = busy.get(self.procs[f"worker{index}"].pid)
                if worker is not None:
                    job = worker.get_current_job()
                    return index, f"{job.func_name}{tuple(job.args[:1])} job {job.id}" if job else "a job"
        except Exception:
            return None
        return None

    # --- database -----------------------------------------------------------------------

    def _create_database(self) -> None:
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        self.database_name = f"formengine_scale_{uuid.uuid4().hex[:10]}"
        admin = create_engine(self.database_server, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{self.database_name}"'))
        admin.dispose()
        self.database_url = (
            make_url(self.database_server).set(database=self.database_name).render_as_string(hide_password=False)
        )

    def _drop_database(self) -> None:
        if not self.database_name:
            return
        from sqlalchemy import create_engine, text

        admin = create_engine(self.database_server, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(
                text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"),
                {"n": self.database_name},
            )
            conn.execute(text(f'DROP DATABASE IF EXISTS "{self.database_name}"'))
        admin.dispose()
        log(f"dropped database {self.database_name}")
        self.database_name = None

    # --- stopping -----------------------------------------------------------------------

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        time.sleep(0.2)  # a restart already under way registers its process first
        order = ["nginx", "app0", "app1", "worker0", "worker1", "moto", "redis"]
        for name in order + [n for n in list(self.procs) if n not in order]:
            process = self.procs.get(name)
            if process is None or process.poll() is not None:
                continue
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
        deadline = time.monotonic() + 10
        for name, process in list(self.procs.items()):
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
            try:  # whatever is left of the group (a work-horse, a gunicorn worker)
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                log(f"{name} (pid {process.pid}) did not exit")
        try:
            self._drop_database()
        except Exception as exc:
            log(f"could not drop database {self.database_name}: {exc}")
        if self.cluster is not None:
            self.cluster.close()
        if self.keep:
            log(f"logs kept in {self.tmp}")
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)


def descendants(pid: int) -> list[int]:
    """Every live descendant of `pid` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found
