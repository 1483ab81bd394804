"""What every benchmark script says about the machine it ran on."""

import os
import platform
import secrets
from pathlib import Path


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def machine() -> str:
    return f"{os.cpu_count()} cores, {cpu_model()}, Python {platform.python_version()}"


def scratch_database(folder: Path, name: str, postgres: str | None) -> str:
    """A database for one benchmark run: a SQLite file in `folder`, or a new database on the
    PostgreSQL server `postgres` (dropped by `drop_scratch_database`)."""
    import uuid

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    if not postgres:
        return f"sqlite:///{folder / f'{name}.db'}"
    database = f"formengine_bench_{uuid.uuid4().hex[:10]}"
    with create_engine(postgres, isolation_level="AUTOCOMMIT").connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{database}"'))
    return make_url(postgres).set(database=database).render_as_string(hide_password=False)


def drop_scratch_database(url: str, postgres: str | None) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    if postgres:
        with create_engine(postgres, isolation_level="AUTOCOMMIT").connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)'))


def server_env(database_url: str, folder: Path, tenant: Path) -> dict[str, str]:
    """The environment of a benchmark's server: its database, an instance folder under `folder`,
    no Redis, a fresh secret key and the tenant folder `tenant`, not reloaded."""
    return {
        "DATABASE_URL": database_url,
        "FORMENGINE_INSTANCE": str(folder / "instance"),
        "REDIS_URL": "",
        "SECRET_KEY": secrets.token_urlsafe(48),
        "METRICS_TOKEN": secrets.token_urlsafe(32),
        "TENANT_RELOAD": "0",
        "TENANT": str(tenant),
    }
