"""docs/deploy.md's PostgreSQL commands, run as written against a throwaway cluster of this test's
own (scripts/pgcluster.py; the shared server is never touched): deploy/postgres/create-database.sql
makes the database and its two roles, `formengine db upgrade` as the owner applies the migrations,
the app logging in as formengine_app saves and submits, and cannot change the schema. Then the
backup and the restore drill: pg_dump, pg_restore into a new database, the answers there."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import ProgrammingError

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import pgcluster
from tests.applicants import make_applicant

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow
SQL = ROOT / "deploy" / "postgres" / "create-database.sql"
FORMENGINE = Path(sys.executable).with_name("formengine")


@pytest.fixture(scope="module")
def cluster():
    reason = pgcluster.missing() or (None if _which("psql", "pg_dump", "pg_restore") else "psql/pg_dump missing")
    if reason:
        pytest.skip(reason)
    server = pgcluster.Cluster()
    server.start()
    yield server
    server.close()


def _which(*names) -> bool:
    import shutil

    return all(shutil.which(name) for name in names)


def _url(cluster, role: str, database: str = "formengine", driver: str = "postgresql+psycopg") -> str:
    return f"{driver}://{role}:secret-{role}@127.0.0.1:{cluster.port}/{database}"


def _psql(cluster, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["psql", "-h", "127.0.0.1", "-p", str(cluster.port), "-U", "postgres", "-v", "ON_ERROR_STOP=1", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )


@pytest.fixture(scope="module")
def created(cluster):
    _psql(
        cluster,
        "-v",
        "owner_password=secret-formengine_owner",
        "-v",
        "app_password=secret-formengine_app",
        "-f",
        str(SQL),
    )
    env = {**os.environ, "DATABASE_URL": _url(cluster, "formengine_owner")}
    upgrade = subprocess.run([str(FORMENGINE), "db", "upgrade"], env=env, capture_output=True, text=True, timeout=180)
    assert upgrade.returncode == 0, upgrade.stdout + upgrade.stderr
    return cluster


@pytest.fixture
def database_url(created):
    return _url(created, "formengine_app")


@pytest.fixture
def app(database_url, tmp_path):
    """The app as production runs it: logged in as formengine_app, migrations already applied."""
    from engine.app import create_app

    application = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "MAIL_OUTBOX": str(tmp_path / "outbox"),
            "STORAGE_PATH": str(tmp_path / "documents"),
            "LOOKUP_INDEX": str(tmp_path / "lookup.sqlite"),
        }
    )
    yield application
    application.extensions["db_engine"].dispose()
    application.extensions["versions_engine"].dispose()


def test_the_app_role_saves_answers_and_cannot_change_the_schema(app, database_url):
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    assert applicant.get("/api/profile").json["answer"]["first_name"] == "Ada"

    engine = create_engine(database_url)
    try:
        for statement in ("CREATE TABLE intruder (id int)", "DROP TABLE applications", "TRUNCATE accounts"):
            with engine.begin() as connection, pytest.raises(ProgrammingError, match="permission denied|must be owner"):
                connection.execute(text(statement))
    finally:
        engine.dispose()


def test_backup_and_restore_drill(app, created, tmp_path):
    """Back up (pg_dump as the owner), restore into a new database (pg_restore), and find the
    answers there, readable by the app role, as the drill in docs/deploy.md does."""
    applicant = make_applicant(app, "grace@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Grace"}).status_code == 200
    dump = tmp_path / "formengine.dump"
    subprocess.run(
        ["pg_dump", "--format=custom", f"--file={dump}", _url(created, "formengine_owner", driver="postgresql")],
        check=True,
        capture_output=True,
        timeout=120,
    )
    _psql(created, "-c", "CREATE DATABASE formengine_restored OWNER formengine_owner TEMPLATE template0")
    _psql(
        created,
        "-d",
        "formengine_restored",
        "-c",
        "GRANT CONNECT, TEMPORARY ON DATABASE formengine_restored TO formengine_app",
    )
    restore = subprocess.run(
        [
            "pg_restore",
            "--no-owner",
            "--role=formengine_owner",
            "--exit-on-error",
            "--clean",
            "--if-exists",
            f"--dbname={_url(created, 'formengine_owner', 'formengine_restored', driver='postgresql')}",
            str(dump),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert restore.returncode == 0, restore.stderr
    restored = create_engine(_url(created, "formengine_app", "formengine_restored"))
    try:
        with restored.connect() as connection:
            answers = connection.execute(
                text(
                    "SELECT a.answers FROM applications a JOIN accounts u ON u.id = a.account_id "
                    "WHERE u.username = 'grace@example.com'"
                )
            ).scalar_one()
    finally:
        restored.dispose()
    assert "Grace" in str(answers)
