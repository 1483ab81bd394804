"""State-changing calls need JSON and, when the browser says where they come from, the same origin."""

import pytest

from engine.accounts import messages

BODY = {"username": "ada@example.com", "password": "Correct-Horse-9"}


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://localhost.evil.example"},
        {"Referer": "https://evil.example/page"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Origin": "http://localhost", "Sec-Fetch-Site": "same-site"},
    ],
)
def test_cross_origin_posts_are_refused(client, account, headers):
    response = client.post("/public/login", json=BODY, headers=headers)
    assert response.status_code == 403
    assert response.json == {"message": messages.CROSS_ORIGIN}
    assert client.get_cookie("formengine_session") is None


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Origin": "http://localhost"},
        {"Referer": "http://localhost/login"},
        {"Origin": "http://127.0.0.1:8000"},  # PUBLIC_URL, as seen through a proxy
        {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
    ],
)
def test_same_origin_posts_are_accepted(client, account, headers):
    assert client.post("/public/login", json=BODY, headers=headers).status_code == 200


def test_form_posts_are_refused_before_anything_happens(client, account, sql):
    response = client.post("/public/login", data=BODY)
    assert response.status_code == 415
    assert response.json == {"message": messages.NOT_JSON}
    assert sql("SELECT COUNT(*) FROM rate_limits WHERE key LIKE 'login%'") == [(0,)]


def test_protected_changes_need_json_and_same_origin(logged_in):
    assert logged_in.put("/api/test-whoami", json={}).status_code == 200
    plain = logged_in.put("/api/test-whoami", data="x", content_type="text/plain")
    assert plain.status_code == 415
    cross = logged_in.put("/api/test-whoami", json={}, headers={"Origin": "https://evil.example"})
    assert cross.status_code == 403


def test_protected_changes_check_csrf_before_the_session(client):
    assert client.put("/api/test-whoami", data="x", content_type="text/plain").status_code == 415
    assert client.put("/api/test-whoami", json={}).status_code == 401


def test_cross_site_logout_is_refused_and_the_session_survives(logged_in):
    response = logged_in.get("/api/logout", headers={"Origin": "https://evil.example"})
    assert response.status_code == 403
    assert logged_in.get("/api/test-whoami").status_code == 200
    assert logged_in.get("/api/logout", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert logged_in.get("/api/logout", headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200
