"""`formengine erase`: erase one applicant from every store, or verify that nothing of them is left."""

import getpass

import click

from engine import db
from engine.audit.service import Actor
from engine.erasure import service
from engine.erasure.database import Target

NOT_FOUND = 2  # nothing was touched


def _app():
    from engine.app import create_app

    return create_app()


def _verify_target(session, values: tuple[str, ...]):
    """One target from references and addresses given together (after an erasure, the address is
    known only to whoever asks: the tombstone does not keep it)."""
    target, tombstone = Target(None, None, None, None), None
    for value in values:
        try:
            found, stone = service.find(session, **_named(value))
        except service.NotFound:
            if "@" not in value:
                raise
            found, stone = Target(None, None, None, value.strip().lower()), None
        target = Target(
            target.application_id or found.application_id,
            target.account_id or found.account_id,
            target.reference or found.reference,
            target.email or found.email,
        )
        tombstone = tombstone or stone
    return target, tombstone


def _named(value: str) -> dict:
    """An address, an application id (digits) or a reference."""
    value = value.strip()
    if "@" in value:
        return {"email": value}
    return {"application_id": int(value)} if value.isdigit() else {"reference": value}


@click.command("erase")
@click.option("--application", "reference", help="The application's reference.")
@click.option("--email", help="The applicant's e-mail address (a draft has no reference).")
@click.option("--application-id", type=int, help="The application's id (a draft erased before: to sweep again).")
@click.option(
    "--verify",
    "verify",
    multiple=True,
    metavar="REF|ADDRESS|ID",
    help="Erase nothing: search every store for the application (give its reference and address both "
    "when you have them) and list what is left.",
)
@click.option("--by", "by", default=None, help="Who asks for it, for the audit trail (default: your login name).")
def erase(reference, email, application_id, verify, by) -> None:
    """Erase an applicant's answers, documents, PDF, e-mails, jobs, sessions and account from every store,
    keeping the audit trail and a tombstone (id, reference, when, by whom). Exits 1 when a store could
    not be cleared (run it again: what is left is retried) and 2 when nothing matches.

    \b
    formengine erase --application IU-7K3M9Q2X
    formengine erase --email ada@example.com
    formengine erase --verify IU-7K3M9Q2X --verify ada@example.com    (or an application id)
    """
    if bool(reference) + bool(email) + (application_id is not None) + bool(verify) != 1:
        raise click.UsageError("give one of --application, --email, --application-id or --verify")
    app = _app()
    with app.app_context():
        session = db.session()
        try:
            if verify:
                target, tombstone = _verify_target(session, verify)
            else:
                target, tombstone = service.find(session, reference, email, application_id)
        except service.NotFound as missing:
            click.echo(f"nothing erased: {missing}", err=True)
            raise SystemExit(NOT_FOUND) from None
        if verify:
            _report_verification(session, app.config, target, tombstone)
            return
        actor = Actor.system(f"{by or getpass.getuser()} (command line)")
        report = service.erase(session, app.config, target, actor, tombstone)
    for line in report.lines():
        click.echo(line)
    if not report.done:
        raise SystemExit(1)


def _report_verification(session, settings, target, tombstone) -> None:
    left = service.verify(session, settings, target, tombstone)
    for line in service.kept(session, target):
        click.echo(f"kept  {line}")
    for line in left:
        click.echo(f"LEFT  {line}")
    if left:
        raise SystemExit(1)
    click.echo("nothing of it is left in the database, storage, Redis or the mail outbox")


commands = [erase]
