"""The whole journey over HTTP, and the OpenAPI description of every endpoint."""

from tests.api.accounts.conftest import PASSWORD

USER = "grace@example.com"


def test_signup_code_from_outbox_confirm_login_api_logout(app, client, outbox):
    assert (
        client.post(
            "/public/signup", json={"username": USER, "password": PASSWORD, "studentAnswers": {"first_name": "Grace"}}
        ).status_code
        == 201
    )
    code = outbox.code(USER)
    assert client.post("/public/confirm", json={"username": USER, "code": code}).status_code == 200
    response = client.post("/public/login", json={"username": USER, "password": PASSWORD})
    assert response.status_code == 200
    assert client.get_cookie("formengine-idp-session").value == "1"
    assert client.get("/api/test-whoami").json == {"message": "ok", "username": USER}
    if "/api/profile" in {rule.rule for rule in app.url_map.iter_rules()}:
        profile = client.get("/api/profile")
        assert profile.status_code == 200
        assert profile.json["username"] == USER
    assert client.get("/api/logout").status_code == 200
    assert client.get_cookie("formengine-idp-session") is None
    assert client.get("/api/test-whoami").status_code == 401


def test_openapi_describes_every_endpoint_and_its_errors(client):
    spec = client.get("/api/openapi.json").json
    paths = spec["paths"]
    for path in (
        "/public/signup",
        "/public/confirm",
        "/public/resend-confirm",
        "/public/login",
        "/public/forgot-password",
        "/public/reset-password",
    ):
        operation = paths[path]["post"]
        assert "requestBody" in operation, path
        assert {"400", "403", "415"} <= set(operation["responses"]), path
        assert operation["summary"], path
    assert "429" in paths["/public/login"]["post"]["responses"]
    assert "unconfirmed" in paths["/public/login"]["post"]["responses"]["403"]["description"]
    assert {"200", "401", "403"} <= set(paths["/api/logout"]["get"]["responses"])
    assert "200" in paths["/public/password-rules"]["get"]["responses"]
    schemas = spec["components"]["schemas"]
    assert {"username", "password", "studentAnswers"} <= set(schemas["Signup"]["properties"])
    assert {"password", "confirm_password", "id", "username"} <= set(schemas["ResetPassword"]["properties"])
