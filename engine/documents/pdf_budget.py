"""What an uploaded PDF may ask of every reader, read before it is stored: objects, pictures and their
declared pixels (from the dictionaries, nothing decoded), and the drawing instructions of each page.

A page's drawing instructions are its content streams decoded, plus each form it draws (a reusable
group of instructions) as often as it draws it: a reader interprets all of them every time it shows
the page, so a small file whose streams inflate to hundreds of megabytes (Flate compresses repeated
instructions about 1000:1) holds every reader for seconds. Streams are inflated with a cap, never in
full. `OverBudget(reason, **values)` names what was exceeded; convert.py words it for the applicant.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter

MAX_PDF_OBJECTS = 20_000
MAX_PDF_IMAGES = 1_000
MAX_PDF_IMAGE_PIXELS = 1_000_000_000  # as their dictionaries declare them: a viewer decodes them
MB = 1024 * 1024
MAX_PAGE_CONTENT = 4 * MB  # decoded drawing instructions a page, its forms as often as drawn
MAX_CONTENT = 40 * MB  # the same for the whole document
MAX_FORM_NESTING = 12  # forms drawing forms; deeper (or a form drawing itself) is refused
FLATE = ("/FlateDecode", "/Fl")
# Filters that never expand their input: decoded in full (pypdf's decoders).
SHRINKING = {"/ASCIIHexDecode": "ASCIIHexDecode", "/AHx": "ASCIIHexDecode"}
SHRINKING |= {"/ASCII85Decode": "ASCII85Decode", "/A85": "ASCII85Decode"}
# Other filters (LZW, run length) expand boundlessly but are rare in content: decoded by pypdf only
# when the encoded stream is this small.
SMALL_ENOUGH_TO_DECODE = 16 * 1024
DRAWS = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s*Do\b")  # "/Name Do": draw the form or picture Name


class OverBudget(Exception):
    """`reason`: which limit (a `document_reason_*` text of the catalogue), `values` its figures."""

    def __init__(self, reason: str, **values):
        super().__init__(reason, values)
        self.reason, self.values = reason, values


def check(reader) -> None:
    """OverBudget when the document asks too much of a reader; nothing is returned."""
    objects = sum(len(section) for section in reader.xref.values()) + len(reader.xref_objStm)
    if objects > MAX_PDF_OBJECTS:
        raise OverBudget("objects", count=MAX_PDF_OBJECTS)
    _check_pictures(reader)
    _check_content(reader)


def _check_pictures(reader) -> None:
    images = pixels = 0
    seen: set = set()
    for page in reader.pages:
        pending = [page.get("/Resources")]
        while pending:  # a page's pictures, and those of the forms it draws (each form once)
            for reference, xobject in _xobjects(pending.pop()):
                if xobject.get("/Subtype") == "/Image":
                    images += 1
                    pixels += max(0, int(xobject.get("/Width", 0))) * max(0, int(xobject.get("/Height", 0)))
                elif xobject.get("/Subtype") == "/Form" and _indirect(reference):
                    if reference.idnum not in seen:
                        seen.add(reference.idnum)
                        pending.append(xobject.get("/Resources"))
            if images > MAX_PDF_IMAGES:
                raise OverBudget("pictures", count=MAX_PDF_IMAGES)
            if pixels > MAX_PDF_IMAGE_PIXELS:
                raise OverBudget("pixels", megapixels=MAX_PDF_IMAGE_PIXELS // 1_000_000)


def _xobjects(resources) -> list:
    """(reference, dictionary) of each drawable object named in `resources`."""
    resources = resources.get_object() if resources is not None else None
    xobjects = resources.get("/XObject") if hasattr(resources, "get") else None
    xobjects = xobjects.get_object() if xobjects is not None else {}
    found = []
    for reference in xobjects.values() if hasattr(xobjects, "values") else ():
        xobject = reference.get_object()
        if hasattr(xobject, "get"):
            found.append((reference, xobject))
    return found


def _indirect(reference) -> bool:
    """A reference to a numbered object (pypdf's IndirectObject), read by shape so that importing
    this module does not import pypdf."""
    return isinstance(getattr(reference, "idnum", None), int)


def _check_content(reader) -> None:
    total = 0
    forms: dict[int, int] = {}  # a form's cost (its instructions and what it draws), computed once
    for page in reader.pages:
        contents = page.get("/Contents")
        contents = contents.get_object() if contents is not None else None
        streams = list(contents) if isinstance(contents, list) else [contents] if contents is not None else []
        size = _drawn(streams, page.get("/Resources"), forms, MAX_PAGE_CONTENT, depth=0)
        if size > MAX_PAGE_CONTENT:
            raise OverBudget("page_instructions", megabytes=MAX_PAGE_CONTENT // MB)
        total += size
        if total > MAX_CONTENT:
            raise OverBudget("instructions", megabytes=MAX_CONTENT // MB)


def _drawn(streams: list, resources, forms: dict, budget: int, depth: int) -> int:
    """The decoded size of `streams` and of every form they draw, as often as they draw it; stops
    counting past `budget` (the caller refuses anything over it)."""
    size, data = 0, []
    for stream in streams:  # an array may name the same stream several times: each counts
        decoded = _decoded(stream.get_object(), budget - size + 1)
        size += len(decoded)
        data.append(decoded)
        if size > budget:
            return size
    draws = Counter(name for chunk in data for name in DRAWS.findall(chunk))
    if not draws:
        return size
    named = {}
    for reference, xobject in _xobjects(resources):
        if xobject.get("/Subtype") == "/Form" and _indirect(reference):
            named[reference.idnum] = xobject
    names = _names(resources)
    for name, times in draws.items():
        idnum = names.get(name)
        if idnum not in named:
            continue  # a picture (counted by its pixels) or a name nothing defines
        if idnum not in forms:
            if depth >= MAX_FORM_NESTING:
                return budget + 1
            forms[idnum] = budget + 1  # while it is being counted: a form that draws itself is over
            form = named[idnum]
            forms[idnum] = _drawn([form], form.get("/Resources"), forms, budget, depth + 1)
        size += times * forms[idnum]
        if size > budget:
            return size
    return size


def _names(resources) -> dict[bytes, int]:
    """Each XObject name of `resources` (as written in content, without the slash) -> its object number."""
    resources = resources.get_object() if resources is not None else None
    xobjects = resources.get("/XObject") if hasattr(resources, "get") else None
    xobjects = xobjects.get_object() if xobjects is not None else {}
    names = {}
    for name, reference in xobjects.items() if hasattr(xobjects, "items") else ():
        if _indirect(reference):
            names[str(name)[1:].encode("latin-1", "replace")] = reference.idnum
    return names


def _decoded(stream, limit: int) -> bytes:
    """A stream's data decoded through its filters, at most `limit` bytes of it (a stream that decodes
    to more comes back `limit` bytes long; a damaged one as far as it decodes)."""
    from pypdf import filters as decoders

    data = getattr(stream, "_data", b"") or b""
    names = stream.get("/Filter")
    names = [str(name) for name in ([] if names is None else names if isinstance(names, list) else [names])]
    if not all(name in FLATE or name in SHRINKING for name in names):
        # Counted at the limit (so refused) unless small enough to decode whatever it holds.
        return stream.get_data()[:limit] if len(data) <= SMALL_ENOUGH_TO_DECODE else bytes(limit)
    for name in names:
        data = _inflate(data, limit) if name in FLATE else getattr(decoders, SHRINKING[name]).decode(data)
    return data[:limit]


def _inflate(data: bytes, limit: int) -> bytes:
    inflater = zlib.decompressobj()
    out: list[bytes] = []
    length = 0
    try:
        for start in range(0, len(data), 65536):
            chunk = inflater.decompress(data[start : start + 65536], limit - length)
            out.append(chunk)
            length += len(chunk)
            if length >= limit or inflater.unconsumed_tail:
                break
    except zlib.error:
        pass  # readers draw what a damaged stream holds up to the damage; so is it counted
    return b"".join(out)
