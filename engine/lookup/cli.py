"""`formengine lookup load|info`: build the embedded lookup index from CSV files."""

from pathlib import Path

import click

from engine.config import load_config
from engine.lookup import CATEGORIES, index, service
from engine.lookup.loader import LoadError


@click.group()
def lookup() -> None:
    """Lookup index commands (schools by CEEB code, addresses)."""


@lookup.command("load")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--category",
    type=click.Choice(CATEGORIES),
    help="Category of every row (otherwise a 'category' column, the file name or HS_CEEB columns tell).",
)
@click.option(
    "--country",
    default="USA",
    show_default=True,
    help="Country of rows without a country column (ISO 3166-1; alpha-2 codes become alpha-3).",
)
@click.option(
    "--encoding", default="utf-8", show_default=True, help="Text encoding of the files (IPEDS files are often cp1252)."
)
@click.option("--sample", is_flag=True, help="Also load the bundled sample (fictional entries: not for production).")
@click.option(
    "--index",
    "index_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Index file to write [default: LOOKUP_INDEX].",
)
def load(
    files: tuple[Path, ...], category: str | None, country: str, encoding: str, sample: bool, index_path: Path | None
) -> None:
    """Load CSV FILES into the index: their categories are replaced, the others kept.

    Reads this project's columns (ceeb, name, address_line_1, city, state, zip, country, nces_id),
    the CEEB-NCES crosswalk's (HS_CEEB, HS_NAME, HS_CITY, HS_STATE, HS_POSTAL_CD, HS_NCES,
    MATCH_NAME), NCES CCD (SCH_NAME, LSTREET1, LCITY, LSTATE, LZIP, NCESSCH), NCES PSS (PINST,
    PL_ADD, PL_CIT, PL_STABB, PL_ZIP, PPIN) and IPEDS (INSTNM, ADDR, CITY, STABBR, ZIP, UNITID).
    Running app processes pick up the new index at their next lookup.
    """
    paths = [*files, *(service.sample_files() if sample else [])]
    if not paths:
        raise click.UsageError("give CSV files to load, or --sample")
    target = index_path or Path(load_config()["LOOKUP_INDEX"])
    try:
        summary = service.load(target, paths, category=category, country=country, encoding=encoding)
    except LoadError as exc:
        raise click.ClickException(str(exc)) from exc
    except UnicodeDecodeError as exc:
        raise click.ClickException(
            f"a file is not {encoding} text ({exc.reason}); pass --encoding, e.g. --encoding cp1252"
        ) from exc
    click.echo(
        f"{target}: loaded {', '.join(summary.replaced)}"
        + (f" ({summary.skipped_rows} rows without a name or address skipped)" if summary.skipped_rows else "")
    )
    for name, count in summary.counts.items():
        click.echo(f"  {name}: {count} entries")


@lookup.command("info")
@click.option(
    "--index",
    "index_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Index file to read [default: LOOKUP_INDEX].",
)
def info(index_path: Path | None) -> None:
    """How many entries each category of the index holds."""
    target = index_path or Path(load_config()["LOOKUP_INDEX"])
    if not target.exists():
        raise click.ClickException(
            f"{target} does not exist yet: the app builds it from the bundled sample at "
            "its first lookup, or run `formengine lookup load`"
        )
    click.echo(str(target))
    for name, count in index.counts(target).items():
        click.echo(f"  {name}: {count} entries")


commands = [lookup]
