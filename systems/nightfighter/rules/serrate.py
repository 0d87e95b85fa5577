"""Scenario 7 adaptation: Serrate, the cup and revealed Ju88s (docs/rules/nightfighter-solo.md
§1.17 "7", §3.13.2 H18, A25).

Contacts are unrevealed bombers (``contact: True``). A reveal draws a counter from the cup
(2 Ju88 + 28 others, uniform): a Ju88 replaces the contact; anything else leaves play with it.
"""
from __future__ import annotations

from .geometry import hex_distance
from .randomness import roll
from .search_areas import wide_arc_unlimited

SWEEP_REVEALS_FROM = 5
CROWDING_RANGE = 4


def reveal(journal, bomber_id: str, reason: str) -> bool:
    """Draw from the cup for a contact; True when it is a Ju88 (which then stays in play)."""
    state = journal.state
    cup = state["cup"]
    remaining = cup["ju88"] + cup["other"]
    draw = roll(journal.rng, "cup_draw", sides=remaining)
    is_ju88 = draw["value"] <= cup["ju88"]
    journal.emit("cup_draw", {"bomber": bomber_id, "rolls": [draw], "k": remaining,
                              "counter": "ju88" if is_ju88 else "other"})
    journal.emit("contact_revealed", {"bomber": bomber_id, "as": "Ju88" if is_ju88 else "other", "reason": reason})
    return is_ju88


def sweep(journal, fighter_id: str, source) -> None:
    """One die per unrevealed token in the Mosquito's wide arc (range ignored); 5–6 reveals."""
    state = journal.state
    arc = wide_arc_unlimited(state, fighter_id)
    tokens = sorted((t for t, tok in state["tokens"].items()
                     if tok["state"] == "on_map" and tok["hex"] in arc and state["bombers"][tok["bomber"]]["contact"]),
                    key=lambda t: state["tokens"][t]["hex"])
    for token_id in tokens:
        if state["tokens"][token_id]["state"] != "on_map":
            continue
        die = roll(journal.rng, "serrate_sweep")
        revealed = die["value"] >= SWEEP_REVEALS_FROM
        journal.emit("serrate_check", {"source": source, "token": token_id, "rolls": [die], "revealed": revealed})
        if revealed:
            reveal(journal, state["tokens"][token_id]["bomber"], "serrate")


def targeted_crowding(state: dict, token_id: str) -> int:
    """−1 if another revealed Ju88 or any unrevealed token lies within 4 hexes."""
    token = state["tokens"][token_id]
    for other in state["tokens"].values():
        if other["state"] != "on_map" or other["bomber"] == token["bomber"]:
            continue
        bomber = state["bombers"][other["bomber"]]
        if (bomber["contact"] or bomber["type"] == "Ju88") and hex_distance(token["hex"], other["hex"]) <= CROWDING_RANGE:
            return 1
    return 0


def revealed_ju88(bomber: dict) -> bool:
    return not bomber["contact"] and bomber["type"] == "Ju88"

