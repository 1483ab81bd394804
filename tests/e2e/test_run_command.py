"""`formengine run` starts the whole stack and stops all of it: real processes, real signals."""

import json
import shutil
import signal
import subprocess
import time
import urllib.request

import pytest
from runapp import FORMENGINE, ROOT, RunningApp, alive, free_port, http_status, wait_all_gone

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_run_serves_the_form_and_stops_every_child(tmp_path, signum):
    app = RunningApp(tmp_path / "instance")
    try:
        app.wait_until_serving()
        owned = app.process_tree()
        run_file = app.run_file()
        assert {run_file["web_pid"], run_file["worker_pid"], run_file["convert_pid"], run_file["redis_pid"]} <= owned
        assert run_file["redis_url"] == f"unix://{app.instance / 'redis.sock'}"
        assert http_status(f"{app.url}/") == 200
        assert (app.instance / "intl_undergrad.db").exists()  # the embedded database is the tenant's own
        assert (app.instance / "outbox").is_dir()
        # No SECRET_KEY given: a random development key of this instance folder, readable only by its owner.
        assert (app.instance / "secret_key").stat().st_mode & 0o777 == 0o600
        # The workers preload the job modules before they listen; on a slow machine that can take
        # longer than the web process needs to serve. Stop them once they are up, as a person would.
        # Application PDFs and conversions have a worker each.
        listening = {"worker.log": "Listening on application-pdfs, default", "convert.log": "Listening on conversions"}
        deadline = time.monotonic() + 60
        for name, line in listening.items():
            log_file = app.instance / "logs" / name
            while line not in (log_file.read_text() if log_file.exists() else ""):
                assert time.monotonic() < deadline, f"{name}: the worker never started listening"
                time.sleep(0.2)

        assert app.stop(signum) == 0
        assert wait_all_gone(owned) == set()
    finally:
        app.kill()
    output = app.output
    assert f"Application    {app.url}/" in output
    assert f"Mail outbox    {app.instance / 'outbox'}" in output
    assert f"Secret key     {app.instance / 'secret_key'} (development)" in output
    assert "formengine stopped." in output
    assert not (app.instance / "formengine-run.json").exists()
    assert not (app.instance / "redis.sock").exists()
    for name, line in listening.items():
        assert (app.instance / "logs" / name).read_text().count(line) == 1


def test_a_second_run_on_the_same_instance_is_refused(running_app):
    second = subprocess.run(
        [str(FORMENGINE), "run", "--port", str(free_port())],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=running_app.env,
        timeout=60,
    )
    assert second.returncode != 0
    assert "already running" in second.stderr
    assert http_status(f"{running_app.url}/public/form") == 200


def test_links_in_emails_and_from_the_cli_point_at_the_running_app_without_public_url(running_app):
    """PUBLIC_URL unset: links use the port this run serves on, not a default one."""
    request = urllib.request.Request(
        f"{running_app.url}/public/signup",
        data=json.dumps({"username": "links@example.org", "password": "Correct-Horse-42!"}).encode(),
        headers={"Content-Type": "application/json", "Origin": running_app.url},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
    deadline = time.monotonic() + 10
    mails = []
    while not mails and time.monotonic() < deadline:
        mails = [p.read_text() for p in (running_app.instance / "outbox").glob("*.eml")]
        time.sleep(0.1)
    assert mails and f"{running_app.url}/confirm" in mails[0]
    assert f"E-mail links   {running_app.url}/ (PUBLIC_URL)" in running_app.output

    cli = [str(FORMENGINE), "service-token", "create", "links@example.org"]
    printed = subprocess.run(cli, cwd=ROOT, env=running_app.cli_env, capture_output=True, text=True, timeout=60)
    assert printed.returncode == 0, printed.stderr
    assert f"{running_app.url}/" in printed.stdout and "service_token=" in printed.stdout


def test_children_die_with_a_killed_runner_and_the_next_run_cleans_up(tmp_path):
    first = RunningApp(tmp_path / "instance")
    try:
        first.wait_until_serving()
        run_file = first.run_file()
        owned = first.process_tree()
    finally:
        first.kill()  # SIGKILL: no chance to clean up
    children = owned - {run_file["redis_pid"]}
    assert wait_all_gone(children) == set(), "web and worker must not outlive the runner"

    second = RunningApp(tmp_path / "instance")
    try:
        second.wait_until_serving()
        assert alive({run_file["redis_pid"]}) == set(), "the earlier run's Redis is stopped"
        owned = second.process_tree()
        assert second.stop(signal.SIGTERM) == 0
        assert wait_all_gone(owned) == set()
    finally:
        second.kill()


def test_an_invalid_tenant_stops_the_run_before_anything_starts(tmp_path):
    tenant = tmp_path / "tenant"
    tenant.mkdir()
    (tenant / "tenant.yaml").write_text("schema_version: 1\nname: [unclosed\n")
    app = RunningApp(tmp_path / "instance", env={"TENANT": str(tenant)})
    try:
        code = app.process.wait(60)
    finally:
        app.kill()
    assert code != 0
    assert "tenant.yaml:3:1: YAML_SYNTAX" in app.output
    assert "the server was not started" in app.output
    assert not (tmp_path / "instance" / "redis.sock").exists()


def test_saving_a_tenant_file_reloads_the_served_form(tmp_path):
    """Under `make run` (TENANT_RELOAD=1) a valid edit is served at once; an invalid one keeps the last good form."""
    tenant = tmp_path / "tenant"
    shutil.copytree(ROOT / "tenants" / "example_scholarship", tenant)
    tenant_file = tenant / "tenant.yaml"
    original = tenant_file.read_text()
    app = RunningApp(tmp_path / "instance", env={"TENANT": str(tenant), "TENANT_RELOAD": "1"})
    try:
        app.wait_until_serving()
        assert (
            fetch_json(f"{app.url}/public/form")["tenant"]["name"] == "Example Foundation Merit Scholarship Application"
        )

        tenant_file.write_text(original.replace("name: Example Foundation Merit", "name: Edited Foundation Merit"))
        assert (
            fetch_json(f"{app.url}/public/form")["tenant"]["name"] == "Edited Foundation Merit Scholarship Application"
        )

        tenant_file.write_text(original.replace("default_route: /applicant", "default_route: [broken"))
        assert (
            fetch_json(f"{app.url}/public/form")["tenant"]["name"] == "Edited Foundation Merit Scholarship Application"
        )
        assert app.stop(signal.SIGINT) == 0
    finally:
        app.kill()
    assert "still serving the last good form" in app.output
    assert "tenant.yaml:" in app.output


def fetch_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())
