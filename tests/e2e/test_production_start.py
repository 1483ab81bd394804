"""Production entry points refuse to start without a real SECRET_KEY, with a message that names
it and says how to make one; `formengine run` makes a development key of its own. gunicorn's
engine.wsgi and the worker also refuse an open /metrics: no METRICS_TOKEN (or a placeholder) and
no METRICS_PUBLIC=1."""

import os
import secrets
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from runapp import FORMENGINE, ROOT, free_port

GUNICORN = Path(sys.executable).with_name("gunicorn")
UNUSABLE = {"missing": None, "default": "dev-only-secret-change-me", "short": "s3cr3t-but-only-29-bytes-long"}
SAYS = {"missing": "SECRET_KEY is not set", "default": "published placeholder", "short": "shorter than 32 bytes"}


METRICS_REFUSED = {
    "missing": (None, "METRICS_TOKEN is not set"),
    "example": ("change-me", "METRICS_TOKEN is a published placeholder"),
    "short": ("letmein", "METRICS_TOKEN is shorter than 32 bytes"),
}
HIDDEN = {"SECRET_KEY", "REDIS_URL", "PORT", "METRICS_TOKEN", "METRICS_PUBLIC"}


def _env(tmp_path, key, metrics_token: str | None = "generated") -> dict:
    env = {k: v for k, v in os.environ.items() if k not in HIDDEN}
    env.update(
        {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}", "FORMENGINE_INSTANCE": str(tmp_path / "instance")}
    )
    if key is not None:
        env["SECRET_KEY"] = key
    if metrics_token is not None:
        env["METRICS_TOKEN"] = secrets.token_urlsafe(32) if metrics_token == "generated" else metrics_token
    return env


def _refused(argv: list[str], env: dict, kind: str) -> None:
    result = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert SAYS[kind] in output and "secrets.token_urlsafe(48)" in output, output
    assert "Traceback" not in output, output


@pytest.mark.parametrize("kind", UNUSABLE)
def test_gunicorn_refuses_to_start(tmp_path, kind):
    argv = [str(GUNICORN), "-c", "engine/gunicorn_conf.py", "--bind", f"127.0.0.1:{free_port()}", "engine.wsgi:app"]
    _refused(argv, _env(tmp_path, UNUSABLE[kind]), kind)


@pytest.mark.parametrize(
    "command",
    [
        ["worker", "--url", "redis://127.0.0.1:9/0", "--burst"],
        ["service-token", "create", "someone@example.edu"],
        ["accounts", "create", "someone@example.edu", "--password", "Correct-Horse-9"],
    ],
    ids=["worker", "service-token", "accounts"],
)
def test_the_worker_and_cli_commands_refuse_to_start(tmp_path, command):
    _refused([str(FORMENGINE), *command], _env(tmp_path, None), "missing")


def test_the_worker_module_refuses_a_placeholder_key(tmp_path):
    argv = [sys.executable, "-m", "engine.worker", "--url", "redis://127.0.0.1:9/0", "--burst"]
    _refused(argv, _env(tmp_path, UNUSABLE["default"]), "default")


GUNICORN_ARGV = ["-c", "engine/gunicorn_conf.py", "--bind", "127.0.0.1:{port}", "engine.wsgi:app"]
WORKER_ARGV = ["worker", "--url", "redis://127.0.0.1:9/0", "--burst"]


@pytest.mark.parametrize("kind", METRICS_REFUSED)
@pytest.mark.parametrize("entry", ["gunicorn", "worker"])
def test_production_starts_refuse_an_open_or_placeholder_metrics_token(tmp_path, entry, kind):
    token, says = METRICS_REFUSED[kind]
    if entry == "gunicorn":
        argv = [str(GUNICORN), *(a.format(port=free_port()) for a in GUNICORN_ARGV)]
    else:
        argv = [str(FORMENGINE), *WORKER_ARGV]
    result = subprocess.run(
        argv,
        cwd=ROOT,
        env=_env(tmp_path, secrets.token_urlsafe(48), token),
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert says in output and "Traceback" not in output, output
    assert kind != "missing" or "METRICS_PUBLIC=1" in output, output


def test_the_worker_starts_with_metrics_public_on_purpose(tmp_path):
    """METRICS_PUBLIC=1 is the explicit choice of an open /metrics: the check lets the worker run
    (here it goes on to find no Redis on the port, which is its next complaint)."""
    env = {**_env(tmp_path, secrets.token_urlsafe(48), None), "METRICS_PUBLIC": "1"}
    result = subprocess.run(
        [str(FORMENGINE), *WORKER_ARGV], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    output = result.stdout + result.stderr
    assert "METRICS_TOKEN" not in output, output


def test_run_refuses_a_short_key_before_starting_anything(tmp_path):
    _refused([str(FORMENGINE), "run", "--port", str(free_port())], _env(tmp_path, UNUSABLE["short"]), "short")
    assert not (tmp_path / "instance" / "formengine-run.json").exists()


def test_a_production_start_with_a_real_key_serves(tmp_path):
    """The same gunicorn command answers once SECRET_KEY is a real key."""
    port = free_port()
    env = _env(tmp_path, secrets.token_urlsafe(48))
    subprocess.run([str(FORMENGINE), "db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    server = subprocess.Popen(
        [
            str(GUNICORN),
            "-c",
            "engine/gunicorn_conf.py",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "engine.wsgi:app",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
                    assert response.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "gunicorn did not serve"
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(30)
