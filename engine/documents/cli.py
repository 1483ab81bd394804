"""`formengine cleanup [--older-than HOURS] [--dry-run]`: the worker's storage cleanup, by hand."""

import datetime as dt

import click


@click.command("cleanup")
@click.option(
    "--older-than",
    "hours",
    type=click.FloatRange(min=0),
    default=None,
    help="Grace period in hours (default: CLEANUP_OLDER_THAN_H, 24).",
)
@click.option("--dry-run", is_flag=True, help="Count what would go; remove nothing.")
def cleanup_command(hours: float | None, dry_run: bool) -> None:
    """Remove stored files and rows of documents that no answer references, once older than the
    grace period (uploads never converted, failed conversions, outputs no row names). Files a row
    names are never removed."""
    from redis.exceptions import RedisError

    from engine import db
    from engine.app import create_app
    from engine.documents import cleanup
    from engine.documents.storage import StorageError, storage_from_config

    app = create_app()
    with app.app_context():
        grace = dt.timedelta(hours=hours if hours is not None else float(app.config["CLEANUP_OLDER_THAN_H"]))
        try:
            result = cleanup.run(db.session(), storage_from_config(app.config), grace, dry_run=dry_run)
        except StorageError as exc:
            raise click.ClickException(f"the document store cannot be listed: {exc}") from None
        if app.config.get("REDIS_URL"):
            from engine.jobs import connection

            try:
                cleanup.record(connection(app.config["REDIS_URL"]), result)
            except RedisError as exc:
                click.echo(f"the counts could not be added to the metrics (Redis: {exc})", err=True)
    click.echo(result.summary())


commands = [cleanup_command]
