"""`formengine publish [TENANT]`: make a tenant folder's form the current definition version."""

import sys
from pathlib import Path

import click

from engine.config import load_config


@click.command("publish")
@click.argument("tenant", type=click.Path(file_okay=False, path_type=Path), required=False)
def publish_command(tenant: Path | None) -> None:
    """Record the tenant folder's compiled form (default: TENANT) in DATABASE_URL and make it the
    version every web process and worker serves, within DEFINITION_CHECK_S. Exit 2 when the folder
    is invalid (nothing is published); refused when the database holds another tenant's applications."""
    from engine.db import make_engine
    from engine.definition import DefinitionInvalid, load_and_compile
    from engine.versions import store_version
    from engine.versions.tenancy import require_own, tenant_of

    config = load_config()
    folder = tenant or Path(config["TENANT_PATH"])
    try:
        compiled = load_and_compile(folder)
    except DefinitionInvalid as invalid:
        for problem in invalid.problems:
            click.echo(problem.format())
        click.echo(f"{len(invalid.problems)} problem(s) in {folder}; nothing was published", err=True)
        sys.exit(2)
    engine = make_engine(config["DATABASE_URL"])
    try:
        with engine.begin() as connection:
            require_own(connection, tenant_of(compiled))  # another tenant's database: nothing published
            store_version(connection, compiled)
    finally:
        engine.dispose()
    click.echo(f"{folder}: definition version {compiled.etag} is current")


commands = [publish_command]
