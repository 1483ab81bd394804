"""The engine's own words (texts.yaml): the one source of every default text an applicant sees.

The compiled form's `texts` carries every id (the tenant's wording over these), and the server's
answers to an applicant read them too (`tenant_text`, `TenantWords`); the client's
defaults, used before the compiled form has arrived, are written from the same file:
`python -m engine.definition._gen_schema` writes client/src/strings/catalogue.js (the ids the
sign-in pages and the shell need, in the first bundle) and formCatalogue.js (the rest, loaded with
the form pages); a test keeps them in step."""

import datetime as dt
import json
import re
from collections.abc import Mapping
from pathlib import Path

import yaml

SOURCE = Path(__file__).with_name("texts.yaml")
STRINGS = Path(__file__).resolve().parents[2] / "client" / "src" / "strings"
# Each group and the client module it is written to (the server's own answers stay on the server).
GROUPS = {"everywhere": "catalogue.js", "form": "formCatalogue.js", "server": None}
# Filled in in every e-mail text (mail_*) besides the placeholders of its default (engine/mail.py).
MAIL_VALUES = ("tenant_name", "support_email", "public_url")


def _load() -> dict[str, dict[str, str]]:
    groups = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    if not isinstance(groups, dict) or set(groups) != set(GROUPS):
        raise ValueError(f"{SOURCE}: the texts are grouped under {', '.join(GROUPS)}")
    for texts in groups.values():
        if not all(isinstance(v, str) and v for v in texts.values()):
            raise ValueError(f"{SOURCE}: every text must be a non-empty string")
    return groups


CATALOGUE_GROUPS = _load()
DEFAULT_TEXTS: dict[str, str] = {name: text for texts in CATALOGUE_GROUPS.values() for name, text in texts.items()}


def render_client() -> dict[Path, str]:
    """{path: text} of the client's catalogue modules as this module writes them."""
    out = {}
    for group, file_name in GROUPS.items():
        if file_name is None:
            continue
        lines = [
            "// Written by `python -m engine.definition._gen_schema` from engine/definition/texts.yaml",
            f"// ({group}): edit that file, not this one. The compiled form's `texts` replace these defaults.",
            "export const CATALOGUE = {",
            *(f"  {name}: {json.dumps(text, ensure_ascii=False)}," for name, text in CATALOGUE_GROUPS[group].items()),
            "};",
            "",
        ]
        out[STRINGS / file_name] = "\n".join(lines)
    return out


_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def fill(text: str, values: Mapping[str, object]) -> str:
    """A text with its {placeholders} filled in from `values`; one nothing fills in stays as written."""
    return _PLACEHOLDER.sub(lambda match: str(values.get(match.group(1), match.group(0))), text)


# A right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...) or mark (RLM, ALM, RLE, RLO, RLI);
# client/src/strings/strings.js reads the same.
RIGHT_TO_LEFT = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff\u200f\u061c\u202b\u202e\u2067]"
)
FSI, PDI = "\u2068", "\u2069"


# A placeholder and the path written on after it ({public_url}/login): isolated as one, so a mail
# program still sees one address; a sentence's closing punctuation is not part of it.
_FILLED = re.compile(r"\{([a-z_][a-z0-9_]*)\}((?:[/?#]\S*[^\s.,;:!?)\]])?)")


def fill_isolated(text: str, values: Mapping[str, object]) -> str:
    """`fill` for a sentence people read (an e-mail's body, the PDF): when the sentence or a value filled
    in is right to left (ar-XB, Arabic, Hebrew), each value stands between FSI and PDI, isolated, so an
    e-mail address or a number in an Arabic sentence, or an Arabic name in an English one, keeps its own
    order and the sentence its. All left to right, it is `fill`. Never for what a program reads (a
    header, a subject, an export, an API's values): those are filled with `fill`."""
    found = [str(values[name]) for name in _PLACEHOLDER.findall(text) if name in values]
    if not RIGHT_TO_LEFT.search(text) and not any(RIGHT_TO_LEFT.search(value) for value in found):
        return fill(text, values)
    return _FILLED.sub(lambda match: _isolated(values, match), text)


def _isolated(values: Mapping[str, object], match: re.Match) -> str:
    name, path = match.groups()
    if name not in values:
        return match.group(0)
    value = str(values[name]) + path
    return f"{FSI}{value}{PDI}" if value else value


def tenant_text(text_id: str) -> str:
    """The served tenant's wording of `text_id` (inside the app), else the catalogue's: outside an
    app (jobs, the CLI), and for an id newer than the stored version being served. A failing
    `current()` is raised, not hidden behind the default wording (it never raises for a database
    outage: engine.versions keeps serving the form it holds)."""
    from flask import current_app, g, has_app_context

    tenant = current_app.extensions.get("tenant") if has_app_context() else None
    form = tenant.current() if tenant is not None else None
    # In a request to a form in several languages, in the one it reads (engine/i18n/negotiation.py).
    if form is not None and g.get("language"):
        form = form.in_language(g.language)
    return form_text(form.data if form is not None else None, text_id)


def form_text(data: dict | None, text_id: str) -> str:
    """The wording of `text_id` in the compiled form `data`, else the catalogue's."""
    text = data["texts"].get(text_id) if data is not None else None
    return text if isinstance(text, str) else DEFAULT_TEXTS[text_id]


class TenantWords:
    """A module's `__getattr__`: its NAME read as the served tenant's wording of the text id
    `ids[NAME]`, so `messages.LOGIN_OK` is the tenant's words wherever it is used."""

    def __init__(self, module: str, ids: dict[str, str]):
        self.module, self.ids = module, ids

    def __call__(self, name: str) -> str:
        if name in self.ids:
            return tenant_text(self.ids[name])
        raise AttributeError(f"module {self.module!r} has no attribute {name!r}")


def date_time_text(moment: dt.datetime, texts: Mapping[str, str] | None = None) -> str:
    """A UTC moment in words (`date_time`, its month `month_<n>`): the served tenant's, or `texts`'."""
    words = texts.__getitem__ if texts is not None else tenant_text
    moment = moment if moment.tzinfo is None else moment.astimezone(dt.UTC)
    values = {"day": str(moment.day), "month": words(f"month_{moment.month}"), "year": str(moment.year)}
    return fill(words("date_time"), {**values, "time": f"{moment:%H:%M}", "offset": ""})
