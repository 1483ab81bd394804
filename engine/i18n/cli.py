"""`formengine translations extract|update <tenant>`: the catalogues a translator works in."""

from pathlib import Path

import click
from babel.messages.pofile import PoFileError

from engine.definition.problems import DefinitionInvalid
from engine.i18n import catalogues


@click.group("translations")
def translations() -> None:
    """Gettext catalogues of a tenant's languages (tenants/<id>/translations/<language>.po)."""


_TENANT = click.argument("tenant", type=click.Path(exists=True, file_okay=False, path_type=Path))


@translations.command("extract")
@_TENANT
def extract_command(tenant: Path) -> None:
    """Write the template translations/messages.pot: every message of the definition and the engine's."""
    try:
        path, count = catalogues.extract(tenant)
    except DefinitionInvalid as invalid:
        raise click.ClickException(f"{invalid}\nrun formengine validate {tenant}") from None
    click.echo(f"wrote {count} messages to {path}")


@translations.command("update")
@_TENANT
def update_command(tenant: Path) -> None:
    """Merge the template into every language's catalogue: new messages empty, changed ones fuzzy,
    vanished ones obsolete. Then `formengine validate` lists what is left to translate."""
    try:
        reports = catalogues.update(tenant)
    except DefinitionInvalid as invalid:
        raise click.ClickException(f"{invalid}\nrun formengine validate {tenant}") from None
    except PoFileError as error:
        raise click.ClickException(f"line {error.lineno + 1}: {error}; fix the catalogue, then update again") from None
    if not reports:
        click.echo(f"{tenant} has one language: add languages: to its settings first")
    for report in reports:
        click.echo(
            f"{report.path}: {report.new} new, {report.fuzzy} fuzzy, {report.obsolete} obsolete, "
            f"{report.untranslated} to translate"
        )


commands = [translations]
