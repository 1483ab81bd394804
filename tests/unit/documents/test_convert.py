"""convert.py: type from bytes, every file rule with its message, each converter, the hostile corpus."""

import io
import resource

import pytest
from pypdf import PdfReader

import corpus
from engine.documents import convert
from engine.documents.convert import ConversionRefused, check_and_convert


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize("kind", sorted(corpus.GOOD))
def test_each_allowed_type_becomes_a_pdf(kind):
    factory, name = corpus.GOOD[kind]
    result, detected = check_and_convert(factory(), name, corpus.RULES)
    assert result.startswith(b"%PDF-")
    assert detected == ("jpeg" if kind == "jpg" else kind)
    assert len(PdfReader(io.BytesIO(result)).pages) >= 1


@pytest.mark.parametrize("case", sorted(corpus.HOSTILE))
def test_the_hostile_corpus_is_refused_with_its_message(case):
    factory, name, message = corpus.HOSTILE[case]
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(factory(), name, corpus.RULES)
    assert refused.value.message == message


def test_the_type_comes_from_the_bytes_not_the_name():
    # A PNG named .pdf converts as the image it is; a PDF named .png as a PDF.
    assert check_and_convert(corpus.png(), "photo.pdf", corpus.RULES)[1] == "png"
    assert check_and_convert(corpus.pdf(), "essay.png", corpus.RULES)[1] == "pdf"


def test_a_type_outside_the_rules_is_refused_even_with_an_allowed_name():
    rules = {**corpus.RULES, "types": ["pdf"]}
    with pytest.raises(ConversionRefused, match="only enter the following"):
        check_and_convert(corpus.png(), "photo.pdf", rules)


def test_several_rules_broken_at_once_give_every_message():
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(b"", "x" * 40 + ".exe", corpus.RULES)
    for key in ("wrong_type", "empty", "name_too_long"):
        assert corpus.RULES["messages"][key] in refused.value.message


def test_a_zip_that_is_not_a_word_document_is_refused():
    buffer = io.BytesIO()
    import zipfile

    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("readme.txt", "hi")
    with pytest.raises(ConversionRefused, match="only enter the following"):
        check_and_convert(buffer.getvalue(), "essay.docx", corpus.RULES)


def test_exif_orientation_is_honoured():
    # 600x300 stored, orientation 6 (rotate 90°): the page is taller than wide.
    result, _ = check_and_convert(corpus.jpeg(600, 300, orientation=6), "scan.jpg", corpus.RULES)
    box = PdfReader(io.BytesIO(result)).pages[0].mediabox
    assert box.height > box.width
    plain, _ = check_and_convert(corpus.jpeg(600, 300), "scan.jpg", corpus.RULES)
    box = PdfReader(io.BytesIO(plain)).pages[0].mediabox
    assert box.width > box.height


def test_transparent_images_are_flattened_on_white():
    result, _ = check_and_convert(corpus.png(100, 100, color=(0, 0, 0, 0), mode="RGBA"), "clear.png", corpus.RULES)
    assert result.startswith(b"%PDF-")


def test_javascript_open_action_and_annotations_are_removed():
    hostile = corpus.pdf_with_javascript()
    assert convert.pdf_has_active_content(hostile)
    cleaned, kind = check_and_convert(hostile, "scripted.pdf", corpus.RULES)
    assert kind == "pdf"
    assert not convert.pdf_has_active_content(cleaned)
    assert "Scripted" in pdf_text(cleaned)


def test_a_pdf_with_too_many_pages_is_refused():
    with pytest.raises(ConversionRefused, match="too many pages"):
        check_and_convert(corpus.pdf(pages=convert.MAX_PDF_PAGES + 1), "long.pdf", corpus.RULES)


def test_a_pdf_behind_other_bytes_is_a_polyglot():
    with pytest.raises(ConversionRefused, match="more than one type"):
        check_and_convert(b"GIF89a" + corpus.pdf(), "essay.pdf", corpus.RULES)


def test_docx_content_survives_conversion():
    result, _ = check_and_convert(
        corpus.docx(("An essay about courage.",), image=corpus.png(120, 60)), "essay.docx", corpus.RULES
    )
    text = pdf_text(result)
    for expected in (
        "My Essay",
        "First part",
        "An essay about courage.",
        "bold words",
        "a bullet point",
        "a numbered point",
        "cell 0.0",
        "cell 1.1",
    ):
        assert expected in text


def test_a_docx_image_over_the_pixel_cap_is_refused():
    with pytest.raises(ConversionRefused, match="too many pixels"):
        convert.docx_to_pdf(corpus.docx(image=corpus.png_declaring(9000, 9000)))


def test_hostile_files_stay_within_bounded_memory():
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for case in ("png_20000x20000", "docx_zip_bomb", "pdf_zip_polyglot", "one_byte_over"):
        factory, name, _ = corpus.HOSTILE[case]
        with pytest.raises(ConversionRefused):
            check_and_convert(factory(), name, corpus.RULES)
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 300, f"peak memory grew by {grown_mb:.0f} MB"


def test_a_picture_drawn_twice_within_the_budget_converts():
    # 6300x6300 drawn twice: 79 megapixels, under the 100 of the budget (90 times is refused).
    import zipfile

    from docx import Document

    data = corpus.docx_one_picture_90_times()
    document = Document(io.BytesIO(data))
    body = document.element.body
    for paragraph in list(body.iterchildren())[2:-1]:  # keep the first two pictures
        body.remove(paragraph)
    out = io.BytesIO()
    document.save(out)
    result, kind = check_and_convert(out.getvalue(), "two.docx", corpus.RULES)
    assert kind == "docx" and len(PdfReader(io.BytesIO(result)).pages) >= 1
    assert zipfile.is_zipfile(io.BytesIO(data))


def test_a_utf16_part_without_a_doctype_is_read():
    import zipfile

    base = corpus.docx(("Sixteen bits a letter",))
    xml = zipfile.ZipFile(io.BytesIO(base)).read("word/document.xml").decode("utf-8")
    xml = xml.replace("encoding='UTF-8'", "encoding='UTF-16'", 1).encode("utf-16")
    result, _ = check_and_convert(corpus._rezip(base, replace={"word/document.xml": xml}), "w.docx", corpus.RULES)
    assert "Sixteen bits a letter" in pdf_text(result)


def test_a_part_in_an_unknown_encoding_is_unreadable_not_let_through():
    import zipfile

    base = corpus.docx()
    xml = zipfile.ZipFile(io.BytesIO(base)).read("word/document.xml")
    xml = xml.replace(b"encoding='UTF-8'", b"encoding='x-no-such-encoding'", 1)
    with pytest.raises(ConversionRefused, match="could not be read"):
        check_and_convert(corpus._rezip(base, replace={"word/document.xml": xml}), "w.docx", corpus.RULES)


def test_the_page_count_is_held_while_rendering_too(monkeypatch):
    # Text the estimate lets through still stops at the page budget, as too long (not damaged).
    monkeypatch.setattr(convert, "MAX_DOCX_PAGES", 2)
    monkeypatch.setattr(convert, "CHARACTERS_PER_PAGE", 10**9)
    monkeypatch.setattr(convert, "LINES_PER_PAGE", 10**9)
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(corpus.docx_long(6), "long.docx", corpus.RULES)
    assert refused.value.message == corpus.DOCX_TOO_COMPLEX.format("more than 2 pages")


def test_a_time_limit_reached_while_rendering_is_not_called_damage(monkeypatch):
    from rq.timeouts import JobTimeoutException

    from engine.documents import docx_render

    def too_slow(*args, **kwargs):
        raise JobTimeoutException("Task exceeded maximum timeout value (60 seconds)")

    monkeypatch.setattr(docx_render, "render_docx", too_slow)
    with pytest.raises(JobTimeoutException):
        convert.docx_to_pdf(corpus.docx())
