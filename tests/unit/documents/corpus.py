"""Good and hostile files, built in memory so the repository holds no binaries.

Imported by the documents unit, API and job tests (their conftests put this folder on sys.path).
"""

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
