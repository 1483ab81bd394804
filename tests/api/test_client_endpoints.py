"""The browser clients' endpoint tables against the engine's routes: every path and method that
client/src/api/client.js (the applicant client's one table) and client/src/staff/api.js (the staff
page's) call is one the engine serves, so a renamed or removed route cannot leave a client calling
into a 404."""

import re
from pathlib import Path

import pytest

CLIENT = Path(__file__).resolve().parents[2] / "client" / "src"
# get("/api/profile"), put(`/api/x/${part(key)}`, ...) in client.js; call("GET", "/staff/api/...") in staff/api.js
APPLICANT_CALL = re.compile(r"\b(get|post|put|del)\(\s*([\"`])(/[^\"`]*)\2")
STAFF_CALL = re.compile(r"\bcall\(\s*\"([A-Z]+)\",\s*([\"`])(/[^\"`]*)\2")
VERBS = {"get": "GET", "post": "POST", "put": "PUT", "del": "DELETE"}


def _shape(path: str) -> str:
    """A path without its query, each interpolated or variable segment as {}."""
    path = path.split("?")[0]
    path = re.sub(r"\$\{[^}]*\}", "{}", path)  # a JavaScript template's ${...}
    return re.sub(r"<[^>]*>", "{}", path)  # a Flask rule's <converter:name>


def _calls(file: str, pattern: re.Pattern, verb) -> set[tuple[str, str]]:
    source = (CLIENT / file).read_text()
    return {(verb(match.group(1)), _shape(match.group(3))) for match in pattern.finditer(source)}


APPLICANT = _calls("api/client.js", APPLICANT_CALL, VERBS.__getitem__)
STAFF = _calls("staff/api.js", STAFF_CALL, str)


def test_the_tables_are_read():
    """The patterns find the calls (a change of style would otherwise pass the test below empty)."""
    assert {("PUT", "/api/answer"), ("DELETE", "/api/document-answer/{}"), ("GET", "/lookup/find")} <= APPLICANT
    assert len(APPLICANT) >= 25
    assert {("POST", "/staff/api/session"), ("GET", "/staff/api/applications/{}/pdf")} <= STAFF


@pytest.mark.parametrize("method, path", sorted(APPLICANT | STAFF), ids=lambda value: value)
def test_the_engine_serves_every_call_of_the_clients(app, method, path):
    served = {(verb, _shape(rule.rule)) for rule in app.url_map.iter_rules() for verb in rule.methods or ()}
    assert (method, path) in served
