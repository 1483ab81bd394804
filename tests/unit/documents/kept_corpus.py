"""Files a question keeps as they are (and their macro-carrying look-alikes), built in memory:
a spreadsheet with a VBA project, an OpenDocument with Basic macros, text that is not text."""

import io
import zipfile

_CT_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_CT = "http://schemas.openxmlformats.org/package/2006/content-types"
_SHEET_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
_MACRO_MAIN = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
_WORKSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"


def _zip(parts: dict[str, str | bytes], stored_first: str | None = None) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        if stored_first:
            archive.writestr(stored_first, parts[stored_first], compress_type=zipfile.ZIP_STORED)
        for name, data in parts.items():
            if name != stored_first:
                archive.writestr(name, data)
    return out.getvalue()


def xlsx(vba: bool = False, macro_content_type: bool = False, rows=(("Item", "Cost"), ("Books", 320))) -> bytes:
    """A small real workbook (Excel and LibreOffice open it); `vba` adds xl/vbaProject.bin (as an
    .xlsm has), `macro_content_type` declares the workbook macro-enabled (an .xlsm's main part)."""
    cells = []
    for number, row in enumerate(rows, start=1):
        values = []
        for column, value in zip("AB", row, strict=False):
            ref = f"{column}{number}"
            if isinstance(value, int | float):
                values.append(f'<c r="{ref}"><v>{value}</v></c>')
            else:
                values.append(f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>')
        cells.append(f'<row r="{number}">{"".join(values)}</row>')
    main = _MACRO_MAIN if macro_content_type else _SHEET_MAIN
    content_types = (
        f'{_CT_HEAD}<Types xmlns="{_CT}">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        + ('<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>' if vba else "")
        + f'<Override PartName="/xl/workbook.xml" ContentType="{main}"/>'
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{_WORKSHEET}"/></Types>'
    )
    parts: dict[str, str | bytes] = {
        "[Content_Types].xml": content_types,
        "_rels/.rels": f'{_CT_HEAD}<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
        f'Type="{_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'{_CT_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        f'xmlns:r="{_REL}"><sheets><sheet name="Budget" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": f'{_CT_HEAD}<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
        f'Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": f'{_CT_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        f"<sheetData>{''.join(cells)}</sheetData></worksheet>",
    }
    if vba:
        parts["xl/vbaProject.bin"] = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504  # an OLE header
    return _zip(parts)


def ods(basic_macros: bool = False) -> bytes:
    """An OpenDocument spreadsheet package; `basic_macros` adds a Basic/ library, as a macro file has."""
    parts: dict[str, str | bytes] = {
        "mimetype": "application/vnd.oasis.opendocument.spreadsheet",
        "content.xml": '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>',
        "META-INF/manifest.xml": '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
    }
    if basic_macros:
        parts["Basic/Standard/Module1.xml"] = '<script:module>Sub Main\nShell("calc")\nEnd Sub</script:module>'
    return _zip(parts, stored_first="mimetype")


def csv_text() -> bytes:
    return '\ufeffItem,Cost\nBooks,320\nTravel,"1,200"\n'.encode()


def binary_named_csv() -> bytes:
    return b"Item,Cost\n\x00\x01\x02\x03 not text"


RULES = {
    "types": ["pdf", "xlsx", "ods", "csv"],
    "keep": ["xlsx", "ods", "csv"],
    "max_bytes": 1_000_000,
    "max_name_length": 64,
    "messages": {
        "too_large": "Your file is too large.",
        "wrong_type": "You can only enter the following file types: .pdf, .xlsx, .ods, .csv",
        "empty": "Your file is empty.",
        "name_too_long": "Your file name is too long.",
        "macros": "Your file contains macros, which are not accepted.",
    },
}
