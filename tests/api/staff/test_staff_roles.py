"""Every staff endpoint states its role, in code and in the OpenAPI document, and is walked with every
role, a read token, an export token, an applicant's session and nobody: a reader lists, opens print
views and PDFs; an exporter also exports and sees and retries deliveries; an administrator also reads
the audit and manages staff. Too little: 403 naming the role, recorded. Every answer: no-store."""

import pytest

from engine.staff.auth import ROLE_ATTRIBUTE
from engine.staff.models import ROLES
from tests.api.staff.conftest import make_applicant

# The role each staff endpoint needs ("none": signing in and out, and the identity provider's way in).
EXPECTED = {
    ("GET", "/staff/api/session"): "reader",
    ("POST", "/staff/api/session"): "none",
    ("DELETE", "/staff/api/session"): "none",
    ("GET", "/staff/api/sign-in-options"): "none",
    ("GET", "/staff/oidc/login"): "none",
    ("GET", "/staff/oidc/callback"): "none",
    ("GET", "/staff/api/applications"): "reader",
    ("GET", "/staff/api/applications/{application_id}/pdf"): "reader",
    ("GET", "/staff/applications/{application_id}/print"): "reader",
    ("GET", "/staff/api/applications/{application_id}/deliveries"): "exporter",
    ("POST", "/staff/api/applications/{application_id}/deliveries"): "exporter",
    ("GET", "/staff/api/exports"): "exporter",
    ("POST", "/staff/api/exports"): "exporter",
    ("GET", "/staff/api/exports/{export_id}"): "exporter",
    ("GET", "/staff/api/exports/{export_id}/file"): "exporter",
    ("GET", "/staff/api/audit"): "administrator",
    ("GET", "/staff/api/members"): "administrator",
    ("PUT", "/staff/api/members/{member_id}"): "administrator",
    ("GET", "/staff/api/tokens"): "administrator",
    ("POST", "/staff/api/erasures"): "administrator",
}
QUERIES = {"/staff/api/exports": "?format=csv"}  # the GET's; the POST's body is {} (400 once allowed)
BODIES = {"PUT": {"roles": ["reader"]}, "POST": {}}


def _staff_rules(app):
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/staff/"):
            continue
        view_class = app.view_functions[rule.endpoint].view_class
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            path = rule.rule.replace("<int:", "{").replace(">", "}")
            yield method, path, getattr(getattr(view_class, method.lower()), ROLE_ATTRIBUTE, "none")


def test_every_staff_endpoint_states_its_role_in_code_and_in_the_openapi_document(app):
    in_code = {(method, path): role for method, path, role in _staff_rules(app)}
    assert in_code == EXPECTED
    paths = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()["paths"]
    in_document = {
        (method.upper(), path): operation["x-staff-role"]
        for path, operations in paths.items()
        if path.startswith("/staff/")
        for method, operation in operations.items()
        if method != "parameters"
    }
    assert in_document == EXPECTED


@pytest.fixture
def callers(app, new_member, sign_in, new_staff_token):
    """Each kind of caller -> (a function calling a method and path, the role it holds or None)."""

    def client_caller(client, headers=None):
        def call(method, path):
            body = BODIES.get(method)
            return client.open(path, method=method, json=body, headers=headers or {})

        return call

    found = {role: (client_caller(sign_in(new_member(role))), role) for role in ROLES}
    found["read token"] = (client_caller(app.test_client(), {"Authorization": f"Bearer {new_staff_token()}"}), "reader")
    export = new_staff_token(name="Pull", scope="export")
    found["export token"] = (client_caller(app.test_client(), {"Authorization": f"Bearer {export}"}), "exporter")
    found["applicant"] = (client_caller(make_applicant(app, "ada@example.com")), None)
    found["nobody"] = (client_caller(app.test_client()), None)
    return found


@pytest.mark.parametrize("caller", [*ROLES, "read token", "export token", "applicant", "nobody"])
def test_the_role_by_endpoint_table(app, callers, caller, add_application, new_member, sql):
    application_id = add_application(first_name="Grace", reference="INTL-ABCDEFGH")
    member_id = new_member("reader")["id"]
    call, held = callers[caller]
    for (method, path), needed in EXPECTED.items():
        if needed == "none":
            continue
        url = path.format(application_id=application_id, member_id=member_id, export_id=1) + QUERIES.get(path, "")
        response = call(method, url)
        where = f"{caller}: {method} {url}"
        assert response.headers.get("Cache-Control") == "no-store", where
        if held is None:
            assert response.status_code == 401, where
        elif ROLES.index(held) >= ROLES.index(needed):
            assert response.status_code not in (401, 403), (
                where,
                response.status_code,
                response.get_data(as_text=True),
            )
        else:
            assert response.status_code == 403, where
            assert response.json["message"] == f"This needs the {needed} role. Ask an administrator.", where
    refused = sql("SELECT count(*) FROM audit_events WHERE action = 'forbidden'")[0][0]
    needing_more = [n for n in EXPECTED.values() if n != "none" and held and ROLES.index(n) > ROLES.index(held)]
    assert refused == len(needing_more)


def test_the_staff_page_is_not_kept(app):
    page = app.test_client().get("/staff")
    if page.status_code == 200:
        assert page.headers["Cache-Control"] == "no-store"
