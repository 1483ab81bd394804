"""Definition versions through the API: every served form is a stored version; drafts move to the
current one, a submitted application keeps its own; the current version is decided in the database
(a second process with another folder publishes, the first follows without a restart); a broken
edit on disk keeps the last good version and /readyz and /metrics say what is wrong."""

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from sqlalchemy import text

from tests.applicants import make_applicant
from tests.tenant_edits import copy_tenant, edit, served_version

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "intl_undergrad" / "base.json"


@pytest.fixture
def tenant(tmp_path):
    return copy_tenant(tmp_path)


@pytest.fixture
def app_overrides(tenant):
    return {"TENANT_PATH": str(tenant), "TENANT_RELOAD": True}


def stored_versions(app) -> list[str]:
    with app.extensions["db_engine"].connect() as connection:
        return [row.id for row in connection.execute(text("SELECT id FROM definition_versions ORDER BY created_at"))]


def test_the_profile_names_the_version_and_a_draft_moves_to_a_new_one(app, tenant):
    applicant = make_applicant(app, "ada@example.com")
    first = served_version(applicant)
    assert applicant.get("/api/profile").json["definition_version"] == first
    assert stored_versions(app) == [first]

    edit(tenant, "title: About You", "title: About You Now")
    second = served_version(applicant)
    assert second != first
    assert applicant.get("/api/profile").json["definition_version"] == second
    assert stored_versions(app) == [first, second]  # the earlier version is kept


def test_a_save_moves_a_draft_on_an_earlier_version(app, tenant):
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    edit(tenant, "title: About You", "title: About You Now")
    second = served_version(applicant)
    # The save's one-statement path does not apply to a row on an earlier version: it moves first.
    assert applicant.put("/api/answer", json={"last_name": "Lovelace"}).status_code == 200
    with app.extensions["db_engine"].connect() as connection:
        version = connection.execute(text("SELECT definition_version FROM applications")).scalar_one()
    assert version == second
    assert applicant.get("/api/profile").json["answer"] == {"first_name": "Ada", "last_name": "Lovelace"}


def submit_golden(applicant, monkeypatch) -> None:
    from engine.applications import current

    golden = json.loads(GOLDEN.read_text())
    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    response = applicant.put("/api/answer", json=golden["answers"])
    assert response.status_code == 200, response.json
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 200, response.json


def test_a_submitted_application_keeps_its_version_and_its_print_view(app, tenant, monkeypatch):
    from engine.applications import access

    applicant = make_applicant(app, "ada@example.com")
    submit_golden(applicant, monkeypatch)
    submitted_on = applicant.get("/api/profile").json["definition_version"]
    with app.app_context():
        token, _url, _expires = access.service_token_for(1)
    before = app.test_client().get(f"/service/tmp-pdf?service_token={token}").json
    assert before["definition_version"] == submitted_on
    # A form in several languages sends its form in the default language (whatever the browser reads).
    assert before["form"]["settings"]["language"] == "en" and "words" not in before["form"]

    edit(tenant, "label: First Name (Given Name)", "label: Given Name")
    now = served_version(applicant)
    assert now != submitted_on
    assert applicant.get("/api/profile").json["definition_version"] == submitted_on
    after = app.test_client().get(f"/service/tmp-pdf?service_token={token}").json
    assert after["answer"] == before["answer"]
    assert after["definition_version"] == submitted_on
    # The print view renders the form it was submitted on, with its labels.
    labels = str(after["form"]["pages"])
    assert "First Name (Given Name)" in labels and "'Given Name'" not in labels
    assert "'Given Name'" in str(applicant.get("/public/form").json["pages"])


def test_another_process_publishing_switches_this_one_without_a_restart(app, tenant, tmp_path, database_url):
    """Two processes on one database, each with its own copy of the folder (no shared filesystem):
    the one started with the edited copy publishes; the other serves it at its next check."""
    from engine.app import create_app

    app.config["DEFINITION_CHECK_S"] = 0
    app.extensions["tenant"].check_s = 0
    client = app.test_client()
    first = served_version(client)
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(tenant, elsewhere)
    edit(elsewhere, "title: About You", "title: About Elsewhere")
    other = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "TENANT_PATH": str(elsewhere),
            "INSTANCE_PATH": str(tmp_path / "other-instance"),
        }
    )
    try:
        published = served_version(other.test_client())
        assert published != first
        assert served_version(client) == published
        assert client.get("/public/form").json["pages"][0]["title"] == "About Elsewhere"
        applicant = make_applicant(app, "ada@example.com")
        assert applicant.get("/api/profile").json["definition_version"] == published
    finally:
        other.extensions["db_engine"].dispose()
        other.extensions["versions_engine"].dispose()


def test_a_broken_edit_keeps_the_last_good_version_and_readyz_says_so(app, tenant, caplog):
    client = app.test_client()
    good = served_version(client)
    ready = client.get("/readyz").json
    assert ready["definition_version"] == good and ready["definition_problems"] == 0

    edit(tenant, "title: About You", "title: [About You")  # a YAML syntax error
    assert served_version(client) == good
    response = client.get("/readyz")
    assert response.json["definition_version"] == good
    assert response.json["definition_problems"] >= 1
    assert "about.yaml" in caplog.text and good in caplog.text
    metrics = client.get("/metrics").get_data(as_text=True)
    assert "formengine_definition_problems 1.0" in metrics
    assert 'formengine_definition_problem{code="' in metrics and "about.yaml" in metrics
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    assert applicant.get("/api/profile").json["definition_version"] == good

    edit(tenant, "title: [About You", "title: About You")
    assert client.get("/readyz").json["definition_problems"] == 0
    assert served_version(client) == good  # the same content is the same version


def test_a_process_starting_with_an_older_folder_follows_the_database_until_publish(
    app, tenant, tmp_path, database_url, monkeypatch
):
    """A restart or a rolling deploy with the previous folder does not turn the clock back;
    `formengine publish` does, for every process; an invalid folder publishes nothing (exit 2)."""
    from click.testing import CliRunner

    from engine.app import create_app
    from engine.cli import main

    app.extensions["tenant"].check_s = 0
    client = app.test_client()
    first = served_version(client)
    previous = tmp_path / "previous"
    shutil.copytree(tenant, previous)
    edit(tenant, "title: About You", "title: About You Now")
    second = served_version(client)
    assert second != first

    restarted = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "TENANT_PATH": str(previous),
            "INSTANCE_PATH": str(tmp_path / "restarted-instance"),
        }
    )
    try:
        assert served_version(restarted.test_client()) == second
    finally:
        restarted.extensions["db_engine"].dispose()
        restarted.extensions["versions_engine"].dispose()

    monkeypatch.setenv("DATABASE_URL", database_url)
    result = CliRunner().invoke(main, ["publish", str(previous)])
    assert result.exit_code == 0, result.output
    assert first in result.output
    assert served_version(client) == first
    assert client.get("/public/form").json["pages"][0]["title"] == "About You"

    edit(previous, "title: About You", "title: [About You")
    result = CliRunner().invoke(main, ["publish", str(previous)])
    assert result.exit_code == 2
    assert "about.yaml:" in result.output and "nothing was published" in result.output
    assert served_version(client) == first


def test_an_earlier_version_is_read_from_the_database_once_then_from_the_processs_cache(app, tenant):
    """versions.get of a version neither served nor on disk: read once, then no connection at all
    (the id is the content hash, so the cached form is that version for good); unknown: KeyError."""
    from sqlalchemy import event

    from engine import versions
    from engine.versions import store

    client = app.test_client()
    first = served_version(client)
    edit(tenant, "title: About You", "title: About You Now")
    assert served_version(client) != first
    store._cache.pop(first, None)  # as in a process that never served it
    checkouts = []
    event.listen(app.extensions["tenant"].engine, "checkout", lambda *args: checkouts.append(1))
    with app.app_context():
        assert versions.get(first).etag == first
        assert len(checkouts) == 1
        assert versions.get(first).etag == first
        assert len(checkouts) == 1
        with pytest.raises(KeyError):
            versions.get("no-such-version")
        assert len(checkouts) == 2
