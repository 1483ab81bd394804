"""Which way a language is written, from CLDR (Babel's `Locale.text_direction`), not from a list:
Arabic, Hebrew, Persian, Urdu and every other right-to-left locale CLDR knows read "rtl". A tag
CLDR does not know as a whole (a pseudo-language such as ar-XB, a private region) is read by its
shorter forms (ar-XB: ar); a language CLDR does not know at all reads "ltr"."""

import functools

from babel import Locale, UnknownLocaleError


@functools.lru_cache(maxsize=64)
def cldr_locale(language: str | None) -> Locale | None:
    """CLDR's data for a BCP 47 tag, a tag CLDR does not know as a whole by its shorter forms, as the
    browser's Intl looks it up (ar-XB: ar); None for a language CLDR does not know at all."""
    parts = (language or "").replace("_", "-").split("-")
    for count in range(len(parts), 0, -1):
        try:
            return Locale.parse("_".join(parts[:count]))
        except (ValueError, TypeError, UnknownLocaleError):
            continue
    return None


def direction(language: str | None) -> str:
    """ "rtl" or "ltr" for a BCP 47 tag (en, ar-EG, az-Arab, ar-XB); None or "" reads "ltr"."""
    locale = cldr_locale(language)
    return "rtl" if locale is not None and locale.text_direction == "rtl" else "ltr"
