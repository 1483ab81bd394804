"""Good and hostile files, built in memory so the repository holds no binaries.

Imported by the documents unit, API and job tests (their conftests put this folder on sys.path).
"""

import functools
import io
import struct
import zipfile
import zlib

RULES = {
    "types": ["png", "jpeg", "jpg", "pdf", "docx"],
    "max_bytes": 1_000_000,
    "max_name_length": 32,
    "messages": {
        "too_large": "Your file is too large. The maximum file size is 1 MB.",
        "wrong_type": "You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx",
        "empty": "Your file is empty. Please upload a non-empty file.",
        "name_too_long": "Your file name is too long. The maximum is 32 characters, including the extension.",
    },
}


def png(width=640, height=480, color="steelblue", mode="RGB") -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new(mode, (width, height), color)
    ImageDraw.Draw(image).rectangle([10, 10, width // 3, height // 3], fill="white" if mode == "RGB" else None)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def jpeg(width=600, height=300, orientation: int | None = None) -> bytes:
    """A wide JPEG; with EXIF orientation 6 viewers show it rotated (tall)."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (width, height), "darkgreen")
    ImageDraw.Draw(image).rectangle([0, 0, width // 4, height], fill="yellow")
    out = io.BytesIO()
    if orientation:
        exif = Image.Exif()
        exif[0x0112] = orientation
        image.save(out, "JPEG", exif=exif.tobytes())
    else:
        image.save(out, "JPEG")
    return out.getvalue()


def pdf(text="Hello from a PDF", pages=1) -> bytes:
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    drawing = canvas.Canvas(out)
    for number in range(pages):
        drawing.drawString(72, 720, f"{text} (page {number + 1})")
        drawing.showPage()
    drawing.save()
    return out.getvalue()


def pdf_with_javascript() -> bytes:
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf("Scripted"))))
    script = DictionaryObject(
        {NameObject("/S"): NameObject("/JavaScript"), NameObject("/JS"): TextStringObject("app.alert('pwned');")}
    )
    names = DictionaryObject({NameObject("/Names"): ArrayObject([TextStringObject("js"), writer._add_object(script)])})
    writer._root_object[NameObject("/Names")] = DictionaryObject({NameObject("/JavaScript"): names})
    action = DictionaryObject(
        {
            NameObject("/S"): NameObject("/JavaScript"),
            NameObject("/JS"): TextStringObject("app.launchURL('http://evil.example');"),
        }
    )
    writer._root_object[NameObject("/OpenAction")] = writer._add_object(action)
    writer.pages[0][NameObject("/AA")] = DictionaryObject({NameObject("/O"): writer._add_object(action)})
    writer.add_uri(0, "http://evil.example", [0, 0, 100, 100])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def encrypted_pdf() -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf("Secret"))))
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def corrupt_pdf() -> bytes:
    return b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" + b"\x00garbage" * 50 + b"\n%%EOF\n"


def docx(paragraphs=("Hello from Word",), image: bytes | None = None, heading="My Essay", table=True) -> bytes:
    from docx import Document
    from docx.shared import Inches

    document = Document()
    document.add_heading(heading, 0)
    document.add_heading("First part", 1)
    for text in paragraphs:
        paragraph = document.add_paragraph(text + " ")
        paragraph.add_run("bold words").bold = True
    document.add_paragraph("a bullet point", style="List Bullet")
    document.add_paragraph("a numbered point", style="List Number")
    if table:
        grid = document.add_table(rows=2, cols=2)
        for r, row in enumerate(grid.rows):
            for c, cell in enumerate(row.cells):
                cell.text = f"cell {r}.{c}"
    if image:
        document.add_picture(io.BytesIO(image), width=Inches(2))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# A line in each of ten scripts, as an applicant might write them in a Word document.
EVERY_SCRIPT = {
    "Latin": "Zoë Ångström-Nguyễn, naïve café in Đà Nẵng",
    "Chinese": "我住在东京，学习历史。",
    "Japanese": "東京 やまだ たろう",
    "Korean": "서울특별시 강남구",
    "Arabic": "محمد عبد الله",
    "Hebrew": "דוד כהן",
    "Devanagari": "प्रिया शर्मा क्षत्रिय",
    "Cyrillic": "Ковалёва Мария",
    "Greek": "Αλέξανδρος Παπαδόπουλος",
    "Emoji": "Engineer 😀 👍🏽 ✅",
}


def docx_every_script(repeat: int = 1) -> bytes:
    """A heading, a bold run and a paragraph in each script of EVERY_SCRIPT (the whole set `repeat`
    times), with a table cell and a list item in scripts of their own."""
    from docx import Document

    document = Document()
    for _ in range(repeat):
        for script, line in EVERY_SCRIPT.items():
            document.add_heading(line, 2)
            paragraph = document.add_paragraph(f"{script}: {line} ")
            paragraph.add_run(line).bold = True
        document.add_paragraph(EVERY_SCRIPT["Arabic"], style="List Bullet")
        document.add_table(rows=1, cols=2).rows[0].cells[1].text = EVERY_SCRIPT["Chinese"]
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _rezip(data: bytes, replace: dict[str, bytes] | None = None, add: dict[str, bytes] | None = None) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            target.writestr(info.filename, (replace or {}).get(info.filename, source.read(info.filename)))
        for name, content in (add or {}).items():
            target.writestr(name, content)
    return out.getvalue()


def docx_with_external_entity() -> bytes:
    base = docx()
    document = zipfile.ZipFile(io.BytesIO(base)).read("word/document.xml")
    header, _, rest = document.partition(b"?>")
    evil = (
        header
        + b'?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        + rest.replace(b"Hello from Word", b"&xxe;")
    )
    return _rezip(base, replace={"word/document.xml": evil})


def docx_zip_bomb() -> bytes:
    """A real docx plus one entry that inflates 1000:1 to 100 MB (about 100 KB on disk)."""
    return _rezip(docx(), add={"word/media/bomb.bin": b"\0" * (100 * 1024 * 1024)})


def docx_many_entries() -> bytes:
    return _rezip(docx(), add={f"customXml/extra{i}.xml": b"<a/>" for i in range(600)})


def png_declaring(width=20000, height=20000) -> bytes:
    """A tiny PNG whose header claims width x height (a decompression bomb's calling card)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    row = b"\0" + b"\0" * width  # one filter byte + greyscale pixels, 1 byte each
    compressor = zlib.compressobj(9)
    data = b"".join(compressor.compress(row) for _ in range(64)) + compressor.flush()
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", data)
        + chunk(b"IEND", b"")
    )


@functools.lru_cache(maxsize=1)
def docx_one_picture_90_times() -> bytes:
    """About 38 KB: one 6300x6300 PNG (39.7 megapixels, just under the per-picture cap) drawn from
    90 places. Before the budget it held a worker for 25-120 s, decoding the picture 90 times."""
    from docx import Document
    from docx.shared import Inches
    from PIL import Image

    picture = io.BytesIO()
    Image.new("L", (6300, 6300), 255).save(picture, "PNG", optimize=True)
    document = Document()
    for _ in range(90):
        document.add_picture(io.BytesIO(picture.getvalue()), width=Inches(1))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def docx_many_pictures(count=101) -> bytes:
    """A small picture drawn from `count` places (the same picture twice counts twice)."""
    from docx import Document
    from docx.shared import Inches

    document = Document()
    picture = png(60, 60)
    for _ in range(count):
        document.add_picture(io.BytesIO(picture), width=Inches(0.5))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def docx_long(pages=40) -> bytes:
    """Plain text running to well over the page budget (about 40 lines a page)."""
    from docx import Document

    document = Document()
    line = "An essay that goes on and on, line after line, to fill page after page of text. " * 2
    for number in range(pages * 5):
        document.add_paragraph(f"{number}. " + line * 4)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def docx_many_short_paragraphs(count=1379) -> bytes:
    """About 37 KB: `count` one-word paragraphs, within the old estimate (46 a page, 30 pages) but 43
    pages once laid out, which took 1.5-3.9 s of CPU before the layout was refused."""
    from docx import Document

    document = Document()
    for number in range(count):
        document.add_paragraph(f"Line {number}")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def docx_many_runs(paragraphs=50, runs=201) -> bytes:
    """A few pages whose paragraphs change format at every word (10,050 runs)."""
    from docx import Document

    document = Document()
    for _ in range(paragraphs):
        paragraph = document.add_paragraph()
        for number in range(runs):
            paragraph.add_run(f"w{number} ").bold = number % 2 == 0
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def docx_many_cells(rows=301, columns=10) -> bytes:
    """A table of 3,010 cells on about ten pages: each cell is laid out on its own."""
    from docx import Document

    document = Document()
    table = document.add_table(rows=rows, cols=columns)
    for row in table.rows:
        for cell in row.cells:
            cell.text = "x"
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def docx_huge_xml(megabytes=14) -> bytes:
    """More markup than the budget (each paragraph differs, so it compresses only about 40:1, well
    under the zip-bomb ratio) in an upload under 1 MB."""
    base = docx()
    document = zipfile.ZipFile(io.BytesIO(base)).read("word/document.xml")
    paragraphs = []
    size = number = 0
    while size < megabytes * 1024 * 1024:
        text = f"<w:p><w:r><w:t>Paragraph {number * 7919 % 1000003:07d} of a very long essay.</w:t></w:r></w:p>"
        paragraphs.append(text)
        size += len(text)
        number += 1
    body = "".join(paragraphs).encode()
    return _rezip(base, replace={"word/document.xml": document.replace(b"<w:body>", b"<w:body>" + body, 1)})


def docx_utf16_doctype() -> bytes:
    """The entity declaration of docx_with_external_entity in a UTF-16 part: as bytes "<!DOCTYPE"
    has a NUL between its letters, so a byte search misses it; an XML parser reads it all the same."""
    evil = zipfile.ZipFile(io.BytesIO(docx_with_external_entity())).read("word/document.xml").decode("utf-8")
    evil = evil.replace("encoding='UTF-8'", "encoding='UTF-16'", 1)
    return _rezip(docx(), replace={"word/document.xml": evil.encode("utf-16")})


def _pdf_with(objects: list[bytes]) -> bytes:
    """A PDF made by hand from numbered object bodies (1 is the catalog), with its xref table."""
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


def pdf_huge_picture(width=40000, height=40000) -> bytes:
    """One page drawing a picture whose dictionary declares 1.6 gigapixels (its data is a few bytes
    of zeros: a viewer that believes it allocates gigabytes)."""
    data = zlib.compress(b"\0" * 1024)
    image = (
        b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
        b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n"
        % (width, height, len(data))
        + data
        + b"\nendstream"
    )
    content = b"q 500 0 0 500 50 50 cm /Im1 Do Q"
    return _pdf_with(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> >> "
            b"/Contents 5 0 R >>",
            image,
            b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        ]
    )


def pdf_many_objects(count=22000) -> bytes:
    """One blank page and `count` small objects nothing uses (about 0.9 MB)."""
    return _pdf_with(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
            *[b"0"] * count,
        ]
    )


def _flate_repeated(block: bytes, times: int) -> bytes:
    """`block` repeated `times` times as one zlib stream, made without compressing it all: after a
    sync flush the compressor emits the same bytes for each further copy of a block whose period
    divides its length, so one copy's output is repeated and the checksum computed alongside."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    first = compressor.compress(block) + compressor.flush(zlib.Z_SYNC_FLUSH)
    again = compressor.compress(block) + compressor.flush(zlib.Z_SYNC_FLUSH)
    checksum, one = 1, zlib.adler32(block)
    for _ in range(times):
        checksum = _adler32_combine(checksum, one, len(block))
    header = b"\x78\xda"
    return header + first + again * (times - 1) + b"\x03\x00" + struct.pack(">I", checksum)


def _adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two pieces from theirs (zlib's adler32_combine, which Python does not expose)."""
    base = 65521
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % base
    high = ((first >> 16) + (second >> 16) + (length % base) * (first & 0xFFFF) - (length % base)) % base
    return low | (high << 16)


@functools.lru_cache(maxsize=2)
def pdf_huge_content(megabytes=900) -> bytes:
    """One page whose content stream decodes to `megabytes` MB of "q Q" (save and restore the
    graphics state): about 0.9 MB on disk for 900 MB, seconds for every reader of every page."""
    content = _flate_repeated(b"q Q\n" * (1 << 18), megabytes)
    return _pdf_with(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content + b"\nendstream",
        ]
    )


def pdf_full_page_fills(count=1200, pages=1, slow_page=1) -> bytes:
    """`pages` pages, page `slow_page` painted all over `count` times: "0 0 612 792 re f" repeated,
    20 KB of instructions that deflate to a few hundred bytes, far under every size cap, and each
    fill costs a reader milliseconds at reading resolution (poppler: over 20 s for the page)."""
    fills = zlib.compress(b"0 0 612 792 re f\n" * count)
    plain = b"BT /F1 12 Tf 72 720 Td (An ordinary page) Tj ET"
    kids = b" ".join(b"%d 0 R" % (4 + 2 * index) for index in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    for index in range(pages):
        content, filters = (fills, b" /Filter /FlateDecode") if index + 1 == slow_page else (plain, b"")
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
            b"/Contents %d 0 R >>" % (5 + 2 * index)
        )
        objects.append(b"<< /Length %d%s >>\nstream\n" % (len(content), filters) + content + b"\nendstream")
    return _pdf_with(objects)


def elf_executable() -> bytes:
    return b"\x7fELF\x02\x01\x01" + b"\0" * 9 + b"\x02\x00\x3e\x00" + b"\x90" * 500


def pdf_zip_polyglot() -> bytes:
    """A valid PDF with a zip archive appended: readers of either format accept it."""
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as target:
        target.writestr("payload.txt", "hidden")
    return pdf("Polyglot") + archive.getvalue()


def one_byte_over() -> bytes:
    return b"%PDF-1.4\n" + b"0" * (RULES["max_bytes"] + 1 - 9)


DOCX_TOO_COMPLEX = (
    "Your Word document is too large or too complex to convert ({}). Please simplify it, "
    "or save it as a PDF and upload that."
)
PDF_TOO_COMPLEX = (
    "Your PDF is too large or too complex to accept ({}). Please save a simpler version "
    "(for example with smaller pictures) and upload it."
)

# name -> (bytes factory, file name, expected message or None when it converts)
HOSTILE = {
    "empty": (lambda: b"", "empty.pdf", RULES["messages"]["empty"]),
    "one_byte_over": (one_byte_over, "big.pdf", RULES["messages"]["too_large"]),
    "wrong_extension": (lambda: b"just some text\n", "notes.txt", RULES["messages"]["wrong_type"]),
    "renamed_executable": (elf_executable, "essay.pdf", RULES["messages"]["wrong_type"]),
    "corrupt_pdf": (
        corrupt_pdf,
        "essay.pdf",
        "Your PDF could not be read. It may be damaged; please upload a different file.",
    ),
    "encrypted_pdf": (
        encrypted_pdf,
        "essay.pdf",
        "Your PDF is password-protected. Please remove the password and upload it again.",
    ),
    "png_20000x20000": (
        png_declaring,
        "huge.png",
        "Your image has too many pixels. Please upload a smaller image (at most 40 megapixels).",
    ),
    "docx_zip_bomb": (
        docx_zip_bomb,
        "bomb.docx",
        "Your Word document expands to too much data to be converted. Please simplify it or upload a PDF.",
    ),
    "docx_many_entries": (
        docx_many_entries,
        "many.docx",
        "Your Word document expands to too much data to be converted. Please simplify it or upload a PDF.",
    ),
    "docx_external_entity": (
        docx_with_external_entity,
        "xxe.docx",
        "Your Word document contains XML entity declarations, which are not allowed. "
        "Please save it again as a normal .docx file.",
    ),
    "pdf_zip_polyglot": (
        pdf_zip_polyglot,
        "poly.pdf",
        "Your file looks like more than one type of file at once. Please save it again as a single type and upload it.",
    ),
    "docx_one_picture_90_times": (
        docx_one_picture_90_times,
        "pictures.docx",
        DOCX_TOO_COMPLEX.format("its pictures hold more than 100 megapixels together"),
    ),
    "docx_many_pictures": (docx_many_pictures, "pictures.docx", DOCX_TOO_COMPLEX.format("more than 100 pictures")),
    "docx_long": (docx_long, "long.docx", DOCX_TOO_COMPLEX.format("more than 30 pages")),
    "docx_many_short_paragraphs": (
        docx_many_short_paragraphs,
        "lines.docx",
        DOCX_TOO_COMPLEX.format("more than 30 pages"),
    ),
    "docx_many_runs": (
        docx_many_runs,
        "runs.docx",
        DOCX_TOO_COMPLEX.format("more than 10000 differently formatted stretches of text"),
    ),
    "docx_many_cells": (
        docx_many_cells,
        "cells.docx",
        DOCX_TOO_COMPLEX.format("more than 3000 paragraphs and table cells"),
    ),
    "docx_huge_xml": (docx_huge_xml, "markup.docx", DOCX_TOO_COMPLEX.format("more than 12 MB of text and markup")),
    "docx_utf16_doctype": (
        docx_utf16_doctype,
        "xxe16.docx",
        "Your Word document contains XML entity declarations, which are not allowed. "
        "Please save it again as a normal .docx file.",
    ),
    "pdf_huge_picture": (
        pdf_huge_picture,
        "picture.pdf",
        PDF_TOO_COMPLEX.format("its pictures hold more than 1000 megapixels"),
    ),
    "pdf_huge_content": (
        pdf_huge_content,
        "content.pdf",
        PDF_TOO_COMPLEX.format("a page holds more than 4 MB of drawing instructions"),
    ),
    "pdf_many_objects": (pdf_many_objects, "objects.pdf", PDF_TOO_COMPLEX.format("more than 20000 objects")),
    "pdf_full_page_fills": (pdf_full_page_fills, "fills.pdf", PDF_TOO_COMPLEX.format("page 1 takes too long to draw")),
    "name_33_characters": (lambda: pdf(), "a" * 29 + ".pdf", RULES["messages"]["name_too_long"]),
}

# type -> (bytes factory, file name): one good file per allowed type
GOOD = {
    "png": (lambda: png(), "photo.png"),
    "jpeg": (lambda: jpeg(orientation=6), "scan.jpeg"),
    "jpg": (lambda: jpeg(), "scan.jpg"),
    "pdf": (lambda: pdf("Essay text in a PDF"), "essay.pdf"),
    "docx": (lambda: docx(("Essay text in Word",), image=png(200, 100)), "essay.docx"),
}
