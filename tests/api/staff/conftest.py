"""Staff members, tokens and applications for the staff API tests: applications are written straight
to the database (many, quickly), or made through the API by a real applicant where the journey matters."""

import itertools
from urllib.parse import parse_qs, urlsplit

import pyotp
import pytest
from sqlalchemy import text

from engine import db
from engine.staff import members, tokens
from tests.applicants import make_applicant, write_application  # noqa: F401 (the tests import them from here)

PASSWORD = "Staff-Password-2027!"
_numbers = itertools.count(1)


@pytest.fixture
def sql(app):
    def run(statement: str, **params):
        with app.extensions["db_engine"].begin() as conn:
            result = conn.execute(text(statement), params)
            return result.fetchall() if result.returns_rows else result.rowcount

    return run


@pytest.fixture
def new_staff_token(app):
    def make(days: int = 7, name: str = "Records system", scope: str = "read") -> str:
        with app.app_context():
            return tokens.create(days, name, scope)[0]

    return make


@pytest.fixture
def new_member(app):
    """A local staff account: new_member("exporter") -> {"email", "secret", "id", "password"}."""

    def make(*roles: str, email: str | None = None, name: str = "") -> dict:
        address = email or f"{'-'.join(roles) or 'reader'}{next(_numbers)}@staff.example.edu"
        with app.app_context():
            session = db.session()
            new = members.add(session, address, list(roles or ("reader",)), PASSWORD, name)
            session.commit()
            return {"email": new.member.email, "secret": new.secret, "id": new.member.id, "password": PASSWORD}

    return make


def sign_in_body(member: dict, code: str | None = None) -> dict:
    return {
        "email": member["email"],
        "password": member["password"],
        "code": code or pyotp.TOTP(member["secret"]).now(),
    }


def print_view_token(client, application_id: int, headers: dict | None = None) -> str:
    """The print-view token the staff page's "print view" link leads to (for a member's client, or
    any client with a machine token's `Authorization` header)."""
    response = client.get(f"/staff/applications/{application_id}/print", headers=headers or {})
    assert response.status_code == 303, response.json
    return parse_qs(urlsplit(response.headers["Location"]).query)["service_token"][0]


def print_view(app, service_token: str):
    """The print view's data, as the print page asks for it (no staff cookie, the token alone)."""
    return app.test_client().get("/service/tmp-pdf", query_string={"service_token": service_token})


@pytest.fixture
def sign_in(app):
    """A test client signed in as the member (as the /staff page's form does)."""

    def run(member: dict):
        client = app.test_client()
        response = client.post("/staff/api/session", json=sign_in_body(member))
        assert response.status_code == 200, response.json
        return client

    return run


@pytest.fixture
def staff(new_member, sign_in):
    """A test client signed in as a reader."""
    return sign_in(new_member("reader", name="Rita Reader"))


@pytest.fixture
def add_application(app):
    """An account and its application, written directly: add_application(first_name=..., submitted_at=...)."""
    return lambda *args, **kwargs: write_application(app, *args, **kwargs)
