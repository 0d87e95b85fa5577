"""Campaign logic (docs/rules/nightfighter-solo.md §3.14, H21): pure functions over a JSON campaign state.

The service keeps the campaign as its own event stream and each night as a child game; it calls
:func:`campaign_initial`, :func:`assign_pilots`, :func:`next_night_setup` (setup for
``SYSTEM.initial_state``), :func:`record_night` (with ``SYSTEM.outcome`` of the finished night),
:func:`campaign_standing` and :func:`campaign_over`.
"""
from __future__ import annotations

import copy

from systems.kit.contract import reject
from .scenarios import load_scenario
from .state import PILOT_LEVELS

DEFAULT_LADDER = ("HS1", "HS2", "HS3", "HS4", "HS5", "HS6")
DEFAULT_ROSTER = (("P1", "veteran"), ("P2", "regular"), ("P3", "regular"), ("P4", "green"))
RATINGS = ((3.0, "decisive"), (1.5, "successful"), (0.0, "marginal"))
GREEN_PROMOTION_KILLS, GREEN_PROMOTION_NIGHTS = 1, 2
VETERAN_AT_KILLS, ACE_AT_KILLS = 3, 6


def _pilot(level: str) -> dict:
    return {"level": level, "kills": 0, "nights": 0, "status": "available", "misses_night": None}


def campaign_initial(setup: dict | None = None) -> dict:
    setup = setup or {}
    ladder = list(setup.get("ladder", DEFAULT_LADDER))
    for scenario in ladder:
        load_scenario({"scenario": scenario})  # fail early on an unknown id
    roster = setup.get("roster") or [{"id": p, "level": lvl} for p, lvl in DEFAULT_ROSTER]
    pilots = {}
    for entry in roster:
        if entry.get("level", "regular") not in PILOT_LEVELS:
            reject("malformed_command", f"unknown pilot level {entry.get('level')!r}")
        pilots[entry["id"]] = _pilot(entry.get("level", "regular"))
    return {"ladder": ladder, "night": 0, "pilots": pilots, "results": [], "assignment": None, "replacements": 0}


def _slots(state: dict) -> list[str]:
    scenario = load_scenario({"scenario": state["ladder"][state["night"]]})
    return [f["id"] for f in scenario["fighters"]]


def available_pilots(state: dict) -> list[str]:
    """Available pilots, best experience first (then most kills, then id)."""
    ready = [p for p, data in state["pilots"].items()
             if data["status"] == "available" and data["misses_night"] != state["night"]]
    return sorted(ready, key=lambda p: (-PILOT_LEVELS.index(state["pilots"][p]["level"]), -state["pilots"][p]["kills"], p))


def assign_pilots(state: dict, assignment: dict[str, str]) -> dict:
    if campaign_over(state):
        reject("campaign_state", "the campaign is over")
    slots, ready = _slots(state), available_pilots(state)
    if set(assignment) - set(slots):
        reject("malformed_command", f"slots are {slots}")
    chosen = list(assignment.values())
    if len(set(chosen)) != len(chosen) or any(p not in ready for p in chosen):
        reject("pilot_unavailable", "each slot needs a different available pilot")
    new = copy.deepcopy(state)
    new["assignment"] = dict(assignment)
    return new


def _filled_assignment(state: dict) -> tuple[dict, dict]:
    """The chosen assignment, completed best-first, with green replacements for empty slots."""
    state = copy.deepcopy(state)
    assignment = dict(state["assignment"] or {})
    spare = [p for p in available_pilots(state) if p not in assignment.values()]
    for slot in _slots(state):
        if slot in assignment:
            continue
        if not spare:
            state["replacements"] += 1
            new_id = f"R{state['replacements']}"
            state["pilots"][new_id] = _pilot("green")
            spare.append(new_id)
        assignment[slot] = spare.pop(0)
    return state, assignment


def next_night_setup(state: dict, night_outcome: dict | None = None) -> dict:
    """Setup for ``SYSTEM.initial_state`` of the next night (recording ``night_outcome`` first if given)."""
    if night_outcome is not None:
        state = record_night(state, night_outcome)
    if campaign_over(state):
        reject("campaign_state", "the campaign is over")
    state, assignment = _filled_assignment(state)
    return {
        "scenario": state["ladder"][state["night"]],
        "pilots": {slot: {"id": p, "level": state["pilots"][p]["level"]} for slot, p in assignment.items()},
        "campaign": {"night": state["night"] + 1, "of": len(state["ladder"])},
    }


def _promote(pilot: dict) -> None:
    """At most one step a night (H21)."""
    level = pilot["level"]
    if level == "green" and (pilot["kills"] >= GREEN_PROMOTION_KILLS or pilot["nights"] >= GREEN_PROMOTION_NIGHTS):
        pilot["level"] = "regular"
    elif level == "regular" and pilot["kills"] >= VETERAN_AT_KILLS:
        pilot["level"] = "veteran"
    elif level == "veteran" and pilot["kills"] >= ACE_AT_KILLS:
        pilot["level"] = "ace"


def record_night(state: dict, night_outcome: dict) -> dict:
    """Carry a finished night's results over: VP, kills, nights flown, fates, promotions."""
    if campaign_over(state):
        reject("campaign_state", "the campaign is over")
    new, _ = _filled_assignment(state)
    for entry in night_outcome.get("pilots", {}).values():
        pilot_id = entry.get("pilot")
        if pilot_id not in new["pilots"]:
            continue
        pilot = new["pilots"][pilot_id]
        pilot["kills"] += entry["kills"]
        pilot["nights"] += 1
        if entry["fate"] == "killed":
            pilot["status"] = "killed"
            continue
        if entry["fate"] == "wounded":
            pilot["misses_night"] = new["night"] + 1
        _promote(pilot)
    new["results"].append({"scenario": new["ladder"][new["night"]], "vp": night_outcome["vp"],
                           "kills": night_outcome["kills"], "won": night_outcome["won"]})
    new["night"] += 1
    new["assignment"] = None
    return new


def campaign_over(state: dict) -> bool:
    return state["night"] >= len(state["ladder"])


def rating(vp_per_night: float) -> str:
    return next((name for floor, name in RATINGS if vp_per_night >= floor), "failure")


def campaign_standing(state: dict) -> dict:
    score = sum(r["vp"] for r in state["results"])
    played = len(state["results"])
    per_night = score / played if played else 0.0
    return {
        "score": score, "nights_played": played, "nights_total": len(state["ladder"]),
        "vp_per_night": per_night, "rating": rating(per_night) if played else None,
        "over": campaign_over(state), "results": state["results"],
        "pilots": {p: dict(d) for p, d in sorted(state["pilots"].items())},
    }
