"""The application PDF's first lines, which make it a record an office can file: the institution,
the form's title, then the reference, whose application it is, when it was submitted (in the
institution's time zone and in UTC), the definition version it was answered on and, in a form of
several languages, the language it was filled in (named in the PDF's: "Language Spanish", "Idioma
español"), as the print view says it. A draft says it is not submitted yet and when it was made.
Every word is the form's (`record_*`, `pdf_*` texts and `languages`) or CLDR's (a language's name)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from engine.definition import names
from engine.definition.catalogue import fill_isolated
from engine.definition.moments import Moments
from engine.i18n.names import language_name
from engine.pdf.blocks import FieldLine
from engine.pdf.blocks import TextBlock as Paragraph


@dataclass(frozen=True)
class Record:
    """What the database knows about the application beyond its answers."""

    reference: str = ""
    submitted_at: dt.datetime | None = None
    version: str = ""
    email: str = ""
    language: str = ""  # the BCP 47 tag of the language the application was submitted in


def title_of(form: dict, texts: dict) -> str:
    """The form's title: the tenant's name, "{tenant} application" when it does not say so itself
    (in any language: "Solicitud: {tenant}" leaves "Solicitud de admisión…" as it is)."""
    tenant = form.get("tenant", {}).get("name", "")
    if tenant and not _says(tenant, texts["pdf_title"].replace("{tenant}", "")):
        return texts["pdf_title"].replace("{tenant}", tenant)
    return tenant or texts["pdf_title_untitled"]


def _says(name: str, words: str) -> bool:
    """Whether `name` holds every word of `words` (case and punctuation aside)."""
    wanted = re.findall(r"\w+", words.casefold())
    return bool(wanted) and all(word in name.casefold() for word in wanted)


def applicant_name(form: dict, value: Callable[[str], str]) -> str:
    """The name staff know the applicant by (settings.applicant_name), else the one the welcome
    banner greets them by; `value(key)` reads a shown answer."""
    setting = (form.get("settings") or {}).get("applicant_name")
    if setting:
        return names.applicant_name(setting, value)
    name_keys = ((form.get("banners") or {}).get("welcome") or {}).get("name_keys") or []
    return next((value(key) for key in name_keys if value(key)), "")


def header(form: dict, texts: dict, styles, record: Record, name: str, generated_at: dt.datetime) -> list:
    """The flowables that open the first page."""
    moments = Moments(form.get("settings"), texts)
    institution = str((form.get("settings") or {}).get("institution") or "")
    story = [Paragraph(escape(institution), styles.institution)] if institution else []
    story.append(Paragraph(escape(title_of(form, texts)), styles.title))
    facts = []
    if record.reference:
        facts.append((texts["record_reference"], record.reference))
    applicant = " · ".join(part for part in (name, record.email) if part)
    if applicant:
        facts.append((texts["record_applicant"], applicant))
    if record.submitted_at is not None:
        facts.append((texts["record_submitted"], moments.submitted(record.submitted_at)))
    else:
        generated = fill_isolated(texts["pdf_generated"], {"when": moments.moment(generated_at)})
        facts.append((texts["record_submitted"], f"{texts['record_not_submitted']} · {generated}"))
    if record.version:
        facts.append((texts["record_version"], record.version))
    language = _language(form, record.language)
    if language:
        facts.append((texts["languages"], language))
    story.extend(FieldLine(label, value, styles.fact) for label, value in facts)
    return story


def _language(form: dict, tag: str) -> str:
    """The applicant's language named in the PDF's, when the form offers more than one (else it
    goes without saying); the print view's `languages` fact."""
    languages = form.get("languages") or []
    if not tag or len(languages) < 2:
        return ""
    return language_name(tag, (form.get("settings") or {}).get("language") or languages[0])
