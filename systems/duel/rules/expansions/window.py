"""Window (docs/rules/duel-in-the-dark.md §9.4; C-40, C-43, C-44, A-45, A-76–A-78).

After deployment (phase 5 end) the British announces Window: ``DeclareWindow {use: bool,
positions: [move numbers]}``.  Each position p puts a Window card immediately before compass card
p (C-40: inserted into the committed route, no compass card changes).  ``WindowDeclared {use}``
is public, the positions are British-only (``WindowCardsInserted``) and committed publicly by
hash (``WindowCommitted``), revealed with the plan at the end of the night.

When the Bomber makes move p its Window card is revealed (``WindowRevealed``) and, in the hex the
move enters, the British scores: +2 base, +2 in the target hex, +1 full moon, +1 summer (A-45),
+1 per German searchlight outside the target hex (once, C-43), −2 cloud, nothing in a storm;
floor 0 (A-77).  Fighter and flak combat there are unaffected (C-44).  Window cards count toward
the route limit: ``4 × max(0, compass + Window − max_route_cards)`` VP to the German when the
Bomber lands (A-78).  Allocation: 1 card a night (A-76) or the multi-night table of §9.4.
"""
from __future__ import annotations

from systems.kit.contract import reject
from ..planning import window_commitment
from ..ground_units import SEARCHLIGHT, count
from ..scoring import term
from ..weather import FULL, cloud, moon, storm

WINDOW_BASE, WINDOW_TARGET, WINDOW_MOON, WINDOW_SUMMER, WINDOW_CLOUD = 2, 2, 1, 1, -2
OVERFLOW_VP_PER_CARD = 4
SINGLE_NIGHT = (1, 2)  # (Window cards, Wilde Sau tokens) — A-76
MULTI_NIGHT = {2: [(2, 1), (1, 2)], 3: [(2, 0), (1, 1), (0, 2)]}  # §9.4 optional allocations


def allocation(state: dict) -> tuple[int, int]:
    """(Window cards for the British, Wilde Sau tokens for the German) this night."""
    options = state["setup"]
    if options["window_multi_night"]:
        return tuple(MULTI_NIGHT[options["nights"]][state["night"] - 1])
    return SINGLE_NIGHT


def declare(em, board, command: dict, rng) -> None:
    s = em.state
    use, positions = command.get("use"), command.get("positions", [])
    if not isinstance(use, bool) or not isinstance(positions, list) \
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in positions):
        reject("malformed_command", "use must be a boolean, positions a list of move numbers")
    if not use and positions:
        reject("window_position_invalid", "no Window positions without using Window")
    if use and not positions:
        reject("window_position_invalid", "using Window needs at least one position")
    if len(positions) > allocation(s)[0]:
        reject("window_allocation_exceeded", f"{allocation(s)[0]} Window card(s) this night")
    route_length = len(s["plan"]["route"])
    if len(set(positions)) != len(positions) or any(not 1 <= p <= route_length for p in positions):
        reject("window_position_invalid", f"positions are distinct move numbers 1…{route_length}")
    em.emit("WindowDeclared", {"use": use})
    if use:
        nonce = rng.token()
        em.emit("WindowCardsInserted", {"positions": sorted(positions), "nonce": nonce}, "british")
        em.emit("WindowCommitted", {"night": s["night"], "hash": window_commitment(positions, nonce)})


def window_effect(state: dict, hex_id: int) -> tuple[int, list[dict]]:
    """§9.4 Window VP (British) in the hex the Bomber's move entered."""
    if storm(state, hex_id):
        return 0, [term("9.4:window_storm", 0)]
    reasons = [term("9.4:window_base", WINDOW_BASE)]
    if hex_id == state["plan"]["target"]:
        reasons.append(term("9.4:window_target", WINDOW_TARGET))
    elif count(state, hex_id, SEARCHLIGHT):
        reasons.append(term("9.4:searchlights", count(state, hex_id, SEARCHLIGHT)))
    if moon(state) == FULL:
        reasons.append(term("9.4:full_moon", WINDOW_MOON))
    if state["weather"]["summer"]:
        reasons.append(term("9.4:summer", WINDOW_SUMMER))
    if cloud(state, hex_id):
        reasons.append(term("9.4:cloud", WINDOW_CLOUD))
    total = sum(t["value"] for t in reasons)
    if total < 0:
        reasons.append(term("9.4:window_floor", -total))
        total = 0
    return total, reasons


def overflow(state: dict) -> int:
    """A-78: Window cards beyond the route limit (compass + Window − max_route_cards)."""
    cards = len(state["plan"]["route"]) + len(state["window"]["positions"])
    return max(0, cards - state["setup"]["max_route_cards"])


def on_move(em, hex_id: int, move_no: int) -> None:
    s = em.state
    if move_no not in s["window"]["positions"]:
        return
    em.emit("WindowRevealed", {"move_no": move_no, "hex": hex_id})
    amount, reasons = window_effect(em.state, hex_id)
    em.score("british", amount, reasons, "Window")


def on_landing(em) -> None:
    n = overflow(em.state)
    if n:
        vp = OVERFLOW_VP_PER_CARD * n
        em.score("german", vp, [term("9.4:window_overflow", vp)],
                 "Window overflow penalty")


def suggestions(state: dict) -> list[dict]:
    out = [{"type": "DeclareWindow", "use": False}]
    if allocation(state)[0] >= 1:
        length = len(state["plan"]["route"])
        out += [{"type": "DeclareWindow", "use": True, "positions": [p]} for p in range(1, length + 1)]
    return out


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _window_declared(s, p):
    s["window"]["declared"] = p["use"]


def _window_cards_inserted(s, p):
    s["window"].update(positions=p["positions"], nonce=p["nonce"])


def _window_committed(s, p):
    s["window"]["hash"] = p["hash"]


def _window_revealed(s, p):
    s["window"]["revealed"].append(p["move_no"])


EVOLVE = {
    "WindowDeclared": _window_declared,
    "WindowCardsInserted": _window_cards_inserted,
    "WindowCommitted": _window_committed,
    "WindowRevealed": _window_revealed,
}
