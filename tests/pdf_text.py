"""A PDF's text for a test to search, whitespace folded to single spaces: as pypdf extracts it, and
as poppler's pdftotext does (a second, independent reading of the same file)."""

import io
import re
import shutil
import subprocess

from pypdf import PdfReader


def text_of(pdf: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages))


def pdftotext(pdf: bytes, *options: str) -> str:
    """poppler's extraction (pypdf's where poppler is not installed); options such as "-layout"."""
    if shutil.which("pdftotext") is None:
        return text_of(pdf)
    out = subprocess.run(["pdftotext", *options, "-", "-"], input=pdf, capture_output=True, check=True).stdout
    return re.sub(r"\s+", " ", out.decode())
