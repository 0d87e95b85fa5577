"""Quad flak — Vierlingsflak (docs/rules/duel-in-the-dark.md §9.7; A-82–A-84).

One of the 40 tiles may be placed as ``quad_flak`` (option ``quad_flak``).  German +2 per quad
flak when the Mosquito, flying LOW, enters its hex (after a move of ≥ 1 hex and the altitude
choice), or when the Mosquito bombs in its hex (it scores before it is destroyed); at most once
per Mosquito turn per quad flak (A-83).  No effect on the Bomber (A-84).
"""
from __future__ import annotations

from ..ground_units import QUAD_FLAK, units_in_hex
from ..scoring import per_unit, term

QUAD_FLAK_VP = 2


def fire(em, hex_id: int, why: str) -> None:
    s = em.state
    if not s["setup"]["quad_flak"]:
        return
    ready = [t for t in units_in_hex(s, hex_id, QUAD_FLAK) if t not in s["quad_fired"]]
    if not ready:
        return
    em.emit("QuadFlakFired", {"hex": hex_id, "tiles": ready, "trigger": why})
    em.score("german", QUAD_FLAK_VP * len(ready),
             [term("9.7:quad_flak", QUAD_FLAK_VP, per_unit("quad_flak", t)) for t in ready],
             "quad flak")


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _quad_flak_fired(s, p):
    s["quad_fired"].extend(p["tiles"])


EVOLVE = {
    "QuadFlakFired": _quad_flak_fired,
}
