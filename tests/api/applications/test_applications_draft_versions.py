"""A published form changes under applicants mid-way: applicant A has submitted, applicant B is a
draft. The author removes a question, renames another with renamed_from, changes a label and drops
an option; `formengine diff` reports the impact first; then the new version is published. B's
answers move (the removed one archived and shown to staff, never lost), B's page still showing the
old keys saves without error, and only a key no version ever had is refused."""

import json
import re

import pytest
from click.testing import CliRunner

from engine import db
from engine.applications import access
from engine.applications.models import Application
from engine.cli import main
from tests.applicants import make_applicant
from tests.unit.definition.versions_tenant import V1, V2, write


@pytest.fixture
def tenant(tmp_path):
    return write(tmp_path / "tenant", V1)


@pytest.fixture
def app_overrides(tenant):
    return {"TENANT_PATH": str(tenant), "DEFINITION_CHECK_S": 0}


def publish(app, overrides):
    """What a deploy does: a process started on the edited folder publishes its version for all."""
    from engine.app import create_app

    started = create_app({**app.config, **overrides})
    started.extensions["db_engine"].dispose()


def diff(app, tenant, *flags):
    runner = CliRunner(env={"DATABASE_URL": app.config["DATABASE_URL"]})
    return runner.invoke(main, ["diff", str(tenant), *flags], catch_exceptions=False)


def staff_view(app, client, account_name):
    with app.app_context():
        application_id = (
            db.session()
            .execute(
                Application.__table__.select()
                .with_only_columns(Application.id)
                .where(Application.account_id == _account(account_name))
            )
            .scalar_one()
        )
        token, _url, _ = access.service_token_for(application_id)
    response = client.get("/service/tmp-pdf", query_string={"service_token": token})
    assert response.status_code == 200, response.json
    return response.json


def _account(username):
    from sqlalchemy import select

    from engine.accounts.models import Account

    return select(Account.id).where(Account.username == username).scalar_subquery()


def test_a_new_version_moves_the_draft_archives_what_has_no_place_and_takes_stale_saves(app, tenant):
    a = make_applicant(app, "a@example.com")
    b = make_applicant(app, "b@example.com")
    assert a.put("/api/answer", json={"first_name": "Ada", "nickname": "Ace", "plan": "ED"}).status_code == 200
    assert a.post("/api/submit", json={}).status_code == 200
    answers_b = {
        "first_name": "Bo",
        "nickname": "Bee",
        "gpa": "3.9",
        "plan": "ED",
        "plan_desc": "Early Decision",
        "citizen": "Y",
        "likes_music": True,
        "hs_school": "Lycée Molière",
    }
    assert b.put("/api/answer", json=answers_b).status_code == 200
    version_1 = b.get("/api/profile").json["definition_version"]

    # The author edits the folder and asks what publishing it would do.
    write(tenant, V2)
    report = diff(app, tenant)
    assert report.exit_code == 1, report.output
    assert 'removed          nickname "Nickname" (page /about)' in report.output
    assert "held by 1 draft and 1 submitted application" in report.output
    assert "renamed          gpa -> grade_average" in report.output
    assert 'changed label    first_name: "First Name" -> "Given Name"' in report.output
    assert "changed options  plan: removed ED" in report.output
    as_json = json.loads(diff(app, tenant, "--json").output)
    nickname = next(c for c in as_json["changes"] if c["key"] == "nickname")
    assert nickname == {**nickname, "kind": "removed", "archives": True, "drafts": 1, "submitted": 1}
    assert as_json["served_version"] == version_1

    publish(app, {})

    # B's next load moves the draft: renamed answers carried over, the removed one archived.
    profile = b.get("/api/profile").json
    assert profile["definition_version"] != version_1
    assert profile["answer"] == {
        "first_name": "Bo",
        "grade_average": "3.9",
        "citizenship": "Y",
        "likes_dance": True,
        "hs_school_name": "Lycée Molière",
    }
    archived = profile["archived_answer"]
    assert set(archived) == {"nickname", "plan", "plan_desc"}
    assert archived["nickname"] | {"value": "Bee", "label": "Nickname", "reason": "removed"} == archived["nickname"]
    assert archived["plan"]["reason"] == "option_removed" and archived["plan"]["value"] == "ED"

    # B's open page still shows version 1's keys: the save succeeds, the renamed key lands on its
    # new question and the removed one is archived; a key no version ever had is still refused.
    stale = b.put("/api/answer", json={"gpa": "4.0", "nickname": "Bumble", "first_name": "Bob"})
    assert stale.status_code == 200, stale.json
    assert stale.json["definition_version"] == profile["definition_version"]
    profile = b.get("/api/profile").json
    assert profile["answer"]["grade_average"] == "4.0" and profile["answer"]["first_name"] == "Bob"
    assert "gpa" not in profile["answer"] and "nickname" not in profile["answer"]
    assert profile["archived_answer"]["nickname"]["value"] == "Bumble"
    assert profile["archived_answer"]["nickname"]["earlier"][0]["value"] == "Bee"
    refused = b.put("/api/answer", json={"first_name": "Bobby", "favourite_colour": "red"})
    assert refused.status_code == 400
    assert "favourite_colour" in refused.json["message"] and "nickname" not in refused.json["message"]
    assert b.get("/api/profile").json["answer"]["first_name"] == "Bob"  # all or nothing

    # Staff see the archive apart from the answers; B's validation never mentions it.
    view = staff_view(app, app.test_client(), "b@example.com")
    assert "nickname" not in view["answer"]
    assert view["archived_answer"]["nickname"]["value"] == "Bumble"

    # A submitted on version 1 and stays there: its answers are as submitted.
    profile_a = a.get("/api/profile").json
    assert profile_a["definition_version"] == version_1
    assert profile_a["answer"]["nickname"] == "Ace" and profile_a["archived_answer"] == {}
    assert re.fullmatch(r"[0-9a-f]{32}", version_1)


def test_diff_exits_0_when_nothing_would_be_archived_and_2_for_an_invalid_folder(app, tenant):
    b = make_applicant(app, "b@example.com")
    b.put("/api/answer", json={"first_name": "Bo"})
    write(tenant, V1.replace("label: First Name,", "label: Your first name,"))
    report = diff(app, tenant)
    assert report.exit_code == 0, report.output
    assert 'changed label    first_name: "First Name" -> "Your first name"' in report.output
    assert report.output.rstrip().endswith("none would archive answers")

    write(
        tenant,
        V1.replace("{key: gpa, type: text, label: GPA}", "{key: gpa, type: text, label: GPA, renamed_from: nickname}"),
    )
    broken = diff(app, tenant)
    assert broken.exit_code == 2
    assert re.search(r"pages/about\.yaml:\d+:\d+: RENAME_KEY_IN_USE .*'nickname' is still an answer key", broken.output)
    problems = json.loads(diff(app, tenant, "--json").output)
    assert problems["ok"] is False and problems["problems"][0]["code"] == "RENAME_KEY_IN_USE"


def test_documents_follow_a_rename_and_an_archived_one_is_kept_with_its_files(app, tenant):
    from sqlalchemy import select

    from engine.documents.models import DocumentConversion

    b = make_applicant(app, "b@example.com")
    b.put("/api/answer", json={"first_name": "Bo", "cv": "ANSWERED", "portfolio": "ANSWERED"})
    with app.app_context(), db.transaction() as tx:
        application_id = tx.scalar(select(Application.id).where(Application.account_id == _account("b@example.com")))
        for key, name in (("cv", "cv.pdf"), ("portfolio", "art.pdf")):
            tx.add(
                DocumentConversion(
                    application_id=application_id,
                    answer_key=key,
                    status="completed",
                    file_name=name,
                    file_size=10,
                    upload_key=f"uploads/{key}",
                    pdf_key=f"pdfs/{key}",
                )
            )
    assert set(b.get("/api/profile").json["document_answer"]) == {"cv", "portfolio"}
    write(tenant, V2)
    publish(app, {})

    profile = b.get("/api/profile").json
    assert set(profile["document_answer"]) == {"resume"}
    assert profile["answer"]["resume"] == "ANSWERED" and "portfolio" not in profile["answer"]
    entry = profile["archived_answer"]["portfolio"]
    assert entry["document"] == {"file_name": "art.pdf", "file_size": 10, "key": "archived.portfolio"}
    assert entry["value"] == "ANSWERED" and entry["label"] == "Portfolio"
    with app.app_context():
        rows = (
            db.session()
            .execute(
                select(DocumentConversion.answer_key, DocumentConversion.pdf_key).where(
                    DocumentConversion.application_id == application_id
                )
            )
            .all()
        )
    assert sorted(rows) == [("archived.portfolio", "pdfs/portfolio"), ("resume", "pdfs/cv")]
