"""`formengine retention`: apply the tenant's retention now, or list what it would delete and why."""

import click

from engine import db
from engine.accounts.models import utcnow
from engine.retention import service, task


def _app():
    from engine.app import create_app

    return create_app()


@click.command("retention")
@click.option("--dry-run", is_flag=True, help="Delete nothing: list what would go (and the reminders due) and why.")
def retention(dry_run) -> None:
    """Apply the tenant's `retention:` now, as the worker does every RETENTION_EVERY_S: remind drafts near
    their deletion, delete expired drafts, old submissions and unconfirmed accounts (each recorded in the
    audit trail with its reason), and finish erasures that stopped half-way.

    \b
    formengine retention --dry-run
    """
    app = _app()
    policy = task.policy_of(app.config)
    if policy is None:
        click.echo("the tenant sets no retention: nothing is deleted (add `retention:` to tenant.yaml)")
        return
    if dry_run:
        with app.app_context():
            lines = service.plan_lines(db.session(), policy, utcnow())
        for line in lines:
            click.echo(line)
        click.echo(f"{len(lines)} due; nothing was deleted (--dry-run)")
        return
    result = task.apply(app)
    click.echo(result.summary() if result else "nothing done")
    if result and result.errors:
        raise SystemExit(1)


commands = [retention]
