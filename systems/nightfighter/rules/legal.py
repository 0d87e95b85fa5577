"""Command templates for a UI or a bot (docs/rules/nightfighter-solo.md §5). Never draws dice.

Every entry is a complete command that ``decide`` accepts as is (extra keys such as ``to`` and
``facing`` on moves are informative), except the ``deploy_fighter`` form marked ``template``.
"""
from __future__ import annotations

import itertools

from systems.kit.contract import RuleViolationError
from .airborne_radar import check_ai_search
from .combat import check_attack
from .fighter_movement import trace_path
from .radar import DEVICES, validate_markers
from .searchlights import check_searchlight
from .tally import check_advanced_tally, check_tally


def _valid(check, state, command) -> bool:
    try:
        check(state, command)
    except RuleViolationError:
        return False
    return True


def _paths(speed: int):
    """F/L/R strings with 1..speed Fs and at most one turn between them (B-TURN)."""
    for forwards in range(1, speed + 1):
        for turns in itertools.product(("", "L", "R"), repeat=forwards + 1):
            path = []
            for i, t in enumerate(turns):
                path += [t] if t else []
                if i < forwards:
                    path.append("F")
            yield path


def movement_templates(state: dict, fighter_id: str) -> list[dict]:
    """One path per distinct end (hex, facing), plus one exit if any path leaves the map."""
    seen, out, exit_found = set(), [], False
    for path in _paths(state["fighters"][fighter_id]["speed_max"]):
        for exit_ in ((False, True) if path[-1] == "F" else (False,)):
            try:
                result = trace_path(state, fighter_id, path, exit_)
            except RuleViolationError:
                continue
            if exit_:
                if not exit_found:
                    exit_found = True
                    out.append({"type": "move_fighter", "fighter": fighter_id, "path": path, "exit": True})
                continue
            key = (result["hex"], result["facing"])
            if key not in seen:
                seen.add(key)
                out.append({"type": "move_fighter", "fighter": fighter_id, "path": path,
                            "to": result["hex"], "facing": result["facing"]})
    return out


def _search_sources(state: dict) -> list:
    sources: list = sorted(state["radars"])
    for fid, f in sorted(state["fighters"].items()):
        fitted = [d for d in DEVICES if (d.startswith("serrate") and "serrate" in f["devices"]) or d in f["devices"]]
        sources += [[fid, d] for d in fitted if f["status"] == "active"]
    return sources


def legal_actions(state: dict, side: str) -> list[dict]:
    if side != "player" or state["phase"] == "over":
        return []
    phase = state["phase"]
    active = [f for f, fighter in sorted(state["fighters"].items()) if fighter["status"] == "active"]
    tokens = sorted(t for t, tok in state["tokens"].items() if tok["state"] == "on_map")
    actions: list[dict] = []
    if phase == "setup":
        # A fill-in form (marked "template"): every other entry is a complete command.
        actions.append({"type": "deploy_fighter", "template": True, "fighter": None, "hex": None, "facing": None,
                        "fighters": sorted(state["fighters"]), "deploy_area": state["scenario"]["deploy_area"]})
        actions.append({"type": "start_night"})
    elif phase == "movement":
        for fid in active:
            if not state["fighters"][fid]["moved"]:
                actions += movement_templates(state, fid)
        if all(state["fighters"][f]["moved"] for f in active):
            actions.append({"type": "end_movement"})
    elif phase == "radar":
        actions.append({"type": "assign_searches", "searches": []})
        for source in _search_sources(state):
            if source[-1] == "serrate_sweep":
                actions.append({"type": "assign_searches", "searches": [{"source": source}]})
                continue
            for token in tokens:
                searches = [{"source": source, "token": token}]
                if _valid(validate_markers, state, searches):
                    actions.append({"type": "assign_searches", "searches": searches})
    elif phase == "ai":
        actions += [{"type": "ai_search", "fighter": f, "token": t} for f in active for t in tokens
                    if _valid(check_ai_search, state, {"fighter": f, "token": t})]
    elif phase == "searchlight":
        actions += [{"type": "searchlight_search", "zone": z, "token": t} for z in sorted(state["zones"]) for t in tokens
                    if _valid(check_searchlight, state, {"zone": z, "token": t})]
    elif phase == "tally":
        for kind, check in (("tally", check_tally), ("advanced_tally", check_advanced_tally)):
            actions += [{"type": kind, "fighter": f, "token": t} for f in active for t in tokens
                        if _valid(check, state, {"fighter": f, "token": t})]
    elif phase == "combat":
        actions += [{"type": "attack", "fighter": f, "token": t} for f in active for t in tokens
                    if _valid(check_attack, state, {"fighter": f, "token": t})]
    if phase in ("radar", "ai", "searchlight", "tally", "combat"):
        actions.append({"type": "end_phase"})
    actions.append({"type": "end_night"})
    return actions
