"""QR codes of the result slips (segno: pure Python, no image library needed for either use)."""
from __future__ import annotations

import segno

# Medium error correction survives a crease or a coffee ring on a slip; the quiet zone is the
# standard four modules, so phone cameras find the code next to printed text.
ERROR = "m"
BORDER = 4


def make(url: str):
    return segno.make(url, error=ERROR, micro=False)


def svg(url: str, scale: int = 4) -> str:
    """Inline ``<svg>`` markup for an HTML page (scales sharply in print)."""
    return make(url).svg_inline(scale=scale, border=BORDER)


def dark_modules(url: str) -> tuple[int, list[tuple[int, int]]]:
    """The code's size in modules (quiet zone included) and the (column, row) of each dark one,
    which the PDF draws as filled squares: vector, so it prints sharp at any size."""
    rows = list(make(url).matrix_iter(border=BORDER))
    return len(rows), [(x, y) for y, row in enumerate(rows) for x, dark in enumerate(row) if dark]
