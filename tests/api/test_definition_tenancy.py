"""A database belongs to one tenant: a second tenant started on the first one's database refuses
to start (naming both) and moves no draft; a reload on save publishes only a changed form and never
silently undoes a version published elsewhere; the embedded database is one file per tenant id."""

import shutil
from pathlib import Path

import pytest
from alembic import command
from click.testing import CliRunner
from sqlalchemy import create_engine, text

from engine.app import create_app
from engine.cli import main
from engine.config import load_config
from engine.errors import StartRefused
from engine.migrate import alembic_config, upgrade
from tests.applicants import make_applicant, write_application
from tests.tenant_edits import ABOUT, copy_tenant, edit, served_version

ROOT = Path(__file__).resolve().parents[2]
SCHOLARSHIP = ROOT / "tenants" / "example_scholarship"


@pytest.fixture
def tenant(tmp_path):
    return copy_tenant(tmp_path)


@pytest.fixture
def app_overrides(tenant):
    return {"TENANT_PATH": str(tenant), "TENANT_RELOAD": True}


def _rows(app, statement: str) -> list:
    with app.extensions["db_engine"].connect() as connection:
        return [tuple(row) for row in connection.execute(text(statement))]


def _other_app(database_url: str, tenant_path: Path, instance: Path, **extra):
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "TENANT_PATH": str(tenant_path),
            "INSTANCE_PATH": str(instance),
            **extra,
        }
    )


def _dispose(app) -> None:
    app.extensions["db_engine"].dispose()
    app.extensions["versions_engine"].dispose()


def test_a_second_tenant_on_the_first_tenants_database_refuses_to_start(app, tmp_path, database_url, monkeypatch):
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada", "last_name": "Lovelace"}).status_code == 200
    before = _rows(app, "SELECT id, definition_version, answers, archived_answers FROM applications")
    versions = _rows(app, "SELECT id, tenant_id, published FROM definition_versions")
    assert [tenant for _id, tenant, _published in versions] == ["intl_undergrad"]

    with pytest.raises(StartRefused) as refused:
        _other_app(database_url, SCHOLARSHIP, tmp_path / "other")
    message = str(refused.value)
    assert "'intl_undergrad'" in message and "'example_scholarship'" in message

    monkeypatch.setenv("DATABASE_URL", database_url)
    result = CliRunner().invoke(main, ["publish", str(SCHOLARSHIP)])
    assert result.exit_code != 0
    assert "'intl_undergrad'" in result.output and "'example_scholarship'" in result.output
    assert "Traceback" not in result.output

    # Nothing moved: the draft, its version and the versions table are as they were.
    assert _rows(app, "SELECT id, definition_version, answers, archived_answers FROM applications") == before
    assert _rows(app, "SELECT id, tenant_id, published FROM definition_versions") == versions
    assert applicant.get("/api/profile").json["answer"] == {"first_name": "Ada", "last_name": "Lovelace"}


def test_versions_are_kept_per_tenant_on_a_database_without_applications(app, tmp_path, database_url):
    app.extensions["tenant"].check_s = 0
    client = app.test_client()
    intl = served_version(client)
    other = _other_app(database_url, SCHOLARSHIP, tmp_path / "other", DEFINITION_CHECK_S=0)
    try:
        scholarship = served_version(other.test_client())
        assert scholarship != intl
        # Each process follows its own tenant's newest publication, not the other's.
        assert served_version(client) == intl
        assert served_version(other.test_client()) == scholarship
        tenants = dict(_rows(app, "SELECT id, tenant_id FROM definition_versions"))
        assert tenants == {intl: "intl_undergrad", scholarship: "example_scholarship"}
    finally:
        _dispose(other)


def test_a_comment_only_save_does_not_undo_a_version_published_elsewhere(
    app, tenant, tmp_path, database_url, monkeypatch, caplog
):
    app.extensions["tenant"].check_s = 0
    client = app.test_client()
    first = served_version(client)
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(tenant, elsewhere)
    edit(elsewhere, "title: About You", "title: About Elsewhere")
    monkeypatch.setenv("DATABASE_URL", database_url)
    result = CliRunner().invoke(main, ["publish", str(elsewhere)])
    assert result.exit_code == 0, result.output
    published = served_version(client)
    assert published != first

    # A save that compiles to the same form (a comment) publishes nothing.
    path = tenant / ABOUT
    path.write_text(path.read_text() + "\n# a comment only\n")
    for _ in range(3):
        assert served_version(client) == published
    assert client.get("/public/form").json["pages"][0]["title"] == "About Elsewhere"

    # An edit that changes the form publishes it, and the log says what it replaced.
    edit(tenant, "title: About You", "title: About You Now")
    edited = served_version(client)
    assert edited not in (first, published)
    assert f"replaces {published}, which was published elsewhere" in caplog.text


def test_the_embedded_database_is_one_file_per_tenant_id(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("FORMENGINE_INSTANCE", str(tmp_path))
    monkeypatch.delenv("TENANT", raising=False)
    assert load_config()["DATABASE_URL"] == f"sqlite:///{tmp_path / 'intl_undergrad.db'}"
    monkeypatch.setenv("TENANT", "tenants/example_scholarship")
    assert load_config()["DATABASE_URL"] == f"sqlite:///{tmp_path / 'example_scholarship.db'}"
    # The id its tenant.yaml declares, not the folder's name.
    renamed = tmp_path / "copy-of-scholarship"
    shutil.copytree(SCHOLARSHIP, renamed)
    monkeypatch.setenv("TENANT", str(renamed))
    assert load_config()["DATABASE_URL"] == f"sqlite:///{tmp_path / 'example_scholarship.db'}"
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://db/formengine")
    assert load_config()["DATABASE_URL"] == "postgresql+psycopg://db/formengine"


def test_applications_from_before_versions_count_as_the_other_tenants(app, tmp_path, database_url):
    """An application with no version of its own (from before versions) is the first tenant's:
    the second tenant is refused, and never pins it to its own form."""
    served_version(app.test_client())
    write_application(app, "old@example.com", "Old", "Timer")
    with app.extensions["db_engine"].begin() as connection:
        connection.execute(text("UPDATE applications SET definition_version = NULL"))
    with pytest.raises(StartRefused, match="'intl_undergrad'"):
        _other_app(database_url, SCHOLARSHIP, tmp_path / "other")
    assert _rows(app, "SELECT definition_version FROM applications") == [(None,)]


def test_the_migration_names_the_tenant_of_versions_recorded_before_it(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "archived_answers")
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO definition_versions (id, compiled, created_at, published, published_at)"
                " VALUES ('v1', :compiled, '2026-01-01', 1, '2026-01-01')"
            ),
            {"compiled": '{"tenant": {"id": "intl_undergrad"}, "pages": []}'},
        )
    upgrade(url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT id, tenant_id FROM definition_versions")).all() == [
            ("v1", "intl_undergrad")
        ]
    command.downgrade(alembic_config(url), "archived_answers")
    with engine.connect() as connection:
        assert connection.execute(text("SELECT id FROM definition_versions")).all() == [("v1",)]
    engine.dispose()
