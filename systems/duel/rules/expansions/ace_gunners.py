"""Ace gunners — silver and gold ace medals (docs/rules/duel-in-the-dark.md §9.9; A-86–A-90).

Award: ordinary flak tiles (not railway flak, not aces — A-86) hitting the Bomber for ≥ 3 VP in
one hex give the German a silver medal, ≥ 4 VP a gold one instead (``AceMedalAwarded``).
Placement: ``PlaceAceMedal {grade, hex}`` in a later German turn (not in the turn received;
``ace_placement_window_closed``), on any hex outside ``BRIT`` (A-87).  A silver placed in the German
turn fires from the following Bomber move ("after the fighters, before the Bomber"); a gold is
placed "before the Mosquito moves", so it fires from the next round on (engine ruling: placed in
the German turn, active from the next round).  A placed ace is a flak for every purpose with base
2 (searchlights and LOW +2 apply, A-88); it cannot be bombed nor destroyed by medals (A-90).
A gold also fires at the Mosquito ending its move HIGH in its hex (1 VP) — once per round, at
the Bomber or the Mosquito, never both; the German decides at that moment (A-89): step
``gold_ace``, command ``FireGoldAce {fire: bool}`` (designated seat), before the Mosquito drops.  Held medals carry over to later nights; placed aces are removed
at the end of the night.
"""
from __future__ import annotations

from systems.kit.contract import reject
from ..scoring import flak_combat, per_unit, term

SILVER, GOLD = "silver", "gold"
SILVER_FROM, GOLD_FROM = 3, 4
GOLD_V_MOSQUITO_VP = 1


def ready(state: dict, ace: dict) -> bool:
    return ace["active_round"] <= state["round"] and ace["fired_round"] != state["round"]


def award_after_flak(em, hex_id: int) -> None:
    if not em.state["setup"]["ace_gunners"]:
        return
    ordinary = flak_combat(em.state, hex_id, ordinary_only=True)
    vp = ordinary[0] if ordinary else 0
    grade = GOLD if vp >= GOLD_FROM else SILVER if vp >= SILVER_FROM else None
    if grade:
        em.emit("AceMedalAwarded", {"grade": grade, "hex": hex_id, "flak_vp": vp})


def mark_fired_at_bomber(em, hex_id: int) -> None:
    fired = sorted(aid for aid, a in em.state["aces"].items() if a["hex"] == hex_id and a["grade"] == GOLD
                   and ready(em.state, a))
    if fired:
        em.emit("AceFired", {"aces": fired, "target": "bomber"})


def gold_aces_facing_mosquito(state: dict) -> list[str]:
    """Ready gold aces in the hex of a HIGH airborne Mosquito (A-89)."""
    m = state["mosquito"]
    if m["state"] != "airborne" or m["altitude"] != "HIGH":
        return []
    return sorted(aid for aid, a in state["aces"].items() if a["hex"] == m["hex"] and a["grade"] == GOLD
                  and ready(state, a))


def offer_mosquito_shot(em) -> None:
    """After the Mosquito's move: the German decides whether the gold fires at it (step ``gold_ace``)."""
    if gold_aces_facing_mosquito(em.state):
        em.emit("PhaseStarted", {"phase": 6, "step": "gold_ace"})


def decide_mosquito_shot(em, board, command: dict, rng) -> None:
    """``FireGoldAce {fire: bool}``: fire at the Mosquito now, or keep the gold for the Bomber."""
    fire = command.get("fire")
    if not isinstance(fire, bool):
        reject("malformed_command", "fire must be true or false")
    if fire:
        fire_at_mosquito(em)
    em.emit("PhaseStarted", {"phase": 6, "step": "mosquito_drop"})


def fire_at_mosquito(em) -> None:
    """§9.9: 1 VP per gold ace firing at the HIGH Mosquito; it has then fired for the round."""
    fired = gold_aces_facing_mosquito(em.state)
    if fired:
        em.emit("AceFired", {"aces": fired, "target": "mosquito"})
        em.score("german", GOLD_V_MOSQUITO_VP * len(fired),
                 [term("9.9:gold_ace", GOLD_V_MOSQUITO_VP, per_unit("ace", a, grade="gold")) for a in fired],
                 "gold ace v Mosquito")


def place(em, board, command: dict, rng) -> None:
    s = em.state
    if not s["setup"]["ace_gunners"]:
        reject("option_not_enabled", "ace gunners (§9.9) are not in use")
    grade, hex_id = command.get("grade"), command.get("hex")
    if grade not in (SILVER, GOLD):
        reject("malformed_command", "grade must be silver or gold")
    if s["ace_medals"][grade] < 1:
        reject("ace_medal_not_held", f"no {grade} ace medal held")
    if s["ace_medals"][grade] - s["ace_fresh"][grade] < 1:
        reject("ace_placement_window_closed", "an ace medal is placed in a later turn than it was received")
    if not isinstance(hex_id, int) or isinstance(hex_id, bool) or hex_id not in board.grid:
        reject("hex_not_on_board", f"hex {hex_id!r} is not on the board")
    if hex_id in board.brit_hexes:
        reject("ground_unit_forbidden_hex", f"hex {hex_id} is a British/sea hex (A-87)")
    n = sum(1 for aid in s["aces"]) + 1
    active = s["round"] + 1 if grade == GOLD else s["round"]
    em.emit("AceGunnerPlaced", {"ace": f"ace{n}", "grade": grade, "hex": hex_id, "active_round": active})


def shot_suggestions(state: dict, board) -> list[dict]:
    return [{"type": "FireGoldAce", "fire": True}, {"type": "FireGoldAce", "fire": False}]


def suggestions(state: dict, board) -> list[dict]:
    if not state["setup"]["ace_gunners"]:
        return []
    out = []
    for grade in (SILVER, GOLD):
        if state["ace_medals"][grade] - state["ace_fresh"][grade] >= 1:
            b = state["bomber"]
            hexes = sorted(h for h in board.within(b["hex"], 1) if h not in board.brit_hexes) if b["hex"] else []
            out += [{"type": "PlaceAceMedal", "grade": grade, "hex": h} for h in hexes]
    return out


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _ace_medal_awarded(s, p):
    s["ace_medals"][p["grade"]] += 1
    s["ace_fresh"][p["grade"]] += 1


def _ace_gunner_placed(s, p):
    s["ace_medals"][p["grade"]] -= 1
    s["aces"][p["ace"]] = {"grade": p["grade"], "hex": p["hex"], "active_round": p["active_round"],
                           "fired_round": None}


def _ace_fired(s, p):
    for aid in p["aces"]:
        s["aces"][aid]["fired_round"] = s["round"]


EVOLVE = {
    "AceMedalAwarded": _ace_medal_awarded,
    "AceGunnerPlaced": _ace_gunner_placed,
    "AceFired": _ace_fired,
}
