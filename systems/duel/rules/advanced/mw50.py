"""Advanced rule 7 — MW-50 special fuel (docs/rules/duel-in-the-dark.md §7.8, §9.3; C-25, A-16, A-29, A-33).

Assignment in phase 1 (A-16) with ``PlaceFighters {..., mw50_fighter}``: one token on an Me 110
(never the Do 217 or the Ju 88; ``mw50_not_eligible``).  In the 3–5 player variant [IT Esp.
3–5]: 3 players — only the seat with two Me 110 receives a token and chooses the fighter; 4 and 5
players — every Me 110 receives one (automatically).  Use: ``MoveFighter {..., use_mw50: true}``
with exactly 2 steps in any directions, each at its wind cost (2+2 normal, 1+1 tail, 3+3 head),
outside the 3-line cap (A-33); on a take-off turn the fighter ends LOW (A-29).  The token turns
"empty"; it is recharged when the fighter lands (2 players) or stays empty for the night (3–5).
"""
from __future__ import annotations

from systems.kit.contract import reject
from ..wind import step_cost

CHARGED, EMPTY = "charged", "empty"
ME110 = "Me 110"
MW50_STEPS = 2


def eligible(state: dict, fid: str) -> bool:
    return state["fighters"][fid]["type"] == ME110


def automatic_holders(state: dict) -> list[str] | None:
    """Fighters that receive a token without a choice (4–5 players), else None (seat chooses)."""
    if state["setup"]["players"] in (4, 5):
        return sorted(fid for fid in state["fighters"] if eligible(state, fid))
    return None


def choosing_seat(state: dict, seat: str, own: list[str]) -> bool:
    """Does ``seat`` place a token by choice? (2 players: the German; 3 players: two Me 110.)"""
    if not state["setup"]["mw50"] or automatic_holders(state) is not None:
        return False
    return state["setup"]["players"] == 2 or sum(1 for f in own if eligible(state, f)) >= 2


def assignment(state: dict, seat: str, own: list[str], choice) -> list[str]:
    """The fighters of ``seat`` that get a token this night (validates ``mw50_fighter``)."""
    if not state["setup"]["mw50"]:
        if choice is not None:
            reject("option_not_enabled", "MW-50 (advanced rule 7) is not in use")
        return []
    auto = automatic_holders(state)
    if auto is not None:
        if choice is not None:
            reject("mw50_not_eligible", "in this variant every Me 110 receives its own token (§9.3)")
        return [f for f in auto if f in own]
    if not choosing_seat(state, seat, own):
        if choice is not None:
            reject("mw50_not_eligible", "this seat receives no MW-50 token (§9.3)")
        return []
    if choice is None:
        choice = next((f for f in sorted(own) if eligible(state, f)), None)
        return [choice] if choice else []
    if choice not in own or not eligible(state, choice):
        reject("mw50_not_eligible", f"MW-50 goes on one of your Me 110s, not {choice!r} (§7.8)")
    return [choice]


def cost(state: dict, fid: str, directions: list[str]) -> int:
    if not state["setup"]["mw50"]:
        reject("option_not_enabled", "MW-50 (advanced rule 7) is not in use")
    if state["fighters"][fid]["mw50"] != CHARGED:
        reject("mw50_not_available", f"fighter {fid} has no charged MW-50 token")
    if len(directions) != MW50_STEPS:
        reject("malformed_command", "an MW-50 move has exactly 2 steps")
    wind = state["weather"]["wind"]
    return sum(step_cost(d, wind, state["setup"]["crosswind_fuel_cost"]) for d in directions)


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _mw50_assigned(s, p):
    for fid in p["fighters"]:
        s["fighters"][fid]["mw50"] = "charged"


def _mw50_used(s, p):
    s["fighters"][p["fighter"]]["mw50"] = "empty"


EVOLVE = {
    "MW50Assigned": _mw50_assigned,
    "MW50Used": _mw50_used,
}
