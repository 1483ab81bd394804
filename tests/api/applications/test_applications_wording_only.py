"""A change of wording alone (a label, a rule's message, an option's label, a page title): `formengine
diff` says "wording only" and exits 0, and publishing it moves no draft's answers (nothing archived,
every answer kept). A rule whose check changes is no wording change."""

import json

import pytest

from engine import db
from engine.applications.models import Application
from tests.api.applications.test_applications_draft_versions import diff, publish
from tests.applicants import make_applicant
from tests.unit.definition.versions_tenant import V1, write

GPA = "{key: gpa, type: text, label: GPA}"
RULED = '{key: gpa, type: text, label: GPA, rules: [{pattern: "^[0-4]\\\\.[0-9]{2}$", message: "%s"}]}'
BEFORE = V1.replace(GPA, RULED % "Enter your GPA as 3.75.")
REWORDED = (
    BEFORE.replace("label: First Name,", "label: Your first name,")
    .replace(RULED % "Enter your GPA as 3.75.", RULED % "Write your GPA with two decimals, such as 3.75.")
    .replace("title: About You", "title: All about you")
)


@pytest.fixture
def tenant(tmp_path):
    return write(tmp_path / "tenant", BEFORE)


@pytest.fixture
def app_overrides(tenant):
    return {"TENANT_PATH": str(tenant), "DEFINITION_CHECK_S": 0}


def _draft(app):
    with app.app_context():
        row = db.session().query(Application).one()
        return row.definition_version, dict(row.answers), dict(row.archived_answers or {})


def test_a_change_of_wording_only_says_so_and_moves_no_drafts_answers(app, tenant):
    draft = make_applicant(app, "b@example.com")
    answers = {"first_name": "Bo", "gpa": "3.50", "plan": "EA", "nickname": "B"}
    assert draft.put("/api/answer", json=answers).status_code == 200
    version, before, _ = _draft(app)

    write(tenant, REWORDED)
    report = diff(app, tenant)
    assert report.exit_code == 0, report.output
    assert "wording only: no key, rule or option changed; publishing moves no draft's answers" in report.output
    assert "changed rules" not in report.output  # a reworded message is no new rule
    assert json.loads(diff(app, tenant, "--json").output)["wording_only"] is True

    publish(app, {"TENANT_PATH": str(tenant)})
    assert draft.get("/api/profile").json["answer"] == before
    moved, after, archived = _draft(app)
    assert moved != version and after == before and archived == {}


def test_a_rule_whose_check_changes_is_not_wording(app, tenant):
    write(tenant, BEFORE.replace("^[0-4]\\\\.[0-9]{2}$", "^[0-5]\\\\.[0-9]{2}$"))
    report = diff(app, tenant)
    assert "changed rules" in report.output and "wording only" not in report.output
    assert json.loads(diff(app, tenant, "--json").output)["wording_only"] is False
