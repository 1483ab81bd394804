"""schemathesis over the OpenAPI document against a running server (real SQLite, real Redis, a
logged-in applicant): no 5xx, and no response that breaks its documented schema, status code or
content type. Bounded: a fixed seed and a small number of examples per operation."""

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[2]
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
EXAMPLES = os.environ.get("FUZZ_EXAMPLES", "20")
PASSWORD = "Fuzzing-Passw0rd!"


@pytest.fixture
def live_server(tmp_path, redis_url):
    from engine import db, signing
    from engine.accounts.models import Account, utcnow
    from engine.accounts.passwords import hash_password
    from engine.app import create_app
    from engine.migrate import upgrade

    database_url = f"sqlite:///{tmp_path / 'fuzz.db'}"
    upgrade(database_url)
    app = create_app(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "MAIL_OUTBOX": str(tmp_path / "outbox"),
            "STORAGE_PATH": str(tmp_path / "documents"),
            "LOOKUP_INDEX": str(tmp_path / "lookup.sqlite"),
            "SECRET_KEY": signing.development_key(tmp_path / "instance"),
            # The fuzzer sends many requests from one address: keep the abuse limits out of its way.
            "LOGIN_IP_MAX_FAILURES": 100000,
            "MAIL_IP_MAX_PER_HOUR": 100000,
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    with app.app_context(), db.transaction() as tx:
        tx.add(Account(username="fuzz@example.edu", password_hash=hash_password(PASSWORD), confirmed_at=utcnow()))
    client = app.test_client()
    login = client.post("/public/login", json={"username": "fuzz@example.edu", "password": PASSWORD})
    assert login.status_code == 200
    cookies = "; ".join(f"{c.key}={c.value}" for c in client._cookies.values())
    yield base, cookies
    server.shutdown()


@pytest.mark.skipif(not SCHEMATHESIS.exists(), reason="schemathesis is installed by `make test`")
def test_openapi_fuzzing_finds_no_server_error_and_no_schema_violation(live_server, tmp_path):
    base, cookies = live_server
    result = subprocess.run(
        [
            str(SCHEMATHESIS),
            "run",
            f"{base}/api/openapi.json",
            "-H",
            f"Cookie: {cookies}",
            "-H",
            f"Origin: {base}",
            "-n",
            EXAMPLES,
            "--seed",
            "20261122",
            "--checks",
            "not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance",
            "--phases",
            "examples,coverage,fuzzing",
            "--request-timeout",
            "20",
            "--max-failures",
            "50",
            "--exclude-path",
            "/api/logout",
            "--output-truncate",
            "true",
            "--no-color",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=900,
    )
    report = result.stdout[-20000:]
    assert result.returncode == 0, report
