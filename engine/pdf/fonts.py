"""Fonts for generated PDFs: DejaVu Sans (wide Unicode coverage, embedded and subset) when the
system has it (Debian's fonts-dejavu-core), else reportlab's built-in Helvetica (Latin-1 only)."""

from __future__ import annotations

import functools
from pathlib import Path

FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts")
FILES = {
    "FE-Regular": "DejaVuSans.ttf",
    "FE-Bold": "DejaVuSans-Bold.ttf",
    "FE-Italic": "DejaVuSans-Oblique.ttf",
    "FE-BoldItalic": "DejaVuSans-BoldOblique.ttf",
}


def _find(name: str) -> Path | None:
    for folder in FONT_DIRS:
        path = Path(folder) / name
        if path.is_file():
            return path
    return None


@functools.lru_cache(maxsize=1)
def font_names() -> tuple[str, str]:
    """(regular, bold) font names registered with reportlab; <b>/<i> markup maps to the family."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    paths = {name: _find(file) for name, file in FILES.items()}
    if not all(paths.values()):
        return "Helvetica", "Helvetica-Bold"
    for name, path in paths.items():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    addMapping("FE-Regular", 0, 0, "FE-Regular")
    addMapping("FE-Regular", 1, 0, "FE-Bold")
    addMapping("FE-Regular", 0, 1, "FE-Italic")
    addMapping("FE-Regular", 1, 1, "FE-BoldItalic")
    addMapping("FE-Bold", 1, 0, "FE-Bold")
    addMapping("FE-Bold", 0, 0, "FE-Bold")
    return "FE-Regular", "FE-Bold"
