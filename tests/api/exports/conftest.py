"""Applications to export, and `formengine export` run against the test app."""

import pytest
from click.testing import CliRunner

from engine.cli import main
from tests.applicants import write_application


@pytest.fixture
def add_application(app):
    return lambda *args, **kwargs: write_application(app, *args, **kwargs)


@pytest.fixture
def job_env(app, monkeypatch):
    """The export renders missing PDFs the way the worker does, with the environment's settings:
    point them at the test app's database and storage."""
    for setting, variable in {
        "DATABASE_URL": "DATABASE_URL",
        "STORAGE_PATH": "STORAGE_PATH",
        "SECRET_KEY": "SECRET_KEY",
        "TENANT_PATH": "TENANT",
    }.items():
        monkeypatch.setenv(variable, str(app.config[setting]))


@pytest.fixture
def export(app, monkeypatch, tmp_path, job_env):
    """export("csv", "--labels", ...) -> (result, output path)."""
    from engine.exports import cli as export_cli

    monkeypatch.setattr(export_cli, "_app", lambda: app)

    def run(export_format: str, *args, output=None):
        path = output or tmp_path / f"export.{export_format}"
        result = CliRunner().invoke(main, ["export", "--format", export_format, "--output", str(path), *args])
        return result, path

    return run
