"""Every answer of the accounts API an applicant can read, served from `formengine pseudo`'s copy of
a tenant, is the tenant's words (⟦ ⟧): the password rules, the field problems the request schema
finds, the confirmation code's format, the session's end, the rules the checklist is served."""

import re

import pytest

from engine.definition.pseudo import CLOSE, OPEN, pseudo_tenant
from tests.api.accounts.conftest import signup
from tests.tenant_edits import ROOT


@pytest.fixture
def app_overrides(tmp_path):
    out = tmp_path / "pseudo"
    pseudo_tenant(ROOT / "tenants" / "example_scholarship", out)
    return {"TENANT_PATH": str(out)}


def wrapped(message: str) -> bool:
    """Wrapped, its {placeholders} filled in."""
    return message.startswith(OPEN) and message.endswith(CLOSE) and not re.search(r"\{[a-z_]+\}", message)


def test_every_problem_with_a_new_password_is_the_tenants(client):
    for password, count in (("short", 4), ("a" * 300, 1), ("Password123!", 1), ("", 1)):
        response = signup(client, password=password)
        problems = response.json["errors"]["password"]
        assert response.status_code == 400 and len(problems) == count, problems
        assert all(wrapped(problem) for problem in problems), problems
        assert wrapped(response.json["message"].split(CLOSE + " ")[0] + CLOSE)
    assert "12" in signup(client, password="short").json["errors"]["password"][0]  # {min} filled in


def test_the_field_problems_of_the_request_itself_are_the_tenants(client):
    for body in ({}, {"username": None, "password": 5}):
        response = client.post("/public/signup", json=body)
        assert response.status_code == 400
        assert all(wrapped(m) for found in response.json["errors"].values() for m in found), response.json
    response = client.post("/public/reset-password", json={"username": "ada@example.com", "password": "x"})
    assert set(response.json["errors"]) == {"id", "confirm_password"}
    assert all(wrapped(m) for found in response.json["errors"].values() for m in found), response.json
    response = client.post("/public/confirm", json={"username": "ada@example.com", "code": "12"})
    assert wrapped(response.json["errors"]["code"][0]), response.json


def test_a_session_refused_and_the_checklist_served_are_the_tenants(client):
    assert wrapped(client.get("/api/logout").json["message"])
    rules = client.get("/public/password-rules").json
    assert all(wrapped(rule["message"]) for rule in rules["rules"]) and wrapped(rules["match_message"])
    assert rules["special_characters"] in rules["rules"][4]["message"]


def test_a_cross_site_request_refused_and_the_rules_heading_are_the_tenants(client):
    """A page on another site that posts to the sign-in API shows the applicant this refusal."""
    response = client.post("/public/login", json={}, headers={"Origin": "https://evil.example"})
    assert response.status_code == 403 and wrapped(response.json["message"]), response.json
    assert wrapped(client.get("/public/password-rules").json["message"])
