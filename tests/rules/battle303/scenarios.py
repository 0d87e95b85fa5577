"""Test rig for 303 (docs/rules/303.md): hand-placed positions and a one-call command runner."""
from __future__ import annotations

from systems.battle303.rules import SYSTEM
from systems.kit.dice import ScriptedDice

HIT, MISS = 6, 1  # with the default hit faces 4, 5, 6 (parameters.py)
FAR_AWAY = 1109  # a corner of France, away from every scenario


def arrange(positions: dict[str, int], *, side: str = "raf", phase: str = "B", round: int = 1,
            damaged: tuple[str, ...] = (), reserve: list[str] | None = None, **params) -> dict:
    """A state with only the listed aircraft on the board (the bomber defaults to FAR_AWAY)."""
    state = SYSTEM.initial_state(params, None)
    positions = {"bomber": FAR_AWAY, **positions}
    tokens = {}
    for token_id in [*state["tokens"], *(t for t in positions if t not in state["tokens"])]:
        side_of = "luftwaffe" if token_id.startswith(("lw", "bomber")) else "raf"
        kind = "bomber" if token_id == "bomber" else "fighter"
        hex_id = positions.get(token_id)
        status = "destroyed" if hex_id is None else ("damaged" if token_id in damaged else "intact")
        tokens[token_id] = {"id": token_id, "side": side_of, "kind": kind, "hex": hex_id, "status": status}
    state.update(tokens=tokens, side=side, phase=phase, round=round, moved=[], declared=[], bomber_hits=0)
    if reserve is not None:
        state["reserve"] = reserve
    return state


def run(state: dict, side: str, command: dict, faces=()) -> tuple[dict, list]:
    """Decide and fold one command; fails the test on a rejection or unused scripted faces."""
    dice = ScriptedDice(faces)
    events = SYSTEM.decide(state, command, side, dice)
    assert isinstance(events, list), events
    assert len(dice.draws) == len(faces), "scripted faces left unused"
    for event in events:
        state = SYSTEM.evolve(state, event)
    return state, events


def rejection(state: dict, side: str, command: dict) -> str:
    result = SYSTEM.decide(state, command, side, ScriptedDice([]))
    assert not isinstance(result, list), f"accepted: {result}"
    return result.code


def hex_of(state: dict, token_id: str) -> int | None:
    return state["tokens"][token_id]["hex"]


def status_of(state: dict, token_id: str) -> str:
    return state["tokens"][token_id]["status"]
