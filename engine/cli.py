"""The `formengine` console script."""

import importlib
import json
import os
import sys
from pathlib import Path

import click

from engine import signing
from engine.config import load_config
from engine.errors import StartRefused
from engine.signing import SecretKeyRefused

# Domains add their own command groups here (each module exposes `commands`: a list of click commands).
DOMAIN_COMMANDS = (
    "engine.lookup.cli",
    "engine.accounts.cli",
    "engine.applications.cli",
    "engine.staff.cli",
    "engine.audit.cli",
    "engine.erasure.cli",
    "engine.retention.cli",
    "engine.exports.cli",
    "engine.delivery.cli",
    "engine.pdf.cli",
    "engine.versions.cli",
    "engine.documents.cli",
    "engine.i18n.cli",
)


class _Main(click.Group):
    """Every command that builds the app or runs a worker stops with the key's message, no traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (SecretKeyRefused, StartRefused) as refused:
            raise click.ClickException(str(refused)) from None


# Production entry points never take the development key from a file: they need SECRET_KEY itself.
_NOT_FROM_INSTANCE_KEY = {"run", "worker"}


@click.group(cls=_Main)
@click.pass_context
def main(ctx: click.Context) -> None:
    """formengine: schema-driven application forms."""
    if ctx.invoked_subcommand not in _NOT_FROM_INSTANCE_KEY:
        _use_instance_key()


def _use_instance_key() -> None:
    """Beside `formengine run`, with SECRET_KEY unset, a command uses the development key that run
    made in the instance folder (and signs what run's processes verify). Never makes one: without
    the file (or with a key that could not be used) the command refuses as before."""
    if os.environ.get("SECRET_KEY"):
        return
    path = Path(load_config()["INSTANCE_PATH"]) / signing.DEV_KEY_FILE
    try:
        key = path.read_text().strip()
    except OSError:
        return
    if signing.problem(key) is None:
        os.environ["SECRET_KEY"] = key


@main.command()
@click.argument("tenant", type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print problems as JSON for tools.")
@click.option("--strict", is_flag=True, help="Fail on warnings too (exit 1), e.g. in CI.")
def validate(tenant: Path, as_json: bool, strict: bool) -> None:
    """Check a tenant definition: structure, references and meaning. Errors stop the form; warnings
    (printed apart) point at what likely works otherwise than meant, and fail only with --strict."""
    from engine.definition import DefinitionInvalid, load_and_compile

    summary = None
    try:
        compiled = load_and_compile(tenant)
        errors, warnings = [], compiled.warnings
        summary = compiled.summary()
    except DefinitionInvalid as invalid:
        errors, warnings = invalid.problems, invalid.warnings
    failed = bool(errors) or (strict and bool(warnings))
    if as_json:
        report = {"ok": not failed, "problems": [p.to_dict() for p in errors]}
        report["warnings"] = [w.to_dict() for w in warnings]
        if summary is not None:
            report["summary"] = summary
        click.echo(json.dumps(report, indent=2))
    else:
        for problem in errors:
            click.echo(problem.format())
        if summary is not None and not failed:
            click.echo(
                f"{tenant}: OK - {summary['pages']} pages, {summary['sections']} sections, "
                f"{summary['keys']} answer keys, {summary['rules']} rules, {summary['option_lists']} option lists"
            )
        if warnings:
            click.echo(("\n" if errors else "") + ("warnings (--strict fails on them):" if strict else "warnings:"))
            for warning in warnings:
                click.echo(warning.format())
        if errors or warnings:
            counts = [f"{len(errors)} problem(s)"] if errors else []
            counts += [f"{len(warnings)} warning(s)"] if warnings else []
            click.echo(f"{' and '.join(counts)} in {tenant}", err=True)
    if failed:
        sys.exit(1)


def _echo_problems(tenant: Path, invalid, as_json: bool) -> None:
    """An invalid folder's problems, as `validate` prints them."""
    if as_json:
        report = {"ok": False, "problems": [p.to_dict() for p in invalid.problems]}
        report["warnings"] = [w.to_dict() for w in invalid.warnings]
        click.echo(json.dumps(report, indent=2))
        return
    for problem in invalid.problems:
        click.echo(problem.format())
    if invalid.warnings:
        click.echo("\nwarnings:")
        for warning in invalid.warnings:
            click.echo(warning.format())
    click.echo(f"{len(invalid.problems)} problem(s) in {tenant}", err=True)


@main.command("diff")
@click.argument("tenant", type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the changes (or the problems) as JSON for tools.")
def diff_command(tenant: Path, as_json: bool) -> None:
    """Compare a tenant folder with the version the app's database serves: what would change, and
    whose answers it would archive. Exit 0: nothing would be archived; 1: answers would be
    archived; 2: the folder is invalid (its problems as `validate` prints them); 3: the database
    could not be read."""
    from engine.applications.impact import DatabaseUnreadable, format_report, served_impact
    from engine.definition import DefinitionInvalid, load_and_compile

    try:
        compiled = load_and_compile(tenant)
    except DefinitionInvalid as invalid:
        _echo_problems(tenant, invalid, as_json)
        sys.exit(2)
    try:
        version_id, report = served_impact(load_config()["DATABASE_URL"], compiled)
    except DatabaseUnreadable as unreadable:
        click.echo(f"formengine diff: {unreadable}", err=True)
        sys.exit(3)
    if as_json:
        body = {"ok": True, "tenant": str(tenant), "served_version": version_id, "version": compiled.etag}
        click.echo(json.dumps({**body, **(report.to_dict() if report else {"changes": [], "archiving": 0})}, indent=2))
    else:
        click.echo(format_report(tenant, version_id, compiled.etag, report))
    sys.exit(1 if report and report.archiving() else 0)


@main.command("compile")
@click.argument("tenant", type=click.Path(file_okay=False, path_type=Path))
@click.option("--today", help="Compute year lists as of this date (YYYY-MM-DD).")
def compile_command(tenant: Path, today: str | None) -> None:
    """Print the compiled form as JSON."""
    import datetime as dt

    from engine.definition import DefinitionInvalid, load_and_compile

    try:
        compiled = load_and_compile(tenant, today=dt.date.fromisoformat(today) if today else None)
    except DefinitionInvalid as invalid:
        for problem in invalid.problems:
            click.echo(problem.format(), err=True)
        sys.exit(1)
    click.echo(compiled.json_bytes.decode())


@main.command()
@click.argument("tenant", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
@click.option("--rtl", is_flag=True, help="In the right-to-left pseudo-language ar-XB: each word mirrored.")
def pseudo(tenant: Path, out: Path, rtl: bool) -> None:
    """Write to OUT a copy of TENANT whose every applicant-facing word (the definition's and the
    engine's) is pseudo-localized: ⟦wrapped⟧, accented, about 35% longer, placeholders kept;
    with --rtl, in a right-to-left pseudo-language, to check a mirrored layout."""
    from engine.definition.pseudo import pseudo_tenant

    try:
        written = pseudo_tenant(tenant, out, rtl)
    except (FileExistsError, ValueError) as refused:
        raise click.ClickException(str(refused)) from None
    click.echo(f"wrote {len(written)} files to {out}; serve it with TENANT={out} make run")


@main.group()
def db() -> None:
    """Database commands."""


@db.command("upgrade")
def db_upgrade() -> None:
    """Apply every migration to DATABASE_URL."""
    from engine.migrate import upgrade

    url = load_config()["DATABASE_URL"]
    upgrade(url)
    click.echo(f"database at {url.split('@')[-1]} is up to date")


@main.command()
@click.option("--port", type=int, envvar="PORT", default=8000, show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True)
def run(port: int, host: str) -> None:
    """Run everything on this machine: migrations, embedded Redis, a worker, the web server."""
    from engine.runner import run_all

    run_all(host=host, port=port)


@main.command()
@click.option("--url", envvar="REDIS_URL", required=True, help="Redis URL (REDIS_URL).")
@click.option("--burst", is_flag=True, help="Stop when the queues are empty.")
@click.argument("queues", nargs=-1)
def worker(url: str, burst: bool, queues: tuple[str, ...]) -> None:
    """Run one RQ worker (JSON serializer) on the given queues, most urgent first (default: all:
    application-pdfs, default, conversions). It also dispatches jobs recorded while Redis was down."""
    from engine.worker import run_worker

    run_worker(url, queues, burst=burst)


def _register_domain_commands() -> None:
    for name in DOMAIN_COMMANDS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if not (name == exc.name or name.startswith(f"{exc.name}.")):
                raise
            continue
        for command in module.commands:
            main.add_command(command)


_register_domain_commands()


if __name__ == "__main__":
    main()
