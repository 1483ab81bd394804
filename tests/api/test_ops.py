"""Operability and hardening: security headers, request ids, JSON logs without secrets,
health and readiness, metrics, request size limit."""

import json
import logging

import pytest

from engine.ops.logs import JsonFormatter


def test_security_headers_on_every_response(client):
    for path in ("/public/form", "/about", "/api/no-such-thing"):
        headers = client.get(path).headers
        csp = headers["Content-Security-Policy"]
        assert "unsafe-eval" not in csp
        assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert "Strict-Transport-Security" not in headers  # plain HTTP


def test_hsts_only_over_https(client):
    response = client.get("/public/form", base_url="https://localhost")
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_only_the_docs_page_allows_its_inline_script(client):
    csp = client.get("/api/docs").headers["Content-Security-Policy"]
    assert "script-src 'self' 'unsafe-inline'" in csp and "unsafe-eval" not in csp


def test_flask_s_cookie_session_is_not_opened_on_api_paths(app):
    """The engine's sessions are in the database; Flask's signed-cookie session is left closed on
    /api (the answer saves), and works as before elsewhere."""
    from flask import request, session

    with app.test_request_context("/api/answer", method="PUT"):
        assert app.session_interface.open_session(app, request) is None
    with app.test_request_context("/api/answer", method="PUT"):
        with pytest.raises(RuntimeError):
            session["anything"] = 1  # the null session: a use that creeps in fails at once
    with app.test_request_context("/about"):
        assert app.session_interface.open_session(app, request) is not None


def test_request_id_is_echoed_or_made(client):
    made = client.get("/healthz").headers["X-Request-ID"]
    assert len(made) == 16
    assert client.get("/healthz", headers={"X-Request-ID": "abc-123-def"}).headers["X-Request-ID"] == "abc-123-def"
    # A hostile id is replaced, not echoed.
    assert client.get("/healthz", headers={"X-Request-ID": "<script>"}).headers["X-Request-ID"] != "<script>"


def test_liveness(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}


@pytest.fixture
def app_overrides(request):
    return getattr(request, "param", {})


@pytest.mark.parametrize("redis", ["", "redis://127.0.0.1:9/0"], ids=["none", "down"])
def test_redis_down_is_degraded_but_ready_while_saves_still_work(app, redis):
    """A load balancer keeps a host whose Redis is down: the applicant's saves do not need it."""
    from tests.applicants import make_applicant

    app.config["REDIS_URL"] = redis
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    response = app.test_client().get("/readyz")
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["status"] == "degraded" and body["checks"]["redis"].startswith("degraded")
    assert body["checks"]["database"] == "ok" and body["checks"]["storage"] == "ok"
    assert app.test_client().get("/healthz").get_json() == {"status": "ok"}


def test_readiness_fails_when_the_storage_does_not_answer(app, monkeypatch):
    """Unlike Redis, the document storage is on the web path (uploads, downloads): not ready."""
    for name, value in {
        "AWS_ACCESS_KEY_ID": "x",
        "AWS_SECRET_ACCESS_KEY": "x",
        "AWS_DEFAULT_REGION": "us-east-1",
    }.items():
        monkeypatch.setenv(name, value)
    app.config.update(STORAGE_BACKEND="s3", S3_BUCKET="nowhere", S3_ENDPOINT_URL="http://127.0.0.1:9")
    response = app.test_client().get("/readyz")
    assert response.status_code == 503, response.get_json()
    body = response.get_json()
    assert body["checks"]["storage"].startswith("failed") and "storage" in body["message"]
    assert body["checks"]["redis"].startswith("degraded") and "redis" not in body["message"]


def test_readiness_with_every_dependency(app, redis_url):
    app.config["REDIS_URL"] = redis_url
    response = app.test_client().get("/readyz")
    assert response.status_code == 200
    assert response.get_json() == {
        "status": "ready",
        "checks": {"database": "ok", "redis": "ok", "storage": "ok"},
        "definition_version": app.extensions["tenant"].current().etag,
        "definition_problems": 0,
    }


def test_metrics_expose_latency_by_endpoint_and_queue_depth(app, redis_url):
    app.config["REDIS_URL"] = redis_url
    client = app.test_client()
    client.get("/public/form")
    text = client.get("/metrics").get_data(as_text=True)
    assert 'formengine_http_request_duration_seconds_count{endpoint="/public/form",method="GET",status="200"}' in text
    for queue in ("application-pdfs", "default", "conversions"):
        assert f'formengine_queue_depth{{queue="{queue}"}}' in text
    assert "formengine_jobs_failed_total" in text
    assert "formengine_jobs_waiting_for_redis 0.0" in text


def test_metrics_token(app):
    app.config["METRICS_TOKEN"] = "s3cret-token"
    client = app.test_client()
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", headers={"Authorization": "Bearer s3cret-token"}).status_code == 200


def test_oversized_body_is_a_json_413(client):
    response = client.post("/public/login", data=b"x" * (3 * 1024 * 1024), content_type="application/json")
    assert response.status_code == 413
    assert response.is_json and response.get_json()["message"]


def test_log_lines_are_json_with_request_id_and_no_secrets(client, caplog):
    formatter = JsonFormatter()
    with caplog.at_level(logging.INFO):
        client.post(
            "/public/login",
            json={"username": "someone@example.edu", "password": "Sup3r-Secret-Pass!"},
            headers={"X-Request-ID": "req-0000001"},
        )
        client.get("/public/tmp?token=abcdefSECRETTOKEN")
        logging.getLogger("test").info("login with password=hunter2hunter2 and code: 123456")
    lines = [json.loads(formatter.format(record)) for record in caplog.records]
    text = json.dumps(lines)
    assert "Sup3r-Secret-Pass!" not in text and "hunter2hunter2" not in text and "123456" not in text
    assert "SECRETTOKEN" not in text
    access = [line for line in lines if line["logger"] == "formengine.access"]
    assert access and access[0]["request_id"] == "req-0000001" and access[0]["path"] == "/public/login"
    assert {"ts", "level", "message", "status", "duration_ms"} <= set(access[0])


@pytest.mark.parametrize("app_overrides", [{"PROXY_COUNT": 1}], indirect=True)
def test_behind_a_proxy_the_forwarded_scheme_is_trusted(client):
    response = client.get("/healthz", headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"})
    assert "Strict-Transport-Security" in response.headers


def test_without_a_proxy_forwarded_headers_are_ignored(client):
    response = client.get("/healthz", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in response.headers
