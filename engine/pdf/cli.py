"""`formengine fonts`: prepare the PDF fonts (run by `make install`; operators run it once per install)."""

import sys

import click

from engine.pdf import fonts

APT_PACKAGES = "fonts-noto-core fonts-noto-cjk fonts-dejavu-core"


@click.command("fonts")
@click.option("--strict", is_flag=True, help="Exit 1 when a font of the fallback chains is missing.")
def fonts_command(strict: bool) -> None:
    """Convert Noto Sans CJK to TrueType for the PDF renderer (about a minute, once) and list missing fonts."""
    cjk = fonts.build_cjk()
    click.echo(f"CJK font: {cjk}" if cjk else f"CJK font: {fonts.CJK_SOURCE} is not installed, nothing to convert")
    missing = fonts.missing()
    if not missing:
        click.echo("PDF fonts: all installed")
        return
    click.echo(
        f"PDF fonts missing: {', '.join(missing)}. Text they would draw shows as a replacement mark. "
        f"Debian: apt-get install {APT_PACKAGES}, then run `formengine fonts` again.",
        err=True,
    )
    if strict:
        sys.exit(1)


commands = [fonts_command]
