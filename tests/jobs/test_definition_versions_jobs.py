"""Definition versions with a real worker: applicant A submitted, B a draft; the author changes a label
and removes a question. A's PDF stays byte for byte and its print view text for text; B's next PDF
shows the new form. Then a YAML syntax error: the site and every PDF job keep working on the last
good version (the worker never reads the broken folder for a job) and /readyz reports the problem."""

import datetime as dt
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from tests.applicants import make_applicant
from tests.pdf_text import text_of
from tests.tenant_edits import copy_tenant, edit

pytestmark = [pytest.mark.redis, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"


@pytest.fixture
def tenant(tmp_path):
    return copy_tenant(tmp_path)


@pytest.fixture
def app_overrides(app_overrides, tenant):
    # The worker gets the same TENANT (worker_env): it must never need it for a job.
    return {**app_overrides, "TENANT_PATH": str(tenant), "TENANT_RELOAD": True}


def pdf_of(client) -> bytes:
    body = client.get("/api/pdf").json
    assert body["status"] == "completed", body
    parts = urlsplit(body["url"])
    if parts.path != "/api/storage/download":  # S3: a presigned URL of the storage server itself
        fetched = requests.get(body["url"], timeout=30)
        assert fetched.status_code == 200, fetched.text
        return fetched.content
    response = client.get(f"{parts.path}?{parts.query}")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/pdf"
    return response.data


def rendered(client, burst_worker) -> bytes:
    """GET /api/pdf until a worker has rendered what it asks for."""
    for _ in range(3):
        if client.get("/api/pdf").json["status"] == "completed":
            return pdf_of(client)
        burst_worker()
    return pdf_of(client)


def print_view_text(app, token: str) -> str:
    """What staff read on the print view: each answered question's label (from the form the view
    renders) with its answer."""
    body = app.test_client().get("/service/tmp-pdf", query_string={"service_token": token}).json
    form = body.get("form") or app.test_client().get("/public/form").json
    labels = {}
    for page in form["pages"]:
        for key, ui in page["ui_schema"].items():
            if isinstance(ui, dict) and ui.get("ui:title"):
                labels[key] = ui["ui:title"]
    return "\n".join(f"{labels.get(key, key)}: {value}" for key, value in sorted(body["answer"].items()))


def test_a_submitted_application_is_frozen_and_a_broken_edit_never_reaches_a_job(
    app, tenant, burst_worker, monkeypatch
):
    from engine.applications import access, current

    golden = json.loads(GOLDEN.read_text())
    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    a = make_applicant(app, "a@example.com")
    b = make_applicant(app, "b@example.com")
    assert a.put("/api/answer", json=golden["answers"]).status_code == 200
    for button, count in golden["add_another"].items():
        a.put("/api/add-another", json={"button_id": button, "num_components": count})
    assert a.post("/api/submit", json={}).status_code == 200
    assert b.put("/api/answer", json={"first_name": "Bea", "parent_occupation": "Pilot"}).status_code == 200
    burst_worker()
    a_pdf = pdf_of(a)
    assert "First Name (Given Name) Mei" in text_of(a_pdf) and "Occupation Civil engineer" in text_of(a_pdf)
    with app.app_context():
        _token, url, _expires = access.service_token_for(1)
    token = parse_qs(urlsplit(url).query)["service_token"][0]
    a_view = print_view_text(app, token)
    assert "First Name (Given Name): Mei" in a_view and "Occupation: Civil engineer" in a_view
    submitted_on = a.get("/api/profile").json["definition_version"]

    # The author changes a label and removes a question.
    edit(tenant, "label: First Name (Given Name)", "label: Given Name")
    edit(tenant, "      - {key: parent_occupation, type: text, label: Occupation}\n", "")
    assert b.get("/api/profile").json["definition_version"] != submitted_on
    assert a.get("/api/profile").json["definition_version"] == submitted_on
    assert a.get("/api/pdf").json["status"] == "completed"  # nothing to render again
    burst_worker()
    assert pdf_of(a) == a_pdf
    assert print_view_text(app, token) == a_view
    b_text = text_of(rendered(b, burst_worker))
    assert "Given Name Bea" in b_text and "First Name (Given Name)" not in b_text

    # A YAML syntax error: the site keeps serving the last good version, jobs keep rendering.
    good = b.get("/api/profile").json["definition_version"]
    edit(tenant, "title: About You", "title: [About You")
    ready = app.test_client().get("/readyz")
    assert ready.status_code == 200, ready.json
    assert ready.json["definition_version"] == good and ready.json["definition_problems"] >= 1
    assert b.put("/api/answer", json={"first_name": "Beatrice"}).status_code == 200
    assert "Given Name Beatrice" in text_of(rendered(b, burst_worker))
    assert pdf_of(a) == a_pdf
    assert print_view_text(app, token) == a_view
