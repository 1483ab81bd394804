"""`formengine audit`: the audit trail, by application reference, by staff e-mail, since a date."""

import json

import click

from engine import db
from engine.audit import service

DATE = click.DateTime(formats=["%Y-%m-%d", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"])


def _app():
    from engine.app import create_app

    return create_app()


@click.command("audit")
@click.option("--application", "reference", help="An application's reference (drafts have none: use its id).")
@click.option("--application-id", type=int, help="An application's id (a draft's, or an erased one's).")
@click.option("--staff", "staff_email", help="A staff member's e-mail address.")
@click.option("--since", type=DATE, help="From this UTC date or moment on.")
@click.option("--limit", type=click.IntRange(1, 100_000), default=1000, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON array, for tools.")
def audit(reference, application_id, staff_email, since, limit, as_json) -> None:
    """Print the audit trail, newest first: who did what to which application, when, from where.

    \b
    formengine audit --application IU-7K3M9Q2X
    formengine audit --staff ada@example.edu --since 2027-01-01 --json
    """
    query = service.Query(reference, application_id, staff_email, since, limit)
    with _app().app_context():
        found = service.entries(db.session(), query)
    if as_json:
        click.echo(json.dumps(found, indent=2))
        return
    for entry in found:
        where = " ".join(part for part in (entry["ip"], entry["user_agent"]) if part) or "-"
        target = entry["reference"] or (f"application {entry['application_id']}" if entry["application_id"] else "-")
        detail = json.dumps(entry["detail"], sort_keys=True) if entry["detail"] else ""
        click.echo(
            f"{entry['at']}\t{entry['actor']['kind']} {entry['actor']['label']}\t{entry['action']}\t{target}\t{where}\t{detail}"
        )
    if not found:
        click.echo("no audit entries match", err=True)


commands = [audit]
