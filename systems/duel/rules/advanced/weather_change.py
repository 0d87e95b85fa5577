"""Advanced rule 2 — weather changes during the night (docs/rules/duel-in-the-dark.md §7.2; A-10, A-47–A-49).

Before each Bomber move named by the weather card (``changes_before``, e.g. [5, 10]) — at the
start of that Bomber turn, before the card is revealed — a wind-change card is drawn at random
(relative notches, positive = counter-clockwise; the board's ``wind_change_cards`` or the option
of the same name, A-47), the wind turns, and every cloud, storm and fog element moves 2 hexes in
the new wind direction, one step at a time.  A step off the board re-enters at the far end of
the same line (A-48): the last on-board hex reached walking from the element's hex in the
opposite direction.  Weather is presence-based (A-15), so elements that meet merge.  In the
swap variant night 2 repeats night 1's draws (A-10).  Changes stay tied to move numbers (A-49).
"""
from __future__ import annotations

from systems.kit.hexgrid import opposite, turn
from ..board import Board

WEATHER_MOVE_HEXES = 2
ELEMENTS = ("clouds", "storms", "fog")


def due(state: dict) -> int | None:
    """The move number whose weather change must happen now, or None."""
    if not state["setup"]["weather_changes"] or state["bomber"]["landed"]:
        return None
    nxt = state["bomber"]["moves_done"] + 1
    if nxt in state["weather"]["changes_before"] and nxt not in state["weather_changes_done"]:
        if nxt <= len(state["plan"]["route"]):
            return nxt
    return None


def wrap_step(board: Board, hex_id: int, direction: str) -> int:
    """One step of a weather element (A-48 wrap-around at the board edge)."""
    nxt = board.step(hex_id, direction)
    if nxt is not None:
        return nxt
    back, cur = opposite(direction), hex_id
    while board.step(cur, back) is not None:
        cur = board.step(cur, back)
    return cur


def move_element(board: Board, hex_id: int, direction: str, hexes: int = WEATHER_MOVE_HEXES) -> int:
    for _ in range(hexes):
        hex_id = wrap_step(board, hex_id, direction)
    return hex_id


def wind_cards(state: dict, board: Board) -> list[int]:
    return list(state["setup"]["wind_change_cards"] or board.data.get("wind_change_cards") or [-2, -1, -1, 1, 1, 2])


def resolve(em, board: Board, before_move: int, rng) -> None:
    """Draws the wind-change card and emits ``WeatherChanged`` with the new weather."""
    s = em.state
    cards = wind_cards(s, board)
    k = len(s["weather_changes_done"])
    replay = s["setup"]["mode"] == "swap" and s["night"] > 1 and k < len(s["weather_change_draws"])
    index = s["weather_change_draws"][k] if replay else rng.randbelow(len(cards))
    notches = cards[index]
    wind = turn(s["weather"]["wind"], notches)
    moved = {key: sorted({move_element(board, h, wind) for h in s["weather"][key]}) for key in ELEMENTS}
    em.emit("WeatherChanged", dict({"before_move": before_move, "card_index": index, "notches": notches,
                                    "wind_before": s["weather"]["wind"], "wind": wind,
                                    "record_draw": not replay}, **moved))


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _weather_changed(s, p):
    w = s["weather"]
    w.update(wind=p["wind"], clouds=p["clouds"], storms=p["storms"], fog=p["fog"])
    s["weather_changes_done"].append(p["before_move"])
    s["weather_changed_this_turn"] = True
    if p["record_draw"] and s["night"] == 1:
        s["weather_change_draws"].append(p["card_index"])


EVOLVE = {
    "WeatherChanged": _weather_changed,
}
