"""file: an uploaded document (file: {types, max_bytes, max_name_length, messages}). The answer
is the stored file's name; the PDF notes the document, whose pages follow the application."""

from collections.abc import Mapping

from engine.fieldtypes.base import FieldType
from engine.fieldtypes.schema import TEXT, array, obj

DEFAULT_TYPES = ["png", "jpeg", "jpg", "pdf", "docx"]
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
    types = list(spec.get("types") or DEFAULT_TYPES)
    max_bytes = spec.get("max_bytes", 1_000_000)
    limit = spec.get("max_name_length", 32)
    size_text = f"{max_bytes / 1_000_000:g} MB" if max_bytes >= 1_000_000 else f"{max_bytes / 1000:g} KB"
    refusals = {
        "too_large": messages["file_too_large"].replace("{max_size}", size_text),
        "wrong_type": messages["file_wrong_type"].replace("{types}", ", ".join("." + t for t in types)),
        "empty": messages["file_empty"],
        "name_too_long": messages["file_name_too_long"].replace("{limit}", str(limit)),
        **dict(spec.get("messages") or {}),
    }
    return {"types": types, "max_bytes": max_bytes, "max_name_length": limit, "messages": refusals}


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
        }

    def properties(self) -> dict:
        rules = obj(
            types=array({"enum": DEFAULT_TYPES}, minItems=1),
            max_bytes={"type": "integer", "minimum": 1, "maximum": 50_000_000},
            max_name_length={"type": "integer", "minimum": 5, "maximum": 255},
            messages=obj(too_large=TEXT, wrong_type=TEXT, empty=TEXT, name_too_long=TEXT),
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
            note = renderer.texts["pdf_document_attached"].replace("{size}", size)
            note = note.replace("{file_name}", document["file_name"])
        else:
            note = renderer.texts["pdf_no_document"]
        renderer.add(renderer.question(field), note)


TYPE = File()
