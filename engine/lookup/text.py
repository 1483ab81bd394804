"""Text folding shared by the index builder and the query side, so both agree."""

import re
import unicodedata

_WORD = re.compile(r"[^\W_]+")
_RUN = re.compile(r"(?<![\w'`’])[^\W_]+")
_KEEP_UPPER = {"hs", "ii", "iii", "iv", "apo", "fpo", "dpo", "kipp", "stem", "ib", "jrotc", "usa", "us"}


def fold(text: str) -> str:
    """Lower-case, without diacritics: 'Lycée Núñez' -> 'lycee nunez'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def words(text: str) -> list[str]:
    """The folded words of a text; punctuation and FTS operators are just separators."""
    return _WORD.findall(fold(text))


def name_key(text: str) -> str:
    """The form compared with a query's words to rank names that begin with it first."""
    return " ".join(words(text))


def fts_query(query_words: list[str]) -> str:
    """Each word quoted (so AND, OR, NEAR, '*' or '"' are plain text) and searched as a prefix."""
    return " ".join(f'"{word}"*' for word in query_words)


def tidy_case(text: str) -> str:
    """Title-case a value written all in capitals or all in lower case ('TALLADEGA')."""
    text = " ".join(text.split())
    if not (text.isupper() or text.islower()) or len(text) <= 3:
        return text
    return _RUN.sub(_capitalize, text.lower())


def _capitalize(match: re.Match) -> str:
    word = match.group(0).lower()
    return word.upper() if word in _KEEP_UPPER else word[:1].upper() + word[1:]
