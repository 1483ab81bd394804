"""`formengine service-token create|revoke`: read-only print-view links for staff."""

import click

from engine.applications import access, extension
from engine.audit.service import Actor, record


def _app():
    from engine.app import create_app

    return create_app()


@click.group("service-token")
def service_token() -> None:
    """Staff links to one application's read-only print view."""


@service_token.command("create")
@click.argument("username")
@click.option("--ttl", default="1h", show_default=True, help="How long the link works: 90s, 30m, 1h, 7d (at most 30d).")
def create(username: str, ttl: str) -> None:
    """Print a print-view URL with a new service token for USERNAME's application."""
    try:
        lifetime = access.parse_ttl(ttl)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--ttl") from exc
    with _app().app_context():
        try:
            _token, url, expires_at = access.create_service_token(username, lifetime)
        except LookupError as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(url)
    click.echo(f"expires {expires_at.replace(microsecond=0).isoformat()}Z", err=True)


@service_token.command("revoke")
@click.argument("token_or_url", required=False)
@click.option("--username", help="Revoke every live token of this applicant's application instead.")
def revoke(token_or_url: str | None, username: str | None) -> None:
    """Revoke a service token (the token or the whole URL), or all of an applicant's."""
    if bool(token_or_url) == bool(username):
        raise click.UsageError("give a token (or URL), or --username, but not both")
    with _app().app_context():
        if username:
            count = access.revoke_service_tokens_for(username)
        else:
            count = access.revoke_service_token(_token_from(token_or_url))
    if not count and not username:
        raise click.ClickException("no live service token matches")
    click.echo(f"revoked {count} service token(s)")


@click.command("extend")
@click.option("--email", required=True, help="The applicant's e-mail address (their account).")
@click.option("--until", "until_text", required=True, help="A local time in settings.time_zone: 2027-04-07T17:00.")
def extend_command(email: str, until_text: str) -> None:
    """Let one applicant save and submit until a later time than the application window's close."""
    with _app().app_context():
        try:
            until = extension.parse_until(until_text)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--until") from exc
        try:
            application_id = extension.extend(email, until)
        except (LookupError, ValueError) as exc:
            raise click.ClickException(str(exc)) from exc
        detail = {"until": f"{until.isoformat()}Z", "via": "command line"}
        record(Actor.system("command line"), "deadline_extended", application=application_id, detail=detail)
    click.echo(f"{email} may save and submit until {until.isoformat()}Z")


def _token_from(text: str) -> str:
    marker = "service_token="
    return text.split(marker, 1)[1].split("&", 1)[0] if marker in text else text.strip()


commands = [service_token, extend_command]
