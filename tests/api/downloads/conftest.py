"""The job that prepares a file, run in the test's own process (`prepare(id)`): the work-horse reads
its settings from the environment, so they point at the test app's database, storage and outbox.
(tests/jobs runs the same job in a real worker.)"""

import pytest


@pytest.fixture
def run_job(app, monkeypatch):
    for setting, variable in {
        "DATABASE_URL": "DATABASE_URL",
        "STORAGE_PATH": "STORAGE_PATH",
        "STORAGE_BACKEND": "STORAGE_BACKEND",
        "SECRET_KEY": "SECRET_KEY",
        "TENANT_PATH": "TENANT",
        "MAIL_OUTBOX": "MAIL_OUTBOX",
    }.items():
        if app.config.get(setting):
            monkeypatch.setenv(variable, str(app.config[setting]))
    from engine.downloads import jobs

    return jobs.prepare
