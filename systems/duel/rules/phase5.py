"""Phase 5 sub-steps in the order of the hooks of spec §9.5 / §3.6.

Start of phase 5: British QF guns / searchlights (``british_units``) and the German's extra units
(``extra_units``); then the deployment (``deploy``); after it "Walls have ears" (``hand_crests``,
``reposition``) and Window / Wilde Sau (``window``, ``wild_sau``).  Each handler ends with
:func:`proceed`, which opens the next enabled step or starts the duel.
"""
from __future__ import annotations

from . import turns
from .expansions import window

ORDER = ("british_units", "extra_units", "deploy", "hand_crests", "reposition", "window", "wild_sau")


def _enabled(state: dict, step: str) -> bool:
    options = state["setup"]
    if step == "british_units":
        return bool(options["british_qf_guns"] or options["british_searchlights"])
    if step == "extra_units":
        return bool(state["british_units"]["qf"] or state["british_units"]["searchlights"])
    if step == "deploy":
        return True
    if step in ("hand_crests", "reposition"):
        return options["walls_have_ears"]
    if step == "window":
        return options["window"] and window.allocation(state)[0] > 0
    if step == "wild_sau":
        return bool(state["window"]["positions"]) and window.allocation(state)[1] > 0
    raise ValueError(step)


def first_step(state: dict) -> str:
    return next(step for step in ORDER if _enabled(state, step))


def proceed(em, board, rng, after: str) -> None:
    """Opens the enabled step after ``after``, or the duel (phase 6)."""
    for step in ORDER[ORDER.index(after) + 1:]:
        if _enabled(em.state, step):
            em.emit("PhaseStarted", {"phase": 5, "step": step})
            return
    turns.start_duel(em, board, rng)
