"""The staff, service-token, export and delivery commands README and docs/deploy.md show, run as
written (the real CLI, no SECRET_KEY in the environment) beside a running `formengine run`: they use
the development key run made in the instance folder. Then the same instance serves another tenant
on a database of its own, and that tenant started on the first tenant's database is refused."""

import contextlib
import datetime as dt
import json
import os
import re
import shutil
import signal
import subprocess
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pyotp
import pytest
from runapp import FORMENGINE, ROOT, serving

from engine.app import create_app
from tests.applicants import write_application

pytestmark = pytest.mark.slow

REFERENCE = "INTL-7K2Q9MXA"
PASSWORD = "Staff-Password-2027!"


def _run(argv: list[str], env: dict, cwd, ok: bool = True, input: str | None = None) -> str:
    result = subprocess.run(
        [str(FORMENGINE), *argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=180, input=input
    )
    output = result.stdout + result.stderr
    assert (result.returncode == 0) is ok, f"{argv}: exit {result.returncode}\n{output}"
    assert "Traceback" not in output, output
    return output


def _seed(app) -> None:
    """One submitted application in the run's own database (instance/intl_undergrad.db)."""
    web = create_app(
        {
            "DATABASE_URL": f"sqlite:///{app.instance / 'intl_undergrad.db'}",
            "INSTANCE_PATH": str(app.instance),
            "SECRET_KEY": app.cli_env["SECRET_KEY"],
        }
    )
    try:
        write_application(
            web, "mei.chen@example.com", "Mei", "Chen", reference=REFERENCE, submitted_at=dt.datetime(2026, 3, 1, 9)
        )
    finally:
        web.extensions["db_engine"].dispose()
        web.extensions["versions_engine"].dispose()


def _staff_list(base_url: str, token: str) -> dict:
    request = urllib.request.Request(f"{base_url}/staff/api/applications", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _open_print_view_as(base_url: str, email: str, secret: str, application_id: int) -> str:
    """Sign in as the /staff page does (e-mail, password, the authenticator's code) and open an
    application's print view: its address, with the print-view token."""
    body = json.dumps({"email": email, "password": PASSWORD, "code": pyotp.TOTP(secret).now()}).encode()
    request = urllib.request.Request(
        f"{base_url}/staff/api/session", data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        cookie = response.headers["Set-Cookie"].split(";", 1)[0]
    opener = urllib.request.build_opener(_NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as redirect:
        opener.open(
            urllib.request.Request(f"{base_url}/staff/applications/{application_id}/print", headers={"Cookie": cookie})
        )
    assert redirect.value.code == 303
    return base_url + redirect.value.headers["Location"]


def _print_view_status(print_view: str) -> int:
    """What the print view's own request for the application's data answers (200, or 401 once void)."""
    parts = urlsplit(print_view)
    service_token = parse_qs(parts.query)["service_token"][0]
    data = f"{parts.scheme}://{parts.netloc}/service/tmp-pdf?service_token={service_token}"
    try:
        with urllib.request.urlopen(data, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_documented_commands_work_beside_formengine_run(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    with contextlib.contextmanager(serving)(tmp_path / "instance") as app:
        assert "SECRET_KEY" not in app.env
        assert (app.instance / "intl_undergrad.db").exists()
        _seed(app)

        # README, "For staff"; docs/deploy.md, "Staff accounts, roles and audit" and "Staff access".
        added = _run(
            ["staff", "add", "--email", "ada@example.edu", "--role", "reader"],
            app.env,
            work,
            input=f"{PASSWORD}\n{PASSWORD}\n",
        )
        secret = parse_qs(urlsplit(re.search(r"(otpauth://\S+)", added).group(1)).query)["secret"][0]
        assert "ada@example.edu: exporter" in _run(["staff", "role", "ada@example.edu", "exporter"], app.env, work)
        token = re.search(
            r"^(staff_\S+)$",
            _run(["staff-token", "--name", "Records system", "--scope", "read"], app.env, work),
            re.M,
        ).group(1)
        (item,) = _staff_list(app.url, token)["items"]
        assert item["reference"] == REFERENCE
        print_view = _open_print_view_as(app.url, "ada@example.edu", secret, item["id"])
        assert _print_view_status(print_view) == 200
        audit = _run(["audit", "--application", REFERENCE], app.env, work)
        assert "ada@example.edu" in audit and "print_view" in audit
        assert "ada@example.edu" in _run(["staff", "list"], app.env, work)
        assert "is disabled" in _run(["staff", "disable", "ada@example.edu"], app.env, work)
        assert _print_view_status(print_view) == 401  # disabling ends the print views opened in the session
        listing = _run(["staff-token", "list"], app.env, work)
        assert "Records system" in listing and token not in listing
        token_id = re.search(r"^\s*(\d+)\s", listing, re.M).group(1)
        assert "revoked 1" in _run(["staff-token", "revoke", token_id], app.env, work)
        second = re.search(r"^(staff_\S+)$", _run(["staff-token", "--name", "Bot"], app.env, work), re.M).group(1)
        _run(["staff-token", "revoke", second], app.env, work)
        _run(["staff-token", "revoke", "--all"], app.env, work)

        # A print-view link for one applicant.
        view = _run(["service-token", "create", "mei.chen@example.com"], app.env, work).splitlines()[0]
        assert view.startswith(app.url) and "service_token=" in view
        with urllib.request.urlopen(view, timeout=30) as response:
            assert response.status == 200
        assert "revoked 1" in _run(["service-token", "revoke", view], app.env, work)
        _run(["service-token", "revoke", "--username", "mei.chen@example.com"], app.env, work)

        # README, "Exports"; docs/deploy.md.
        _run(["export", "--format", "csv", "--output", "applications.csv", "--labels"], app.env, work)
        assert REFERENCE in (work / "applications.csv").read_text(encoding="utf-8-sig")
        _run(["export", "--format", "json", "--output", "applications.json"], app.env, work)
        assert REFERENCE in (work / "applications.json").read_text()
        _run(["export", "--format", "zip", "--output", "applications.zip"], app.env, work)
        assert (work / "applications.zip").stat().st_size > 0

        # README and docs/deploy.md, "Delivery to staff".
        _run(["deliveries"], app.env, work)
        _run(["deliveries", "--failed"], app.env, work)
        # Nothing failed here: the command says so (past the key, which it could use).
        assert "nothing to retry" in _run(["deliveries", "retry", "--failed"], app.env, work, ok=False)
        instance, env = app.instance, app.env

    # Without the instance's key file the commands refuse as before.
    shutil.move(instance / "secret_key", tmp_path / "secret_key.kept")
    assert "SECRET_KEY is not set" in _run(["staff-token", "list"], env, work, ok=False)
    shutil.move(tmp_path / "secret_key.kept", instance / "secret_key")

    # README: `TENANT=tenants/example_scholarship make run` serves the other tenant on its own database.
    with contextlib.contextmanager(serving)(instance, env={"TENANT": "tenants/example_scholarship"}) as other:
        with urllib.request.urlopen(f"{other.url}/public/form", timeout=30) as response:
            assert json.load(response)["tenant"]["id"] == "example_scholarship"
    assert (instance / "example_scholarship.db").exists()

    # That tenant on the first tenant's database: refused before anything starts, naming both.
    refused = _refused_run(
        {**env, "TENANT": "tenants/example_scholarship", "DATABASE_URL": f"sqlite:///{instance / 'intl_undergrad.db'}"}
    )
    assert "'intl_undergrad'" in refused and "'example_scholarship'" in refused


def _refused_run(env: dict) -> str:
    """`formengine run` that must stop before serving; its whole process group goes if it does not."""
    process = subprocess.Popen(
        [str(FORMENGINE), "run", "--port", "0"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError("formengine run started on another tenant's database") from None
    assert process.returncode != 0 and "Traceback" not in output, output
    return output
