"""`formengine staff`: staff members (local accounts with a TOTP second factor), their roles;
`formengine staff-token`: tokens for machines (scoped read or export, named, expiring)."""

import click

from engine import db
from engine.accounts.passwords import password_problems
from engine.audit.service import Actor, record
from engine.staff import members, sessions, tokens
from engine.staff.models import ROLES


def _app():
    from engine.app import create_app

    return create_app()


# Who acts on the command line, for the audit trail: the operator at the server's shell.
CLI_ACTOR = Actor.system("command line")


@click.group("staff")
def staff() -> None:
    """Staff members: people who sign in at /staff with a password and an authenticator code.

    \b
    formengine staff add --email ada@example.edu --role reader --name "Ada Lovelace"
    formengine staff role ada@example.edu exporter
    formengine staff disable ada@example.edu
    formengine staff list
    """


@staff.command("add")
@click.option("--email", required=True, help="The member's e-mail address (their sign-in name).")
@click.option("--role", "roles", multiple=True, required=True, type=click.Choice(ROLES), help="Repeat for several.")
@click.option("--name", default="", help="The member's name, for the /staff page and the audit.")
@click.password_option(help="Asked for when not given (the applicants' password rules apply).")
def add(email: str, roles: tuple[str, ...], name: str, password: str) -> None:
    """Add a local staff account: prints its authenticator secret once (there is no account without one)."""
    with _app().app_context():
        problems = password_problems(password)
        if problems:
            raise click.BadParameter(" ".join(problems), param_hint="--password")
        session = db.session()
        try:
            new = members.add(session, email, list(roles), password, name)
        except members.StaffError as error:
            raise click.ClickException(str(error)) from None
        session.commit()
        record(CLI_ACTOR, "staff_added", detail={"staff": new.member.email, "roles": new.member.role_list})
    click.echo(new.uri)
    click.echo(
        f"staff member {new.member.email} ({', '.join(new.member.role_list)}): add the line above to an "
        f"authenticator app (or type the secret {new.secret}); it is shown this once",
        err=True,
    )


@staff.command("role")
@click.argument("email")
@click.argument("roles", nargs=-1, required=True, type=click.Choice(ROLES))
def role(email: str, roles: tuple[str, ...]) -> None:
    """Set a member's roles (reader, exporter, administrator)."""
    with _app().app_context():
        session = db.session()
        try:
            member, before = members.set_roles(session, email, list(roles))
        except members.StaffError as error:
            raise click.ClickException(str(error)) from None
        session.commit()
        record(CLI_ACTOR, "role_change", detail={"staff": member.email, "from": before, "to": member.role_list})
        click.echo(f"{member.email}: {', '.join(member.role_list)}")


@staff.command("disable")
@click.argument("email")
def disable(email: str) -> None:
    """Disable a member: refused from their next request on, their sessions ended."""
    with _app().app_context():
        session = db.session()
        try:
            member = members.disable(session, email)
        except members.StaffError as error:
            raise click.ClickException(str(error)) from None
        sessions.end_all(session, member.id)
        session.commit()
        record(CLI_ACTOR, "staff_disabled", detail={"staff": member.email})
        click.echo(f"{member.email} is disabled")


@staff.command("list")
def list_members() -> None:
    """Every staff member: e-mail, roles, last sign-in, disabled."""
    with _app().app_context():
        found = members.all_members(db.session())
        for member in found:
            last = (
                member.last_sign_in_at.replace(microsecond=0).isoformat() + "Z" if member.last_sign_in_at else "never"
            )
            state = "disabled" if member.disabled_at else "active"
            click.echo(
                f"{member.email}\t{','.join(member.role_list)}\t{state}\tlast sign-in {last}\t{member.name or '-'}"
            )
    if not found:
        click.echo("no staff members", err=True)


@click.group("staff-token", invoke_without_command=True)
@click.option("--days", type=int, default=7, show_default=True, help=f"How long it works (1 to {tokens.MAX_DAYS}).")
@click.option("--name", default="", help="Which system uses it, for `staff-token list` and the audit.")
@click.option("--scope", type=click.Choice(tuple(tokens.SCOPES)), default="read", show_default=True)
@click.pass_context
def staff_token(ctx: click.Context, days: int, name: str, scope: str) -> None:
    """Make a token for a machine (sent as `Authorization: Bearer`), or list/revoke them.

    \b
    formengine staff-token --days 30 --name "Records system" --scope read
    formengine staff-token list
    formengine staff-token revoke ID|TOKEN   (or --all)
    """
    if ctx.invoked_subcommand is not None:
        return
    if not name.strip():
        raise click.UsageError("name the token (--name): the audit trail shows it")
    with _app().app_context():
        try:
            token, row = tokens.create(days, name, scope)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--days") from exc
        record(CLI_ACTOR, "token_created", detail={"token": row.id, "name": row.name, "scope": scope, "days": days})
    click.echo(token)
    click.echo(
        f"staff token {row.id} ({scope}) expires {row.expires_at.replace(microsecond=0).isoformat()}Z; "
        "send it as 'Authorization: Bearer TOKEN' to /staff/api; keep it secret",
        err=True,
    )


@staff_token.command("list")
def list_command() -> None:
    """Every staff token: id, state, name, expiry, last use (never the token itself)."""
    with _app().app_context():
        found = tokens.all_tokens()
        now = tokens.utcnow()
        for row in found:
            used = row.last_used_at.replace(microsecond=0).isoformat() + "Z" if row.last_used_at else "never"
            click.echo(
                f"{row.id}\t{tokens.state_of(row, now)}\t{tokens.scope_name(row.scope)}\t{row.name or '-'}\t"
                f"expires {row.expires_at.replace(microsecond=0).isoformat()}Z\tlast used {used}"
            )
    if not found:
        click.echo("no staff tokens", err=True)


@staff_token.command("revoke")
@click.argument("token_or_id", required=False)
@click.option("--all", "revoke_every", is_flag=True, help="Revoke every live staff token.")
def revoke(token_or_id: str | None, revoke_every: bool) -> None:
    """Revoke a staff token by its id or the token; or --all."""
    if bool(token_or_id) == revoke_every:
        raise click.UsageError("give a token id, token or link, or --all, but not both")
    with _app().app_context():
        count = tokens.revoke_all() if revoke_every else tokens.revoke(token_or_id)
        if count:
            record(CLI_ACTOR, "token_revoked", detail={"tokens": "all" if revoke_every else "one", "count": count})
    if not count and not revoke_every:
        raise click.ClickException("no live staff token matches")
    click.echo(f"revoked {count} staff token(s)")


commands = [staff, staff_token]
