"""`formengine deliveries [--failed]` and `formengine deliveries retry REFERENCE|--failed`."""

import click
from flask import current_app

from engine import db
from engine.delivery import service


def _app():
    from engine.app import create_app

    return create_app()


def _when(moment) -> str:
    return moment.replace(microsecond=0).isoformat() + "Z" if moment else ""


@click.group("deliveries", invoke_without_command=True)
@click.option("--failed", is_flag=True, help="Only the deliveries whose tries are used up.")
@click.pass_context
def deliveries(ctx: click.Context, failed: bool) -> None:
    """List deliveries to staff: reference, target, state, tries and the last error (newest first).

    \b
    formengine deliveries --failed
    formengine deliveries retry INTL-7K2Q9MXA      (its undelivered ones; --again: all)
    formengine deliveries retry --failed
    """
    if ctx.invoked_subcommand is not None:
        return
    with _app().app_context():
        rows = service.deliveries(db.session(), failed_only=failed)
    if not rows:
        click.echo("no failed deliveries" if failed else "no deliveries", err=True)
        return
    click.echo("reference\ttarget\tstate\ttries\tlast error")
    for row in rows:
        note = row.last_error or ""
        if row.state == "retrying":
            note = f"{note} (next try {_when(row.next_attempt_at)})".strip()
        elif row.state == "delivered":
            note = f"delivered {_when(row.delivered_at)}"
        click.echo(f"{row.reference}\t{row.kind} {row.target}\t{row.state}\t{row.attempts}\t{note}")


@deliveries.command("retry")
@click.argument("reference", required=False)
@click.option("--failed", "every_failed", is_flag=True, help="Retry every failed delivery.")
@click.option("--again", is_flag=True, help="With REFERENCE: send the delivered ones again too.")
def retry(reference: str | None, every_failed: bool, again: bool) -> None:
    """Send again, with a fresh round of tries: an application's deliveries, or every failed one."""
    if bool(reference) == every_failed:
        raise click.UsageError("give a REFERENCE or --failed, but not both")
    with _app().app_context():
        session = db.session()
        if reference and not service.reference_exists(session, reference):
            raise click.ClickException(f"no submitted application has the reference {reference}")
        count = service.retry(session, current_app.config, reference, failed=every_failed, again=again)
    if not count:
        hint = " (all delivered: add --again to send them again)" if reference and not again else ""
        raise click.ClickException(f"nothing to retry{hint}")
    click.echo(f"{count} delivery(ies) queued again")


commands = [deliveries]
