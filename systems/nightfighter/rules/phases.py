"""Sequence of play and the commands of each phase (docs/rules/nightfighter-solo.md §3.2, §4, §5; B-SEQ, H4)."""
from __future__ import annotations

from systems.kit.contract import reject
from .airborne_radar import ai_search
from .bomber_movement import run_bomber_phase
from .combat import attack, response_tests
from .fighter_movement import (FACINGS, in_deploy_area, maintain_fixes, release_fighter_fixes, trace_path)
from .fighter_checks import active_fighter, text_field
from .radar import resolve_searches, validate_markers, withdraw_untracked
from .randomness import roll
from .scoring import end_night, night_over_reason
from .searchlights import searchlight_search
from .tally import advanced_tally, tally

PHASES = ("movement", "radar", "ai", "searchlight", "tally", "combat")
NEXT_PHASE = {"radar": "ai", "ai": "searchlight", "searchlight": "tally", "tally": "combat"}
COMMAND_PHASES = {
    "deploy_fighter": ("setup",), "start_night": ("setup",),
    "move_fighter": ("movement",), "end_movement": ("movement",),
    "assign_searches": ("radar",), "ai_search": ("ai",), "searchlight_search": ("searchlight",),
    "tally": ("tally",), "advanced_tally": ("tally",), "attack": ("combat",),
    "end_phase": ("radar", "ai", "searchlight", "tally", "combat"),
    "end_night": ("setup",) + PHASES,
}
# The fields each command accepts besides ``type`` (contract.py ``command_fields``); a move
# offered by legal_actions also names where it ends (``to``, ``facing``), which decide ignores.
COMMAND_FIELDS = {kind: frozenset(fields) for kind, fields in {
    "deploy_fighter": ("fighter", "hex", "facing"), "start_night": (),
    "move_fighter": ("fighter", "path", "exit", "to", "facing"), "end_movement": (),
    "assign_searches": ("searches",), "ai_search": ("fighter", "token"), "searchlight_search": ("zone", "token"),
    "tally": ("fighter", "token"), "advanced_tally": ("fighter", "token"), "attack": ("fighter", "token"),
    "end_phase": (), "end_night": (),
}.items()}
# A28: 2d6 weather tables.
RANDOM_VISIBILITY = ((10, "good"), (5, "medium"), (2, "poor"))
RANDOM_MOON = ((5, "none"), (3, "half"), (2, "full"))


def _from_table(total: int, table) -> str:
    return next(name for low, name in table if total >= low)


def deploy_fighter(journal, command: dict) -> None:
    state = journal.state
    fighter_id = text_field(command, "fighter")
    if fighter_id not in state["fighters"]:
        reject("unknown_fighter", f"no fighter {fighter_id!r}")
    hex_, facing = command.get("hex"), command.get("facing")
    if not isinstance(hex_, int) or not isinstance(facing, str) or facing not in FACINGS:
        reject("malformed_command", "hex (CCRR int) and facing (N/NE/SE/S/SW/NW) are required")
    if not in_deploy_area(state, hex_):
        reject("not_in_deploy_area", f"{hex_} is outside the deploy area")
    journal.emit("fighter_deployed", {"fighter": fighter_id, "hex": hex_, "facing": facing})


def start_night(journal, command: dict) -> None:
    state = journal.state
    weather, rolls = dict(state["weather"]), {}
    for key, table in (("visibility", RANDOM_VISIBILITY), ("moon", RANDOM_MOON)):
        if weather[key] == "random":
            dice = [roll(journal.rng, f"weather_{key}"), roll(journal.rng, f"weather_{key}")]
            weather[key] = _from_table(dice[0]["value"] + dice[1]["value"], table)
            rolls[key] = dice
    payload = {"scenario": state["scenario"]["id"], "seed_commitment": state["seed_commitment"], **weather}
    if rolls:
        payload["weather_rolls"] = rolls
    journal.emit("night_started", payload)
    journal.emit("turn_started", {"turn": 1})
    run_bomber_phase(journal)
    journal.emit("phase_started", {"phase": "movement", "turn": 1})


def move_fighter(journal, command: dict) -> None:
    state = journal.state
    fighter_id = active_fighter(state, command)
    if state["fighters"][fighter_id]["moved"]:
        reject("fighter_already_moved", f"{fighter_id} has moved this turn")
    path = command.get("path")
    if isinstance(path, str):
        path = list(path)
    if not isinstance(path, list) or not all(isinstance(letter, str) for letter in path):
        reject("malformed_command", "path is a list of F/L/R")
    exit_ = bool(command.get("exit", False))
    result = trace_path(state, fighter_id, path, exit_)
    if result["exited"]:
        release_fighter_fixes(journal, fighter_id, "fighter_left")
        journal.emit("fighter_exited", {"fighter": fighter_id, "path": path, "hexes": result["hexes"]})
    else:
        journal.emit("fighter_moved", {"fighter": fighter_id, "path": path, "hexes": result["hexes"],
                                       "hex": result["hex"], "facing": result["facing"]})


def end_movement(journal, command: dict) -> None:
    state = journal.state
    waiting = [f for f, fighter in sorted(state["fighters"].items()) if fighter["status"] == "active" and not fighter["moved"]]
    if waiting:
        reject("fighters_not_moved", f"still to move: {', '.join(waiting)}")
    maintain_fixes(journal)
    journal.emit("phase_started", {"phase": "radar", "turn": state["turn"]})


def assign_searches(journal, command: dict) -> None:
    markers = validate_markers(journal.state, command.get("searches", []))
    resolve_searches(journal, markers)
    journal.emit("phase_started", {"phase": "ai", "turn": journal.state["turn"]})


def run_end_phase(journal) -> None:
    state = journal.state
    for fighter_id, fighter in sorted(state["fighters"].items()):
        if fighter["status"] == "damaged":
            journal.emit("fighter_returned", {"fighter": fighter_id})
    journal.emit("exclusions_cleared", {"turn": state["turn"]})
    reason = night_over_reason(state)
    if reason:
        end_night(journal, reason)
        return
    journal.emit("turn_started", {"turn": state["turn"] + 1})
    run_bomber_phase(journal)
    journal.emit("phase_started", {"phase": "movement", "turn": state["turn"]})


def end_phase(journal, command: dict) -> None:
    state = journal.state
    phase = state["phase"]
    if phase == "radar":
        withdraw_untracked(journal)
    if phase == "tally":
        response_tests(journal)
    if phase == "combat":
        run_end_phase(journal)
        return
    journal.emit("phase_started", {"phase": NEXT_PHASE[phase], "turn": state["turn"]})


def concede(journal, command: dict) -> None:
    end_night(journal, "player_ended")


HANDLERS = {
    "deploy_fighter": deploy_fighter, "start_night": start_night, "move_fighter": move_fighter,
    "end_movement": end_movement, "assign_searches": assign_searches, "ai_search": ai_search,
    "searchlight_search": searchlight_search, "tally": tally, "advanced_tally": advanced_tally,
    "attack": attack, "end_phase": end_phase, "end_night": concede,
}
