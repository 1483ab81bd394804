"""A language's name, from CLDR (Babel): "French" in English, "français" in French."""

from babel import Locale, UnknownLocaleError


def language_name(tag: str, in_language: str | None = None) -> str:
    """The name of the BCP 47 `tag` in `in_language` (default: in itself); the tag when CLDR has none."""
    try:
        name = Locale.parse(tag, sep="-").get_display_name(Locale.parse(in_language or tag, sep="-"))
    except (ValueError, TypeError, UnknownLocaleError):
        name = None
    return name or tag
