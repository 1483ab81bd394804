"""The finished application PDF (pypdf): the application's pages, then each converted document's
pages, every page with the same footer (the reference and "Page n of m", so a page that
comes loose from the file still says whose it is and where it belongs), and the PDF/A-2b markers
reportlab cannot write itself: an sRGB output intent and the `pdfaid` XMP metadata. They are
markers, not a conformance proof: an uploaded document's pages are carried as they came."""

from __future__ import annotations

import datetime as dt
import functools
import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from PIL import ImageCms
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    TextStringObject,
)
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from engine.definition.catalogue import fill_isolated
from engine.pdf.blocks import draw_string
from engine.pdf.fonts import font_names

SRGB = "sRGB IEC61966-2.1"


@dataclass(frozen=True)
class Footer:
    left: str  # the reference (a draft: the form's title); at the right when the form reads right to left
    page: str  # "Page {page} of {pages}"
    margin: float = 0.8 * inch
    rtl: bool = False


@dataclass(frozen=True)
class Metadata:
    title: str
    author: str
    created: dt.datetime


def appended_pages(documents: list[PdfReader]) -> int:
    return sum(len(document.pages) for document in documents)


def footed_canvas(footer: Footer, pages_after: int):
    """A reportlab canvas class that draws the footer on each of its pages once it knows how many
    there are (its own, plus `pages_after` appended after them): the application's own pages are
    footed as they are drawn, cheaper than stamping them afterwards."""

    class FootedCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._held: list[dict] = []

        def showPage(self):
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._held) + pages_after
            for number, state in enumerate(self._held, start=1):
                self.__dict__.update(state)
                width, height = self._pagesize
                draw_footer(self, float(width), float(height), footer, number, total)
                Canvas.showPage(self)
            Canvas.save(self)

    return FootedCanvas


def finish(application_pdf: bytes, documents: list[PdfReader], footer: Footer, metadata: Metadata) -> bytes:
    """The application PDF (already footed) followed by each converted document's pages, footed
    here, and the whole marked as PDF/A-2b."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(application_pdf)))
    own = len(writer.pages)
    for document in documents:
        writer.append(document)
    _stamp(writer, footer, own)
    _mark_pdfa(writer, metadata)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _stamp(writer: PdfWriter, footer: Footer, own: int) -> None:
    """Foot the appended pages (those after the application's `own`)."""
    total = len(writer.pages)
    pages = list(writer.pages)[own:]
    if not pages:
        return
    for page in pages:
        page.transfer_rotation_to_content()  # a landscape scan's footer reads the way its text does
    boxes = [page.mediabox for page in pages]
    sizes = [(float(b.width), float(b.height)) for b in boxes]
    overlay = PdfReader(io.BytesIO(_footers(sizes, footer, own, total)))
    for page, box, stamp in zip(pages, boxes, overlay.pages, strict=True):
        page.merge_translated_page(stamp, float(box.left), float(box.bottom))
        page.compress_content_streams()  # the merge leaves the page's content uncompressed


def _footers(sizes: list[tuple[float, float]], footer: Footer, before: int, total: int) -> bytes:
    """One page per appended page, of its size, holding only its footer (numbered after `before`)."""
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1, initialFontName=font_names()[0])
    for number, (width, height) in enumerate(sizes, start=before + 1):
        canvas.setPageSize((width, height))
        draw_footer(canvas, width, height, footer, number, total)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def draw_footer(canvas, width: float, height: float, footer: Footer, number: int, total: int) -> None:
    canvas.saveState()
    margin = min(footer.margin, width / 10)
    baseline = min(0.5 * inch, height / 20)
    canvas.setFillColor(colors.HexColor("#555555"))
    text = fill_isolated(footer.page, {"page": number, "pages": total})
    if footer.rtl:  # mirrored: the reference at the right, the page's number at the left
        draw_string(canvas, width - margin, baseline, footer.left, 8, right=True, rtl=True)
        draw_string(canvas, margin, baseline, text, 8, rtl=True)
    else:
        draw_string(canvas, margin, baseline, footer.left, 8)
        draw_string(canvas, width - margin, baseline, text, 8, right=True)
    canvas.restoreState()


@functools.cache
def srgb_profile() -> bytes:
    """An sRGB ICC profile (littleCMS's, through Pillow), for the output intent."""
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def _mark_pdfa(writer: PdfWriter, metadata: Metadata) -> None:
    profile = DecodedStreamObject()
    profile.set_data(srgb_profile())
    profile[NameObject("/N")] = NumberObject(3)
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFA1"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(SRGB),
            NameObject("/Info"): TextStringObject(SRGB),
            NameObject("/DestOutputProfile"): writer._add_object(profile),
        }
    )
    root = writer._root_object
    root[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(intent)])
    xmp = DecodedStreamObject()
    xmp.set_data(_xmp(metadata).encode("utf-8"))
    xmp[NameObject("/Type")] = NameObject("/Metadata")
    xmp[NameObject("/Subtype")] = NameObject("/XML")
    root[NameObject("/Metadata")] = writer._add_object(xmp)
    writer.add_metadata({"/Title": metadata.title, "/Author": metadata.author, "/Producer": "formengine"})


def _xmp(metadata: Metadata) -> str:
    created = metadata.created.astimezone(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    title, author = escape(metadata.title), escape(metadata.author)
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdfaid:part>2</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>{author}</rdf:li></rdf:Seq></dc:creator>
   <xmp:CreateDate>{created}</xmp:CreateDate>
   <xmp:CreatorTool>formengine</xmp:CreatorTool>
   <pdf:Producer>formengine</pdf:Producer>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
