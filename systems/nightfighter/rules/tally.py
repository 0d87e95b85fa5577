"""Tally Phase: basic and advanced tallies (docs/rules/nightfighter-solo.md §1.8, §1.11, §3.9; S10.0, S15.0;
H10, H11, A17, A27, B-VIS)."""
from __future__ import annotations

from systems.kit.contract import reject
from .airborne_radar import place_fighter_fix
from .fighter_checks import active_fighter, on_map_token
from .geometry import hex_distance
from .location import add_exclusion, location_roll
from .randomness import roll_many, values
from .search_areas import visibility_set
from .serrate import reveal
from .uncertainty import NONE, level, token_area

VISIBILITY_DICE = {"good": 3, "medium": 2, "poor": 1}
MOON_DICE = {"none": 0, "half": 1, "full": 1}
PILOT_TALLY = {"green": -1, "regular": 0, "veteran": 0, "ace": 1}
ADVANCED_RANGE = {"good": 5, "medium": 3, "poor": 1}  # A27


def basic_tally_dice(state: dict, fighter_id: str) -> int:
    fighter = state["fighters"][fighter_id]
    weather = state["weather"]
    dice = (VISIBILITY_DICE[weather["visibility"]] + MOON_DICE[weather["moon"]] + int(fighter["good_view"])
            + PILOT_TALLY[fighter["pilot"]["level"]])
    return max(1, dice)


def check_tally(state: dict, command: dict) -> tuple[str, str, set[int]]:
    fighter_id = active_fighter(state, command)
    fighter = state["fighters"][fighter_id]
    if fighter["tally"]:
        reject("already_tallying", f"{fighter_id} already holds a Tally")
    if fighter["basic_tally_used"] or fighter["advanced_tally_used"]:
        reject("tally_already_used", f"{fighter_id} has made its tally attempt")
    token_id = on_map_token(state, command)
    seen = visibility_set(state, fighter_id, token_id)
    if not seen & token_area(state, token_id):
        reject("no_overlap", f"{token_id}'s area is outside what {fighter_id} can see")
    return fighter_id, token_id, seen


def tally(journal, command: dict) -> None:
    state = journal.state
    fighter_id, token_id, seen = check_tally(state, command)
    dice = roll_many(journal.rng, "tally", basic_tally_dice(state, fighter_id))
    success = 6 in values(dice)
    journal.emit("tally_attempt", {"fighter": fighter_id, "token": token_id, "kind": "basic", "dice": dice,
                                   "success": success, "area": sorted(seen)})
    if not success:
        return
    bomber_id = state["tokens"][token_id]["bomber"]
    if level(state, bomber_id) == NONE:
        hex_ = state["tokens"][token_id]["hex"]
    else:
        result = location_roll(journal, token_id, seen, "tally")
        if not result["hit"]:
            add_exclusion(journal, token_id, seen)
            return
        hex_ = result["hex"]
    if state["bombers"][bomber_id]["contact"] and not reveal(journal, bomber_id, "visual"):
        return  # H18: a tally identifies the contact; only a Ju88 stays to be tallied
    place_fighter_fix(journal, token_id, "tally", fighter_id, hex_, "tally")


def check_advanced_tally(state: dict, command: dict) -> tuple[str, str, int]:
    fighter_id = active_fighter(state, command)
    fighter = state["fighters"][fighter_id]
    if fighter["tally"]:
        reject("already_tallying", f"{fighter_id} already holds a Tally")
    if fighter["advanced_tally_used"]:
        reject("advanced_tally_used", f"{fighter_id} has made its advanced tally")
    token_id = on_map_token(state, command)
    bomber_id = state["tokens"][token_id]["bomber"]
    bomber = state["bombers"][bomber_id]
    located = fighter["ai_fix"] == bomber_id or bool(bomber["fixes"]["searchlight"])
    if level(state, bomber_id) != NONE or not located:
        reject("target_not_located", "needs this fighter's AI Fix or a Searchlight Fix")
    reach = ADVANCED_RANGE[state["weather"]["visibility"]]
    dist = hex_distance(fighter["hex"], state["tokens"][token_id]["hex"])
    if dist > reach:
        reject("out_of_range", f"advanced tally reaches {reach} hexes, target is {dist} away")
    dice = ((reach + 1 - dist) + int(bool(bomber["fixes"]["searchlight"])) + int(fighter["good_view"])
            + PILOT_TALLY[fighter["pilot"]["level"]])
    return fighter_id, token_id, max(1, dice)


def advanced_tally(journal, command: dict) -> None:
    state = journal.state
    fighter_id, token_id, count = check_advanced_tally(state, command)
    dice = roll_many(journal.rng, "advanced_tally", count)
    success = 6 in values(dice)
    journal.emit("tally_attempt", {"fighter": fighter_id, "token": token_id, "kind": "advanced", "dice": dice,
                                   "success": success})
    if success:
        bomber_id = state["tokens"][token_id]["bomber"]
        journal.emit("fix_placed", {"bomber": bomber_id, "fix": "tally", "by": fighter_id,
                                    "hex": state["tokens"][token_id]["hex"]})
