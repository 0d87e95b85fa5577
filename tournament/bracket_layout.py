"""Where each box of a bracket stage sits, so later boxes are centred between the two boxes that
feed them and the connectors join (issue 13 "Bracket and tournament pages"). No Django here.

A stage is drawn as one CSS grid: a column per round, rows of equal height (row 1 holds the
round titles). A first-round box spans two rows. A box fed by two boxes of the stage spans
exactly from the middle of one feeder to the middle of the other, so its middle is halfway
between them and its left edge is the vertical connector; a box fed by one (a losers-bracket
round that takes in the losers dropping from the winners' bracket) stays level with its feeder.
"""
from __future__ import annotations

HEADER_ROWS = 1


def layout(rounds: list[list[dict]]) -> tuple[list[list[dict]], int]:
    """``(columns, rows)``: per round the cells ``{"pairing", "column", "row", "joins",
    "wired_out"}`` (``row`` is a CSS ``grid-row`` value; ``joins``: how many boxes of the stage
    feed it; ``wired_out``: its winner goes on in this stage), and the number of grid rows."""
    in_stage = {p["key"] for r in rounds for p in r}
    feeders: dict[str, list[str]] = {}
    for r in rounds:
        for p in r:
            if p["next"]["winner"] in in_stage:
                feeders.setdefault(p["next"]["winner"], []).append(p["key"])
    middle: dict[str, int] = {}
    columns, bottom_line = [], 0
    for column, r in enumerate(rounds, start=1):
        cells = []
        for index, p in enumerate(r):
            fed = sorted(middle[k] for k in feeders.get(p["key"], []) if k in middle)
            if len(fed) >= 2:
                top, bottom = fed[0], fed[-1]
                middle[p["key"]] = (top + bottom) // 2
            else:
                middle[p["key"]] = fed[0] if fed else 2 * index + 1
                top, bottom = middle[p["key"]] - 1, middle[p["key"]] + 1
            first_line = top + HEADER_ROWS + 1
            last_line = bottom + HEADER_ROWS + 1
            bottom_line = max(bottom_line, last_line)
            cells.append({"pairing": p, "column": column, "row": f"{first_line} / {last_line}",
                          "joins": min(len(fed), 2), "wired_out": p["next"]["winner"] in in_stage})
        columns.append(cells)
    return columns, bottom_line - 1
