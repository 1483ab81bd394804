"""The application PDF, rendered with reportlab from the compiled form. Pure: plain inputs in,
PDF bytes out; no Flask, no database.

It shows what the staff print view shows: every page, then each visible section with its
fields' labels and answers; selections as [X] and [ ]; a school as its name plus its code
("(Ceeb: code)"), marks and suffix from the form's texts (`selected`, `not_selected`,
`service_ceeb`), as the print view takes them; a note for each attached document. Hidden means absent: the answers the form's
hiding rules hide (engine/definition/visibility.py: sections and fields whose conditions are
false, branches after the first true one, tabs not chosen, add-another entries beyond the count)
are left out before anything is drawn, and so are the headings of hidden sections. A later
add-another entry with nothing answered is not drawn; the others are headed by their title
("School 2").
An unanswered question or section is left out (the tenant's `settings.pdf_empty: omit`, the
default) or drawn as one "Not answered" line (`collapse`); a required question left unanswered in a
draft always gets its line. A section that draws no answer is never an empty heading. Text the
author marks `screen_only` stays off paper. A form in a language written right to left (CLDR's word,
engine/i18n/direction.py) is laid out right to left (engine/pdf/blocks.py). The first page opens with the record's header
(engine/pdf/header.py); engine/pdf/stamp.py then appends the converted documents' pages, foots every
page with the reference and "Page n of m", and adds the PDF/A markers.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from dataclasses import replace
from xml.sax.saxutils import escape

from pypdf import PdfReader
from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import SimpleDocTemplate

from engine.definition.catalogue import DEFAULT_TEXTS, fill_isolated
from engine.definition.entries import entry_title, is_answered, is_empty_entry
from engine.definition.moments import Moments
from engine.definition.visibility import Visibility
from engine.fieldtypes.base import FieldType
from engine.fieldtypes.registry import type_of
from engine.i18n.direction import direction
from engine.pdf.blocks import FieldLine
from engine.pdf.blocks import TextBlock as Paragraph  # reportlab's Paragraph, with every script
from engine.pdf.fonts import font_names
from engine.pdf.header import Record, applicant_name, header, title_of
from engine.pdf.markdown import markup as _markup
from engine.pdf.stamp import Footer, Metadata, appended_pages, finish, footed_canvas

PLAIN = FieldType()  # draws a field of no known type as its label and answer

# --- the walk ------------------------------------------------------------------------------


def _heading(name: str, font: str, size: float, leading: float, before: float, after: float, color: str):
    return ParagraphStyle(
        name,
        fontName=font,
        fontSize=size,
        leading=leading,
        spaceBefore=before,
        spaceAfter=after,
        textColor=colors.HexColor(color),
    )


class _Styles:
    def __init__(self, rtl: bool = False):
        regular, bold = font_names()
        self.institution = _heading("institution", bold, 10, 13, 0, 2, "#555555")
        self.title = ParagraphStyle("title", fontName=bold, fontSize=18, leading=22, spaceAfter=8)
        self.fact = ParagraphStyle(
            "fact", fontName=regular, fontSize=9.5, leading=13, leftIndent=12, firstLineIndent=-12
        )
        self.page = _heading("page", bold, 15, 19, 12, 6, "#1f3a5f")
        self.section = _heading("section", bold, 12, 15, 9, 3, "#1f3a5f")
        self.text = ParagraphStyle(
            "text", fontName=regular, fontSize=9, leading=12, spaceAfter=3, textColor=colors.HexColor("#444444")
        )
        self.label = ParagraphStyle("label", fontName=bold, fontSize=9, leading=11.5, spaceBefore=3)
        self.entry = _heading("entry", bold, 10.5, 13, 6, 2, "#333333")
        self.answer = ParagraphStyle(
            "answer", fontName=regular, fontSize=9.5, leading=12.5, leftIndent=12, firstLineIndent=-12, spaceAfter=2.5
        )
        if rtl:  # reportlab's word for a paragraph laid out right to left (engine/pdf/blocks.py)
            for style in vars(self).values():
                style.wordWrap = "RTL"


_MARKDOWN_BOLD = re.compile(r"\*\*(.+?)\*\*")


class ApplicationRenderer:
    def __init__(self, form: dict, answers: dict, documents: dict, add_another: dict, tabs: dict):
        self.form = form
        self.visibility = Visibility(form)
        self.add_another = add_another or {}
        shown = self.visibility.visible_record(answers or {}, documents or {}, self.add_another, tabs)
        self.answers, self.documents = shown
        tab_defaults = {group: spec["default"] for group, spec in form.get("tabs", {}).items()}
        self.tabs = {**tab_defaults, **{k: v for k, v in (tabs or {}).items() if v}}
        self.instance = self.visibility.instance(self.answers, self.add_another, self.tabs)
        self.options = form.get("options", {})
        texts = self.texts = {**DEFAULT_TEXTS, **(form.get("texts") or {})}
        self.checked, self.unchecked, self.school_code = texts["selected"], texts["not_selected"], texts["service_ceeb"]
        self.rtl = direction((form.get("settings") or {}).get("language")) == "rtl"
        self.styles = _Styles(self.rtl)
        self.moments = Moments(form.get("settings"), texts)
        self.collapse = (form.get("settings") or {}).get("pdf_empty") == "collapse"
        self.story: list = []
        self.answered = 0  # answered (or required) questions drawn: a section that adds none is not drawn
        self.asked = 0  # questions shown, answered or not

    # -- values --------------------------------------------------------------------------
    def sentence(self, text_id: str, values: dict) -> str:
        """The form's text `text_id` with `values` filled in, each isolated for bidi (fill_isolated)."""
        return fill_isolated(self.texts[text_id], values)

    def visible(self, node: dict) -> bool:
        return self.visibility.holds(node.get("visible_when"), self.instance)

    def value(self, key: str) -> str:
        value = self.answers.get(key, "")
        if value is None or value is False:
            return ""
        return value if isinstance(value, str) else str(value)

    def date(self, key: str) -> str:
        """A date answer in the form's date style (stored ISO)."""
        return self.moments.date(self.value(key))

    def has_answer(self, field: dict) -> bool:
        """Whether the field (or one of its parts or items) holds an answer or a document."""
        keys = [field.get("key")] + [part.get("key") for part in (field.get("parts") or {}).values()]
        keys += [item.get("key") for item in field.get("items") or []]
        return any(key and (is_answered(self.answers.get(key)) or key in self.documents) for key in keys)

    def required(self, field: dict) -> bool:
        """Whether the question must be answered now (a draft's missing answers stay in sight)."""
        when = field.get("required_when")
        return bool(field.get("required")) or (when is not None and self.visibility.holds(when, self.instance))

    def mark(self, checked: bool) -> str:
        return self.checked if checked else self.unchecked

    def option_list(self, field: dict) -> list[dict]:
        name = field.get("options")
        if field.get("options_by"):
            controller = self.value(field["options_by"]["controller"])
            name = field["options_by"]["options"].get(controller)
        return self.options.get(name, {}).get("options", []) if name else []

    def option_label(self, field: dict, value: str) -> str:
        for option in self.option_list(field):
            if option["value"] == value:
                return option["label"]
        desc = field.get("desc_key")
        return self.value(desc) if desc and self.value(desc) else value

    # -- output --------------------------------------------------------------------------
    @staticmethod
    def question(field: dict) -> str:
        """How the record names a question, as the review does: its review_label where the
        on-screen label is a prompt ("Search for Your School" reads "School")."""
        return str(field.get("review_label") or field.get("label") or field.get("key", ""))

    def add(self, label: str, answer: str) -> None:
        """One entry per field: the label in bold, then the answer (plain text; newlines kept)."""
        self.story.append(FieldLine(_MARKDOWN_BOLD.sub(r"\1", str(label)), answer, self.styles.answer))

    def paragraph(self, text: str) -> None:
        """Markdown text between the fields."""
        self.story.append(Paragraph(_markup(text), self.styles.text))

    def field(self, field: dict) -> None:
        """One visible field, drawn by its type (engine/fieldtypes); an unknown type as label and answer."""
        if not self.visible(field):
            return
        holds_answers = any(name in field for name in ("key", "parts", "items"))
        self.asked += holds_answers
        if holds_answers and not self.has_answer(field):
            required = self.required(field)
            if self.collapse or required:
                self.add(self.question(field), self.texts["pdf_not_answered"])
            self.answered += required  # a draft's missing answer keeps its section in sight
            return
        if holds_answers:
            self.answered += 1
        (type_of(field) or PLAIN).pdf(self, field)

    def fields(self, fields: list) -> None:
        for field in fields:
            self.field(field)

    def section(self, section: dict) -> None:
        """A visible section, drawn only when it holds an answer (`collapse`: else one line)."""
        if not self.visible(section):
            return
        start, answered, asked = len(self.story), self.answered, self.asked
        self._section(section)
        if self.answered == answered:
            del self.story[start:]
            if self.collapse and section.get("title") and self.asked > asked:  # it asks something
                self.add(section["title"], self.texts["pdf_not_answered"])

    def _section(self, section: dict) -> None:
        if section.get("title"):
            self.story.append(Paragraph(_markup(section["title"]), self.styles.section))
        if section.get("text"):
            self.story.append(Paragraph(_markup(section["text"]), self.styles.text))
        confirm = section.get("confirm")
        if confirm:
            confirmed = bool(self.answers.get(confirm["key"]))
            if confirm.get("kind") == "checkbox":
                self.add(self.question(confirm), self.mark(confirmed))
                self.answered += confirmed
            elif not confirmed and confirm.get("before"):
                self.story.append(Paragraph(_markup(confirm["before"]), self.styles.text))
            if not confirmed:
                return
        self.fields(section.get("fields", []))
        for branch in section.get("branches", []):
            if self.visible(branch):
                self.fields(branch.get("fields", []))
        if "instances" in section:
            # Entry 1 always; a later entry only when it holds an answer or a document, under its title.
            repeater = section.get("add_another", {})
            keys = (self.form.get("add_another") or {}).get(repeater.get("id"), {}).get("keys", [])
            counted = list(enumerate(section["instances"][: self._count(repeater)], start=1))
            printed = [
                (number, instance)
                for number, instance in counted
                if number == 1 or not is_empty_entry(self.answers, instance.get("prefix", ""), keys, self.documents)
            ]
            for number, instance in printed:
                if len(printed) > 1:
                    name = repeater.get("entry_label") or self.texts["entry_default_label"]
                    title = instance.get("title") or entry_title(self.texts, name, number)
                    self.story.append(Paragraph(escape(title), self.styles.entry))
                self.fields(instance.get("fields", []))
        if "tabs" in section:
            group = section["tabs"]
            chosen = self.tabs.get(group["id"], group.get("default"))
            for option in group.get("options", []):
                if option["id"] == chosen:
                    self.story.append(
                        Paragraph(
                            f"{escape(self.checked)} {escape(option.get('label', option['id']))}", self.styles.text
                        )
                    )
                    self.fields(option.get("fields", []))
        if confirm and confirm.get("after"):
            self.story.append(Paragraph(_markup(confirm["after"]), self.styles.text))

    def _count(self, repeater: dict) -> int:
        default = 1
        try:
            count = int(self.add_another.get(repeater.get("id"), default))
        except (TypeError, ValueError):
            count = default
        return max(1, min(count, int(repeater.get("max", 10))))

    def build(self, opening: list) -> list:
        """The opening flowables, then each page that draws anything, under its heading."""
        self.story = list(opening)
        for page in self.form.get("pages", []):
            start = len(self.story)
            self.story.append(Paragraph(escape(f"{page.get('number', '')}. {page.get('title', '')}"), self.styles.page))
            for section in page.get("sections", []):
                self.section(section)
            if len(self.story) == start + 1:
                del self.story[start:]
        return self.story


def render_application(
    form: dict,
    answers: dict,
    documents: dict | None = None,
    add_another: dict | None = None,
    tabs: dict | None = None,
    *,
    applicant: str = "",
    generated_at: dt.datetime | None = None,
    record: Record | None = None,
    appended: list[bytes] | None = None,
) -> bytes:
    """The application as PDF bytes, the `appended` converted documents' pages after it. `form` is
    the compiled form's data (CompiledForm.data); `documents` is {key: {file_name, file_size}} of
    attached (converted) documents; `record` the reference, submission time and version;
    `applicant` the account's e-mail when `record` does not carry it."""
    renderer = ApplicationRenderer(form, answers, documents or {}, add_another or {}, tabs or {})
    texts = renderer.texts
    record = record or Record(email=applicant)
    if applicant and not record.email:
        record = replace(record, email=applicant)
    title = title_of(form, texts)
    made = generated_at or dt.datetime.now(dt.UTC)
    story = renderer.build(header(form, texts, renderer.styles, record, applicant_name(form, renderer.value), made))
    out = io.BytesIO()
    tenant = form.get("tenant", {}).get("name", "")
    footer = Footer(record.reference or title, texts["pdf_page_of"], rtl=renderer.rtl)
    documents_after = [PdfReader(io.BytesIO(document)) for document in appended or []]
    SimpleDocTemplate(
        out,
        pagesize=LETTER,
        leftMargin=0.8 * inch,
        rightMargin=0.8 * inch,
        topMargin=0.7 * inch,
        bottomMargin=0.8 * inch,
        title=title,
        author=tenant,
        invariant=1,
        # reportlab's default first font (Helvetica) would be one the PDF names but does not embed
        initialFontName=font_names()[0],
    ).build(story, canvasmaker=footed_canvas(footer, appended_pages(documents_after)))
    return finish(out.getvalue(), documents_after, footer, Metadata(title, tenant, made))
