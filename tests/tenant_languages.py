"""A tenant copy in two languages for a test: its catalogue written by `formengine translations
update`, then a few messages translated as a translator would."""

import re
from pathlib import Path

from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from engine.cli import main


def add_language(folder: Path, language: str) -> Path:
    """The tenant written in English with `language` beside it (any shipped languages removed),
    every message of its new catalogue empty; returns the catalogue."""
    text = (folder / "tenant.yaml").read_text()
    text = re.sub(r"\n  languages?:.*", "", text)
    text = text.replace("\nsettings:\n", f"\nsettings:\n  languages: [en, {language}]\n", 1)
    (folder / "tenant.yaml").write_text(text)
    for old in (folder / "translations").glob("*.po*"):
        old.unlink()
    result = CliRunner().invoke(main, ["translations", "update", str(folder)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder / "translations" / f"{language}.po"


def translate(catalogue: Path, words: dict[str, str]) -> None:
    """Fill in the messages at these places (msgctxt: translation)."""
    with catalogue.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.context in words:
            message.string = words[message.context]
    with catalogue.open("wb") as handle:
        write_po(handle, catalog, width=100)
