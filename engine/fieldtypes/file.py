"""file: an uploaded document (file: {types, keep, max_bytes, max_name_length, messages}). The
answer is the stored file's name. `types` are converted to PDF (the PDF notes the document, whose
pages follow the application); `keep` kinds are stored as they came, checked but never converted
(the PDF lists them by name and size; staff download them as they are)."""

from collections.abc import Mapping

from engine.fieldtypes.base import FieldType
from engine.fieldtypes.schema import TEXT, array, obj

DEFAULT_TYPES = ["png", "jpeg", "jpg", "pdf", "docx"]
# The kinds a question may keep as they are, with the Content-Type they are served with. The whole
# set: each is identified from its bytes (engine/documents/kept.py), an Office kind only without macros.
KEEP_KINDS = {
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "odt": "application/vnd.oasis.opendocument.text",
    "csv": "text/csv; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
}
# Kinds that run code or carry macros: never kept, and an author who names one is told why.
EXECUTABLE_KINDS = frozenset(
    "exe msi bat cmd com scr pif cpl dll sys ps1 psm1 vbs vbe js jse wsf wsh hta jar sh bash zsh command "
    "app dmg pkg apk deb rpm lnk reg html htm svg xlsm xltm xlam xlsb docm dotm pptm potm ppsm sldm".split()
)
_SIZE_UNITS = ("size_kilobytes", "size_megabytes", "size_gigabytes")


def format_size(size: int, texts: Mapping[str, str]) -> str:
    """Decimal units in the words of `texts` (the compiled form's size_*), as the upload widget
    shows them (decimalSize)."""
    if size < 1000:
        return texts["size_bytes"].replace("{n}", str(size))
    value, unit = size / 1000, 0
    while value >= 1000 and unit < len(_SIZE_UNITS) - 1:
        value, unit = value / 1000, unit + 1
    number = str(round(value)) if value >= 100 else f"{value:.1f}".removesuffix(".0")
    return texts[_SIZE_UNITS[unit]].replace("{n}", number)


def file_rules(spec: dict, messages: dict) -> dict:
    """What the upload accepts, with the tenant's messages for each refusal."""
    keep = list(spec.get("keep") or [])
    # `keep` alone takes only the kept kinds; with `types` both (types default to the converted five).
    types = [*(spec.get("types") or ([] if keep else DEFAULT_TYPES)), *keep]
    max_bytes = spec.get("max_bytes", 1_000_000)
    limit = spec.get("max_name_length", 32)
    size_text = f"{max_bytes / 1_000_000:g} MB" if max_bytes >= 1_000_000 else f"{max_bytes / 1000:g} KB"
    refusals = {
        "too_large": messages["file_too_large"].replace("{max_size}", size_text),
        "wrong_type": messages["file_wrong_type"].replace("{types}", ", ".join("." + t for t in types)),
        "empty": messages["file_empty"],
        "name_too_long": messages["file_name_too_long"].replace("{limit}", str(limit)),
        "macros": messages["file_macros"],
        **dict(spec.get("messages") or {}),
    }
    rules = {"types": types, "max_bytes": max_bytes, "max_name_length": limit, "messages": refusals}
    if keep:
        rules["keep"] = keep
    return rules


class File(FieldType):
    name = "file"
    widget = "file_upload"
    default_max_length = 300
    storage_limit = 300
    holds_document = True

    def default_messages(self) -> dict[str, str]:
        return {
            "file_too_large": "Your file is too large. The maximum file size is {max_size}.",
            "file_wrong_type": "You can only enter the following file types: {types}",
            "file_empty": "Your file is empty. Please upload a non-empty file.",
            "file_name_too_long": "Your file name is too long. The maximum length is {limit} characters.",
            "file_macros": "Your file contains macros, which are not accepted. Please save it without macros "
            "(a workbook as .xlsx) and upload it again.",
        }

    def properties(self) -> dict:
        rules = obj(
            types=array({"enum": DEFAULT_TYPES}, minItems=1),
            keep=array({"enum": list(KEEP_KINDS)}, minItems=1),
            max_bytes={"type": "integer", "minimum": 1, "maximum": 50_000_000},
            max_name_length={"type": "integer", "minimum": 5, "maximum": 255},
            messages=obj(too_large=TEXT, wrong_type=TEXT, empty=TEXT, name_too_long=TEXT, macros=TEXT),
        )
        return {"file": rules}

    def add_layout(self, compiler, spec, use, layout: dict) -> None:
        layout["file"] = file_rules(spec.get("file") or {}, compiler.messages)
        title = compiler.entry_title(use)
        if title:
            refusals = layout["file"]["messages"]
            layout["file"]["messages"] = {k: compiler.in_entry(title, m) for k, m in refusals.items()}

    def pdf(self, renderer, field: dict) -> None:
        document = renderer.documents.get(field["key"])
        if document:
            size = format_size(document["file_size"], renderer.texts)
            text = "pdf_document_kept" if document.get("kept") else "pdf_document_attached"
            note = renderer.sentence(text, {"size": size, "file_name": document["file_name"]})
        else:
            note = renderer.texts["pdf_no_document"]
        renderer.add(renderer.question(field), note)


TYPE = File()
