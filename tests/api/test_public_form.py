"""GET /public/form, the OpenAPI document, the docs page and the one error shape."""

import shutil
import time
from pathlib import Path

import pytest

from engine.app import create_app
from engine.definition import DefinitionInvalid

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "minimal_tenant"


def test_form_is_served_with_an_etag_and_304_when_unchanged(client):
    first = client.get("/public/form")
    assert first.status_code == 200
    body = first.get_json()
    assert body["tenant"]["default_route"] == "/about"
    assert [p["route"] for p in body["pages"]] == ["/about", "/education", "/final-steps"]
    etag = first.headers["ETag"]
    again = client.get("/public/form", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.data == b""


def test_openapi_document_lists_the_form_endpoint(client):
    spec = client.get("/api/openapi.json").get_json()
    assert "/public/form" in spec["paths"]


def test_docs_page_uses_local_assets_only(client):
    page = client.get("/api/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "/static/swagger-ui/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower() and "unpkg" not in html.lower()


def test_unknown_api_path_is_json_404(client):
    response = client.get("/api/no-such-thing")
    assert response.status_code == 404
    assert response.is_json and response.get_json()["message"]


def test_wrong_method_is_json_405(client):
    response = client.post("/public/form", json={})
    assert response.status_code == 405
    assert set(response.get_json()) == {"message"}


def test_unexpected_error_gets_the_standard_message(app):
    @app.get("/public/boom-for-test")
    def boom():
        raise RuntimeError("secret internals")

    response = app.test_client().get("/public/boom-for-test")
    assert response.status_code == 500
    assert response.get_json() == {
        "message": "We've encountered an unexpected error at this time. Please try again later."
    }


def test_server_refuses_to_start_with_an_invalid_tenant(tmp_path, database_url):
    tenant = tmp_path / "tenant"
    shutil.copytree(FIXTURE, tenant)
    page = tenant / "pages" / "about.yaml"
    page.write_text(page.read_text().replace("{key: details, type: textarea", "{key: first_name, type: textarea"))
    with pytest.raises(DefinitionInvalid) as caught:
        create_app({"TENANT_PATH": str(tenant), "DATABASE_URL": database_url})
    assert "DUPLICATE_KEY" in str(caught.value) and "about.yaml:" in str(caught.value)


def test_reload_serves_a_valid_edit_and_keeps_the_last_good_form(tmp_path, database_url, caplog):
    tenant = tmp_path / "tenant"
    shutil.copytree(FIXTURE, tenant)
    application = create_app(
        {
            "TESTING": True,
            "TENANT_PATH": str(tenant),
            "TENANT_RELOAD": True,
            "DATABASE_URL": database_url,
            "INSTANCE_PATH": str(tmp_path / "instance"),
        }
    )
    client = application.test_client()
    page = tenant / "pages" / "about.yaml"
    assert client.get("/public/form").get_json()["pages"][0]["title"] == "About You"

    time.sleep(0.01)
    page.write_text(page.read_text().replace("title: About You", "title: About You Now"))
    assert client.get("/public/form").get_json()["pages"][0]["title"] == "About You Now"

    page.write_text(page.read_text().replace("{key: details, type: textarea", "{key: first_name, type: textarea"))
    response = client.get("/public/form")
    assert response.status_code == 200
    assert response.get_json()["pages"][0]["title"] == "About You Now"
    assert "DUPLICATE_KEY" in caplog.text


def test_docs_assets_are_served_by_the_app(client):
    """`make test` builds the client first; its build copies Swagger UI's files in."""
    response = client.get("/static/swagger-ui/swagger-ui-bundle.js")
    assert response.status_code == 200
    assert len(response.data) > 100_000


def test_a_lone_surrogate_in_a_json_body_is_a_400(client):
    response = client.post(
        "/public/login", data='{"username": "\\ud800@example.edu", "password": "x"}', content_type="application/json"
    )
    assert response.status_code == 400
    assert response.get_json() == {
        "message": "The request contains text that is not valid Unicode.",
        "errors": {"username": ["The request contains text that is not valid Unicode."]},
    }


def test_a_deeply_nested_json_body_is_a_400(client):
    response = client.post("/public/login", data="[" * 100_000, content_type="application/json")
    assert response.status_code == 400 and response.is_json
