"""Test rigs: nights built straight from state dicts, and scripted dice runs (docs/rules/nightfighter-solo.md §6)."""
from __future__ import annotations

from systems.kit.contract import RuleViolation
from systems.kit.dice import ScriptedDice
from systems.nightfighter.rules import SYSTEM
from systems.nightfighter.rules.state import _bomber


def night(fighters=(), radars=(), zones=(), clouds=(), visibility="medium", moon="none", options=None,
          ai_jamming="none", phase="ai", turn=1, bombers=()):
    scenario = {"id": "TEST", "turns": 24, "kills_target": 1, "visibility": visibility, "moon": moon,
                "fighters": [{"facing": "S", **f} for f in fighters], "bombers": list(bombers),
                "radars": list(radars), "zones": list(zones), "cloud_hexes": list(clouds), "ai_jamming": ai_jamming}
    state = SYSTEM.initial_state({"scenario": scenario, "options": options or {}})
    state.update(phase=phase, turn=turn)
    return state


def add_bomber(state, bomber_id, hexes, level="MEDIUM", type_="Medium bomber", pending=0, exited=0, h2s=False,
               altitude="normal"):
    bomber = _bomber({"id": bomber_id, "type": type_, "turn": 1, "h2s": h2s, "altitude": altitude}, state["options"])
    bomber["status"] = "in_play"
    if level in ("LOW", "NONE"):
        bomber.update(track="under", track_ever=True)
    if level == "NONE":
        bomber["track"] = "on"
    tokens = [(h, "on_map") for h in hexes] + [(None, "pending")] * pending + [(None, "exited")] * exited
    for i, (hex_, kind) in enumerate(tokens, start=1):
        token_id = f"{bomber_id}{i}" if len(tokens) > 1 else bomber_id
        state["tokens"][token_id] = {"bomber": bomber_id, "state": kind, "hex": hex_, "entry_turn": 1, "column": 4}
        bomber["tokens"].append(token_id)
    state["bombers"][bomber_id] = bomber
    return state


def fighter(id_, type_, hex_, facing="S", **extra):
    return {"id": id_, "type": type_, "hex": hex_, "facing": facing, **extra}


def run(state, command, dice, side="player"):
    """Decide with scripted dice (all of which must be used) and fold; returns (events, new state)."""
    rng = ScriptedDice(dice)
    events = SYSTEM.decide(state, command, side, rng)
    assert not isinstance(events, RuleViolation), events
    assert not rng._faces, f"unused dice {rng._faces}"
    for event in events:
        state = SYSTEM.evolve(state, event)
    return events, state


def refused(state, command, dice=()):
    result = SYSTEM.decide(state, command, "player", ScriptedDice(list(dice)))
    assert isinstance(result, RuleViolation), result
    return result.code


def of_type(events, type_):
    return [e.payload for e in events if e.type == type_]
