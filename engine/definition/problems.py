"""Problems found in a tenant definition, written for the form author."""

import difflib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Location:
    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Problem:
    """One thing the author must fix: where (file:line:col, and the place by its ids, e.g.
    `page education > section testing > field sat_total`), a code for tools, what is wrong and how
    to fix it (the hint)."""

    location: Location
    code: str
    message: str
    hint: str = ""
    place: str = ""
    # "warning": the form works, but likely not as the author meant; `validate --strict` fails on it
    severity: str = "error"

    def format(self) -> str:
        where = f"{self.place}: " if self.place else ""
        marker = "warning " if self.severity == "warning" else ""
        text = f"{self.location}: {marker}{self.code} {where}{self.message}"
        return f"{text}\n    hint: {self.hint}" if self.hint else text

    def to_dict(self) -> dict:
        return {
            "file": self.location.file,
            "line": self.location.line,
            "col": self.location.col,
            "code": self.code,
            "place": self.place,
            "message": self.message,
            "hint": self.hint,
            "severity": self.severity,
        }


@dataclass
class DefinitionInvalid(Exception):
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(p.format() for p in self.problems)


def did_you_mean(word: str, candidates) -> str:
    matches = difflib.get_close_matches(str(word), [str(c) for c in candidates], n=1, cutoff=0.6)
    return f"did you mean '{matches[0]}'?" if matches else ""
