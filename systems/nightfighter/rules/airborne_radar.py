"""AI Search Phase (docs/rules/nightfighter-solo.md §1.13, S19.0, S24.0 jammed AI, H12, H24, A13)."""
from __future__ import annotations

from systems.kit.contract import reject
from .fighter_checks import active_fighter, on_map_token
from .location import add_exclusion, location_roll, move_token
from .phantoms import phantom_test
from .randomness import roll_many, values
from .search_areas import fighter_ai_area
from .uncertainty import HIGH, NONE, level, token_area

JAMMED_AI_DICE = {"light": 2, "heavy": 1}  # H12


def ai_jamming(state: dict, fighter_id: str) -> str:
    own = state["fighters"][fighter_id]["ai"].get("jamming")
    return own or state["scenario"]["ai_jamming"]


def check_ai_search(state: dict, command: dict) -> tuple[str, str, set[int]]:
    fighter_id = active_fighter(state, command)
    fighter = state["fighters"][fighter_id]
    if not fighter["ai"]:
        reject("no_ai", f"{fighter_id} carries no AI radar")
    if fighter["ai_used"]:
        reject("ai_already_used", f"{fighter_id} has made its AI attempt this turn")
    if fighter["ai_fix"]:
        reject("holds_ai_fix", f"{fighter_id} already holds an AI Fix")
    token_id = on_map_token(state, command)
    area = fighter_ai_area(state, fighter_id)
    if not area & token_area(state, token_id):
        reject("no_overlap", f"{token_id}'s area is outside {fighter_id}'s AI area")
    return fighter_id, token_id, area


def place_fighter_fix(journal, token_id: str, fix: str, fighter_id: str, hex_: int, method: str) -> None:
    """A located token: the phantom test first if HIGH (A13), then move and mark it."""
    state = journal.state
    bomber_id = state["tokens"][token_id]["bomber"]
    if level(state, bomber_id) == HIGH and phantom_test(journal, token_id, method) == "phantom":
        return
    move_token(journal, token_id, hex_, "location")
    journal.emit("fix_placed", {"bomber": bomber_id, "fix": fix, "by": fighter_id, "hex": hex_})


def ai_search(journal, command: dict) -> None:
    state = journal.state
    fighter_id, token_id, area = check_ai_search(state, command)
    jamming = ai_jamming(state, fighter_id)
    dice = roll_many(journal.rng, "ai_jammed", JAMMED_AI_DICE[jamming]) if jamming in JAMMED_AI_DICE else []
    detected = not dice or 6 in values(dice)
    journal.emit("ai_attempt", {"fighter": fighter_id, "token": token_id, "jamming": jamming, "dice": dice,
                                "detected": detected, "area": sorted(area)})
    if not detected:
        return  # S24.0: no location roll and no exclusion
    bomber_id = state["tokens"][token_id]["bomber"]
    if level(state, bomber_id) == NONE:
        place_fighter_fix(journal, token_id, "ai", fighter_id, state["tokens"][token_id]["hex"], "ai")
        return
    result = location_roll(journal, token_id, area, "ai")
    if result["hit"]:
        place_fighter_fix(journal, token_id, "ai", fighter_id, result["hex"], "ai")
    else:
        add_exclusion(journal, token_id, area)
