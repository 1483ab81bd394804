"""`formengine export`: every application to a CSV, JSON or zip file, for staff."""

import sys
from pathlib import Path

import click

from engine.audit.service import Actor, record
from engine.exports import service

DATE = click.DateTime(formats=["%Y-%m-%d", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"])


def _app():
    from engine.app import create_app

    return create_app()


@click.command("export")
@click.option("--format", "export_format", type=click.Choice(service.FORMATS), required=True, help="File format.")
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False, path_type=Path), required=True, help="File to write (replaced)."
)
@click.option("--since", type=DATE, help="Only applications submitted (with --status all: changed) from this UTC date.")
@click.option("--status", type=click.Choice(service.STATUSES), default="submitted", show_default=True)
@click.option("--labels", is_flag=True, help="csv and zip: a second header row with the questions' labels.")
def export(export_format: str, output: Path, since, status: str, labels: bool) -> None:
    """Export applications: one CSV row or JSON object each, or a zip of their PDFs and documents.

    \b
    formengine export --format csv --output applications.csv --labels
    formengine export --format json --output applications.json --since 2026-01-01
    formengine export --format zip --output applications.zip --status all
    """
    if labels and export_format == "json":
        raise click.UsageError("--labels applies to csv and zip (JSON objects carry the keys only)")
    if output.exists() and output.is_dir():
        raise click.BadParameter(f"{output} is a folder", param_hint="--output")
    request = service.ExportRequest(export_format, output, status, since, labels)
    with _app().app_context():
        form = service.current_form()
        total = service.count(request)
        try:
            written = _run(request, form, total)
        except OSError as exc:
            raise click.ClickException(f"could not write {output}: {exc.strerror or exc}") from exc
        detail = {"format": export_format, "status": status, "applications": written, "via": "command line"}
        record(Actor.system("command line"), "export", detail=detail)
    size = output.stat().st_size
    click.echo(f"exported {written} application(s) to {output} ({_size(size)})", err=True)


def _run(request, form: dict, total: int) -> int:
    if not sys.stderr.isatty():
        return service.export(request, form)
    with click.progressbar(length=total, label="Exporting", file=sys.stderr, show_pos=True, show_eta=True) as bar:
        return service.export(request, form, bar.update)


def _size(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB" if size >= 1024 * 1024 else f"{size / 1024:.1f} KB"


commands = [export]
