"""International phone numbers as the applicant writes them, checked as E.164: a +, a country
calling code that is assigned, then digits; at most 15 digits in all (at least 7, the shortest
numbering plans). Spaces, dots, hyphens and brackets between digits are kept as typed.

The calling codes come from Google's libphonenumber metadata (the `phonenumbers` package), so
the list follows the ITU's assignments without a copy of them here.
"""

from functools import cache

from phonenumbers import COUNTRY_CODE_TO_REGION_CODE

NON_GEOGRAPHIC = "001"
_SEPARATED_DIGIT = "[ .()-]{0,2}[0-9]"


@cache
def calling_codes() -> list[list]:
    """[[code, [regions, main first]], ...] for every country calling code of a region, by code."""
    return [
        [str(code), [region for region in regions if region != NON_GEOGRAPHIC]]
        for code, regions in sorted(COUNTRY_CODE_TO_REGION_CODE.items())
        if any(region != NON_GEOGRAPHIC for region in regions)
    ]


@cache
def international_phone_pattern() -> str:
    """A pattern valid in Python and in JavaScript's unicode mode. Calling codes are a prefix
    code (none begins another), so the alternation never needs to backtrack between them."""
    codes = "|".join(str(code) for code in sorted(COUNTRY_CODE_TO_REGION_CODE))
    return rf"^\+(?=(?:{_SEPARATED_DIGIT}){{7,15}}$)(?:{codes})(?:{_SEPARATED_DIGIT})*$"
