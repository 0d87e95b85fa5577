"""Searchlight Phase (docs/rules/nightfighter-solo.md §1.10, §3.8; S14.0, S21.0; H9, H23, A18, A19)."""
from __future__ import annotations

from systems.kit.contract import reject
from .environment import ZONE_DICE, cloud_covered, fixed_bomber_in_zone, zone_can_fix
from .location import add_exclusion, location_roll, move_token
from .phantoms import phantom_test
from .randomness import roll_many, values
from .fighter_checks import on_map_token, text_field
from .uncertainty import HIGH, NONE, level


def zone_eligible(state: dict, zone_id: str) -> bool:
    zone = state["zones"][zone_id]
    return (zone["active"] and not cloud_covered(state, zone_id) and zone_id not in state["turn_flags"]["zones_used"]
            and not fixed_bomber_in_zone(state, zone_id))


def check_searchlight(state: dict, command: dict) -> tuple[str, str]:
    zone_id = text_field(command, "zone")
    if zone_id not in state["zones"]:
        reject("unknown_zone", f"no zone {zone_id!r}")
    if not zone_eligible(state, zone_id):
        reject("zone_not_eligible", f"zone {zone_id} cannot search now")
    token_id = on_map_token(state, command)
    if state["tokens"][token_id]["hex"] not in state["zones"][zone_id]["hexes"]:
        reject("token_not_in_zone", f"{token_id} is not in zone {zone_id}")
    bomber_id = state["tokens"][token_id]["bomber"]
    if state["bombers"][bomber_id]["altitude"] == "high" and level(state, bomber_id) != HIGH:
        reject("target_too_high", "searchlights cannot fix a high-altitude bomber")
    return zone_id, token_id


def searchlight_search(journal, command: dict) -> None:
    state = journal.state
    zone_id, token_id = check_searchlight(state, command)
    bomber_id = state["tokens"][token_id]["bomber"]
    journal.emit("searchlight_attempt", {"zone": zone_id, "token": token_id, "stage": "start"})
    if level(state, bomber_id) == HIGH:
        if phantom_test(journal, token_id, f"searchlight:{zone_id}") == "phantom":
            return
        if state["bombers"][bomber_id]["altitude"] == "high":
            return  # S21.0: the phantom test, never a fix
    dice = roll_many(journal.rng, "searchlight", ZONE_DICE[state["zones"][zone_id]["kind"]])
    success = 6 in values(dice)
    journal.emit("searchlight_attempt", {"zone": zone_id, "token": token_id, "stage": "dice", "dice": dice,
                                         "success": success})
    if not success:
        return
    if level(state, bomber_id) == NONE:
        journal.emit("fix_placed", {"bomber": bomber_id, "fix": "searchlight", "by": zone_id,
                                    "hex": state["tokens"][token_id]["hex"]})
        return
    others = [z for z in sorted(state["zones"]) if z != zone_id and zone_can_fix(state, z)]
    area = set(state["zones"][zone_id]["hexes"]).union(*(state["zones"][z]["hexes"] for z in others))
    result = location_roll(journal, token_id, area, f"searchlight:{zone_id}")
    if not result["hit"]:
        add_exclusion(journal, token_id, area)
        return
    fixing = zone_id if result["hex"] in state["zones"][zone_id]["hexes"] else \
        next(z for z in others if result["hex"] in state["zones"][z]["hexes"])
    move_token(journal, token_id, result["hex"], "location")
    if fixing != zone_id:
        journal.emit("searchlight_attempt", {"zone": fixing, "token": token_id, "stage": "fixed_in_other_zone"})
    journal.emit("fix_placed", {"bomber": bomber_id, "fix": "searchlight", "by": fixing, "hex": result["hex"]})
