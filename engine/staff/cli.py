"""`formengine staff-token`: staff links to the read-only list of every application."""

import click

from engine.staff import tokens


def _app():
    from engine.app import create_app

    return create_app()


@click.group("staff-token", invoke_without_command=True)
@click.option("--days", type=int, default=7, show_default=True, help=f"How long it works (1 to {tokens.MAX_DAYS}).")
@click.option("--name", default="", help="Whose token it is, for `staff-token list` (e.g. 'Admissions office').")
@click.pass_context
def staff_token(ctx: click.Context, days: int, name: str) -> None:
    """Make a staff link (read-only access to every application), or list/revoke them.

    \b
    formengine staff-token --days 30 --name "Admissions office"
    formengine staff-token list
    formengine staff-token revoke ID|TOKEN|LINK   (or --all)
    """
    if ctx.invoked_subcommand is not None:
        return
    with _app().app_context():
        try:
            token, record = tokens.create(days, name)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--days") from exc
        url = tokens.staff_url(token)
    click.echo(url)
    click.echo(
        f"staff token {record.id} expires {record.expires_at.replace(microsecond=0).isoformat()}Z; "
        "anyone with the link can read every application: send it privately",
        err=True,
    )


@staff_token.command("list")
def list_command() -> None:
    """Every staff token: id, state, name, expiry, last use (never the token itself)."""
    with _app().app_context():
        found = tokens.all_tokens()
        now = tokens.utcnow()
        for record in found:
            used = record.last_used_at.replace(microsecond=0).isoformat() + "Z" if record.last_used_at else "never"
            click.echo(
                f"{record.id}\t{tokens.state_of(record, now)}\t{record.name or '-'}\t"
                f"expires {record.expires_at.replace(microsecond=0).isoformat()}Z\tlast used {used}"
            )
    if not found:
        click.echo("no staff tokens", err=True)


@staff_token.command("revoke")
@click.argument("token_or_id", required=False)
@click.option("--all", "revoke_every", is_flag=True, help="Revoke every live staff token.")
def revoke(token_or_id: str | None, revoke_every: bool) -> None:
    """Revoke a staff token by its id, the token or the whole link; or --all."""
    if bool(token_or_id) == revoke_every:
        raise click.UsageError("give a token id, token or link, or --all, but not both")
    with _app().app_context():
        count = tokens.revoke_all() if revoke_every else tokens.revoke(token_or_id)
    if not count and not revoke_every:
        raise click.ClickException("no live staff token matches")
    click.echo(f"revoked {count} staff token(s)")


commands = [staff_token]
