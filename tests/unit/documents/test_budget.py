"""The cost budget of an upload, checked before anything is laid out or stored: a Word document's
text, paragraphs, runs and table cells counted in its XML; a PDF's drawing instructions inflated
with a cap, each form counted as often as a page draws it. CPU time is measured in
scripts/bench_hostile_documents.py, never asserted here."""

import io
import zlib

import pytest
from docx import Document
from pypdf import PdfReader, PdfWriter

import corpus
from engine.documents import docx_render, pdf_budget
from engine.documents.convert import ConversionRefused, check_and_convert, check_docx_budget

MB = 1024 * 1024


@pytest.fixture
def no_layout(monkeypatch):
    """Fails the test if a document reaches the layout."""

    class Refuse:
        def __init__(self, *args, **kwargs):
            raise AssertionError("laid out")

    monkeypatch.setattr(docx_render, "SimpleDocTemplate", Refuse)


@pytest.mark.usefixtures("no_layout")
@pytest.mark.parametrize("case", ["docx_many_short_paragraphs", "docx_many_runs", "docx_many_cells", "docx_long"])
def test_a_costly_word_document_is_refused_before_layout(case):
    factory, name, message = corpus.HOSTILE[case]
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(factory(), name, corpus.RULES)
    assert refused.value.message == message


def test_a_page_of_short_paragraphs_within_the_budget_converts():
    result, _ = check_and_convert(corpus.docx_many_short_paragraphs(900), "lines.docx", corpus.RULES)
    assert result.startswith(b"%PDF-")


def test_cjk_text_counts_twice_towards_the_pages():
    # 70,000 characters are 21 pages of Latin but 42 of CJK, which is about twice as wide.
    def document(text: str) -> bytes:
        made = Document()
        for _ in range(175):
            made.add_paragraph(text * (400 // len(text)))
        out = io.BytesIO()
        made.save(out)
        return out.getvalue()

    with pytest.raises(ConversionRefused, match="more than 30 pages"):
        docx_render.render_docx(document("東京大学"), None, _budget_only, 30)
    with pytest.raises(_Passed):
        docx_render.render_docx(document("Tokyo"), None, _budget_only, 30)


class _Passed(Exception):
    """The budget let the document through (raised instead of laying it out)."""


def _budget_only(pictures, measures):
    check_docx_budget(pictures, measures)
    raise _Passed()


def _page(contents: str, objects: list[bytes]) -> bytes:
    """One page whose /Contents is `contents`, form /Fm1 being object 4, then `objects` from 4 on."""
    return corpus._pdf_with(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Fm1 4 0 R >> >> "
            + f"/Contents {contents} >>".encode(),
            *objects,
        ]
    )


def _stream(data: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d /Filter /FlateDecode %s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def _form(content: bytes, resources: bytes = b"") -> bytes:
    return _stream(zlib.compress(content), b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] " + resources)


def _refused_reason(data: bytes) -> str:
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(data, "drawing.pdf", corpus.RULES)
    return refused.value.message


def test_a_form_drawn_many_times_counts_each_time():
    form = _form(b"0 0 m 10 10 l S\n" * 4096)  # 64 KB of instructions
    page = zlib.compress(b"/Fm1 Do\n" * 80)  # drawn 80 times: 5 MB
    reason = _refused_reason(_page("5 0 R", [form, _stream(page)]))
    assert "a page holds more than 4 MB of drawing instructions" in reason
    # 4 times: 256 KB, about a third of a page's drawing time (10 times came within 15% of it on a busy machine)
    small = zlib.compress(b"/Fm1 Do\n" * 4)
    assert check_and_convert(_page("5 0 R", [form, _stream(small)]), "drawing.pdf", corpus.RULES)[1] == "pdf"


def test_a_stream_named_several_times_in_a_page_counts_each_time():
    stream = _stream(corpus._flate_repeated(b"q Q\n" * (1 << 18), 1))  # 1 MB, named five times
    reason = _refused_reason(_page("[5 0 R 5 0 R 5 0 R 5 0 R 5 0 R]", [_form(b""), stream]))
    assert "more than 4 MB" in reason


def test_a_form_that_draws_itself_is_refused():
    form = _form(b"/Fm1 Do\n", b"/Resources << /XObject << /Fm1 4 0 R >> >>")
    reason = _refused_reason(_page("5 0 R", [form, _stream(zlib.compress(b"/Fm1 Do\n"))]))
    assert "drawing instructions" in reason


def test_the_whole_document_has_a_budget_too(monkeypatch):
    monkeypatch.setattr(pdf_budget, "MAX_CONTENT", 3 * MB)
    data = corpus.pdf_huge_content(1)  # one page of 1 MB: four of them are over 3 MB
    writer = PdfWriter()
    for _ in range(4):
        writer.append(PdfReader(io.BytesIO(data)))
    out = io.BytesIO()
    writer.write(out)
    assert "its pages hold more than 3 MB of drawing instructions" in _refused_reason(out.getvalue())


# -- what a page costs to draw (engine/documents/page_cost.py) --------------------------------


def test_a_page_that_paints_itself_over_and_over_is_refused_by_its_number():
    """Three pages, the second painted all over 1,200 times in 526 bytes of instructions: every
    size check passes, but drawing it holds a reader for seconds (poppler: over 20 s)."""
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(corpus.pdf_full_page_fills(pages=3, slow_page=2), "fills.pdf", corpus.RULES)
    assert refused.value.message == corpus.PDF_TOO_COMPLEX.format("page 2 takes too long to draw")


@pytest.mark.parametrize(
    "factory",
    [
        lambda: corpus.pdf("A page", pages=100),
        lambda: corpus.pdf_full_page_fills(pages=3, slow_page=0),
        lambda: corpus.pdf_full_page_fills(count=20),
        lambda: corpus.pdf_huge_content(3),
    ],
    ids=["100 pages of text", "ordinary pages", "a page filled 20 times", "3 MB of instructions"],
)
def test_ordinary_pages_are_drawn_within_their_budget(factory):
    result, kind = check_and_convert(factory(), "essay.pdf", corpus.RULES)
    assert kind == "pdf" and result.startswith(b"%PDF-")


def test_a_refusal_reads_the_tenants_words_given_with_the_job():
    """The texts the job carries (the served tenant's, in the applicant's language) word the refusal
    and its reason; a text the tenant left alone reads the catalogue's."""
    texts = {
        "document_refused_pdf_too_complex": "Votre PDF est trop complexe ({reason}).",
        "document_reason_slow_page": "la page {page} met trop de temps à s'afficher",
    }
    rules = {**corpus.RULES, "texts": texts}
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(corpus.pdf_full_page_fills(pages=2, slow_page=2), "fills.pdf", rules)
    assert refused.value.message == "Votre PDF est trop complexe (la page 2 met trop de temps à s'afficher)."
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(corpus.encrypted_pdf(), "essay.pdf", rules)
    assert refused.value.message == corpus.HOSTILE["encrypted_pdf"][2]
