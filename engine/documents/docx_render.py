"""A .docx rendered to PDF with python-docx and reportlab: headings, paragraphs (bold, italic,
underline), bulleted and numbered lists, tables and inline images. Layout fidelity is modest
by design; the text, its order and its structure are what staff need to read.

Call only after `convert.check_docx_archive` has refused bombs and entity declarations.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml.ns import qn
from docx.table import Table as DocxTable
from docx.text.paragraph import Paragraph as DocxParagraph
from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.platypus import Image, ListFlowable, ListItem, SimpleDocTemplate, Spacer, Table, TableStyle

from engine.pdf.blocks import TextBlock
from engine.pdf.fonts import font_names

MAX_BLOCKS = 20_000
MAX_TABLE_NESTING = 3
FRAME_WIDTH = LETTER[0] - 2 * inch
# The flowable every paragraph becomes: the application PDF's text block (the same font fallback
# chain, bidirectional ordering and shaping, engine/pdf/text.py), so every script an applicant can
# type there survives here too. It takes a Paragraph's (markup, style); the documents benchmark puts
# reportlab's Paragraph in its place to measure what the scripts cost.
Block = TextBlock


def _styles():
    regular, bold = font_names()
    base = getSampleStyleSheet()
    body = ParagraphStyle("body", parent=base["BodyText"], fontName=regular, fontSize=10.5, leading=14)
    styles = {"body": body, "cell": ParagraphStyle("cell", parent=body, fontSize=9.5, leading=12)}
    sizes = {0: 20, 1: 16, 2: 14, 3: 12.5, 4: 11.5, 5: 11, 6: 11}
    for level, size in sizes.items():
        styles[f"h{level}"] = ParagraphStyle(
            f"h{level}",
            parent=body,
            fontName=bold,
            fontSize=size,
            leading=size * 1.25,
            spaceBefore=size * 0.6,
            spaceAfter=size * 0.3,
        )
    return styles


def _run_markup(run, text: str) -> str:
    text = escape(text).replace("\n", "<br/>").replace("\t", "&nbsp;&nbsp;&nbsp;&nbsp;")
    if not text:
        return ""
    if run.bold:
        text = f"<b>{text}</b>"
    if run.italic:
        text = f"<i>{text}</i>"
    if run.underline:
        text = f"<u>{text}</u>"
    return text


def _paragraph_markup(paragraph: DocxParagraph) -> str:
    """The runs as markup, the spaces that end a run moved to the start of the next: the text block
    lays each run out on its own and keeps the spaces before a word, not those after the last."""
    parts, carried = [], ""
    for run in paragraph.runs:
        text = carried + (run.text or "")
        stripped = text.rstrip(" ")
        carried = text[len(stripped) :]
        parts.append(_run_markup(run, stripped))
    return "".join(parts) or escape(paragraph.text or "")


def _heading_level(name: str) -> int | None:
    if name == "Title":
        return 0
    if name.startswith("Heading"):
        digits = name.removeprefix("Heading").strip()
        return min(int(digits), 6) if digits.isdigit() else 1
    return None


def _list_kind(paragraph: DocxParagraph, name: str) -> tuple[str, int] | None:
    """("bullet" | "number", level) for a list paragraph, else None."""
    p_pr = paragraph._p.pPr
    name = name.lower()
    level = 0
    if p_pr is not None and p_pr.numPr is not None:
        ilvl = p_pr.numPr.ilvl
        level = int(ilvl.val) if ilvl is not None and ilvl.val is not None else 0
        return ("number" if "number" in name else "bullet", min(level, 5))
    if name.startswith("list bullet"):
        return ("bullet", 0)
    if name.startswith("list number"):
        return ("number", 0)
    return None


def _style_names(document):
    """A paragraph's style name from its style id, the document's styles read once: python-docx's
    `paragraph.style` reads every style of the document again for each paragraph (2.5 ms a paragraph
    with Word's 160 styles, which made a page of short paragraphs cost more than its layout)."""
    styles = document.styles
    names = {style.style_id: style.name or "" for style in styles if style.type == WD_STYLE_TYPE.PARAGRAPH}
    default = styles.default(WD_STYLE_TYPE.PARAGRAPH)
    default_name = (default.name or "") if default is not None else ""

    def name(paragraph: DocxParagraph) -> str:
        return names.get(paragraph._p.style, default_name)

    return name


EMU_PER_POINT = 12700


class TooManyPages(Exception):
    """The rendered document passed its page budget (raised while laying out, so it stops there)."""


def _picture(drawing, document):
    blip = next(drawing.iter(qn("a:blip")), None)
    rel_id = blip.get(qn("r:embed")) if blip is not None else None
    part = document.part.related_parts.get(rel_id) if rel_id else None
    return part if part is not None and hasattr(part, "blob") else None


def pictures(document) -> list[bytes]:
    """The blob of every picture the body draws, one per drawing (a picture drawn twice is there
    twice): what the budget is measured on before anything is decoded."""
    found = (_picture(drawing, document) for drawing in document.element.body.iter(qn("w:drawing")))
    return [part.blob for part in found if part is not None]


def _images(paragraph: DocxParagraph, document, open_image, decoded: dict) -> list:
    """Each inline or floating picture at its declared size (scaled down to fit the frame); a
    picture drawn several times is decoded once."""
    flowables = []
    for drawing in paragraph._p.iter(qn("w:drawing")):
        part = _picture(drawing, document)
        if part is None:
            continue
        if id(part) not in decoded:
            image = open_image(part.blob)  # the same pixel cap and checks as uploaded images
            buffer = io.BytesIO()
            image.save(buffer, "JPEG", quality=85)
            decoded[id(part)] = (buffer.getvalue(), image.size)
        jpeg, (width, height) = decoded[id(part)]
        buffer = io.BytesIO(jpeg)
        extent = next(drawing.iter(qn("wp:extent")), None)
        try:
            width, height = int(extent.get("cx")) / EMU_PER_POINT, int(extent.get("cy")) / EMU_PER_POINT
        except (AttributeError, TypeError, ValueError):
            pass
        if width <= 0 or height <= 0:
            width, height = image.size
        scale = min(1.0, FRAME_WIDTH / width, (6 * inch) / height)
        flowables.append(Image(buffer, width=width * scale, height=height * scale, hAlign="LEFT"))
    return flowables


class _Renderer:
    def __init__(self, document, open_image):
        self.document = document
        self.open_image = open_image
        self.styles = _styles()
        self.fonts = font_names()
        self.blocks = 0
        self.decoded: dict = {}
        self.style_name = _style_names(document)

    def body(self, container, depth: int = 0) -> list:
        flowables: list = []
        pending_list: list = []
        pending_kind: str | None = None

        def flush():
            nonlocal pending_list, pending_kind
            if pending_list:
                flowables.append(
                    ListFlowable(
                        pending_list,
                        bulletType="1" if pending_kind == "number" else "bullet",
                        start=None if pending_kind == "number" else "\u2022",
                        leftIndent=18,
                        bulletFontName=self.fonts[0],
                        bulletFontSize=9,
                    )
                )
            pending_list, pending_kind = [], None

        for child in container.iter_inner_content():
            self.blocks += 1
            if self.blocks > MAX_BLOCKS:
                break
            if isinstance(child, DocxTable):
                flush()
                if depth < MAX_TABLE_NESTING:
                    flowables.append(self.table(child, depth))
                continue
            images = _images(child, self.document, self.open_image, self.decoded)
            style_name = self.style_name(child)
            list_kind = _list_kind(child, style_name)
            markup = _paragraph_markup(child)
            if list_kind is not None and markup.strip():
                if pending_kind not in (None, list_kind[0]):
                    flush()
                pending_kind = list_kind[0]
                indent = list_kind[1] * 14
                style = ParagraphStyle(f"li{indent}", parent=self.styles["body"], leftIndent=indent)
                pending_list.append(ListItem(Block(markup, style)))
                continue
            flush()
            level = _heading_level(style_name)
            if markup.strip():
                style = self.styles[f"h{level}"] if level is not None else self.styles["body"]
                flowables.append(Block(markup, style))
            elif not images:
                flowables.append(Spacer(1, 6))
            flowables.extend(images)
        flush()
        return flowables

    def table(self, table: DocxTable, depth: int):
        rows = []
        for row in table.rows:
            cells = []
            for cell in row.cells:
                content = self.body(cell, depth + 1) or [Block("", self.styles["cell"])]
                cells.append(content)
            rows.append(cells)
        columns = max((len(r) for r in rows), default=1)
        rows = [r + [[""]] * (columns - len(r)) for r in rows] or [[""]]
        widths = [(FRAME_WIDTH - depth * 12) / columns] * columns
        flowable = Table(rows, colWidths=widths, repeatRows=0)
        flowable.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 4),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ]
            )
        )
        return flowable


@dataclass(frozen=True, slots=True)
class Measures:
    """What laying a document out costs, counted in its XML before anything is laid out."""

    text: str  # every run's text
    paragraphs: int  # each becomes a text block, table cells' included
    runs: int  # each is read and marked up on its own
    lines: int  # at least one line each: paragraphs outside tables, table rows, line breaks


def measures(document) -> Measures:
    body = document.element.body
    paragraphs = sum(1 for _ in body.iter(qn("w:p")))
    in_cells = sum(1 for cell in body.iter(qn("w:tc")) for _ in cell.iterchildren(qn("w:p")))
    rows = sum(1 for _ in body.iter(qn("w:tr")))
    breaks = sum(1 for _ in body.iter(qn("w:br"), qn("w:cr")))
    return Measures(
        text="".join(text.text or "" for text in body.iter(qn("w:t"))),
        paragraphs=paragraphs,
        runs=sum(1 for _ in body.iter(qn("w:r"))),
        lines=paragraphs - in_cells + rows + breaks,
    )


def render_docx(data: bytes, open_image, check_budget, max_pages: int) -> bytes:
    """The document as a PDF; `open_image(bytes)` decodes each picture (convert.open_image: the
    same pixel cap and checks as uploaded images, passed in so this module needs nothing of it);
    `check_budget(pictures, measures)` refuses a document over the budget before anything is
    decoded or laid out; TooManyPages past `max_pages`."""
    document = Document(io.BytesIO(data))
    check_budget(pictures(document), measures(document))
    renderer = _Renderer(document, open_image)
    story = renderer.body(document) or [Block("", renderer.styles["body"])]
    out = io.BytesIO()
    SimpleDocTemplate(
        out,
        pagesize=LETTER,
        leftMargin=inch,
        rightMargin=inch,
        topMargin=inch,
        bottomMargin=inch,
        title="Converted document",
    ).build(story, onFirstPage=_page_budget(max_pages), onLaterPages=_page_budget(max_pages))
    return out.getvalue()


def _page_budget(max_pages: int):
    def check(_canvas, template) -> None:
        if template.page > max_pages:
            raise TooManyPages()

    return check
