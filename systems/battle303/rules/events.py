"""Event types of the 303 engine and the fold ``evolve`` (docs/rules/303.md; docs/rules/service.md "Event sourcing").

Every payload carries the full outcome (dice, damage, destination hex), so folding needs no
randomness and no rules knowledge beyond copying facts into the state.
"""
from __future__ import annotations

from systems.kit.contract import Event
from .rules import BOMBER_ID, DESTROYED, FIGHTER, INTACT, OVER, REPAIR

PHASE_STARTED = "PhaseStarted"
ROUND_STARTED = "RoundStarted"
REINFORCEMENT_ARRIVED = "ReinforcementArrived"
REINFORCEMENT_DISCARDED = "ReinforcementDiscarded"
FIGHTERS_REPAIRED = "FightersRepaired"
FIGHTER_MOVED = "FighterMoved"
ATTACKS_ORDERED = "AttacksOrdered"
ATTACK_RESOLVED = "AttackResolved"
BOMBER_MOVED = "BomberMoved"
GAME_ENDED = "GameEnded"
EVENT_TYPES = (PHASE_STARTED, ROUND_STARTED, REINFORCEMENT_ARRIVED, REINFORCEMENT_DISCARDED, FIGHTERS_REPAIRED,
               FIGHTER_MOVED, ATTACKS_ORDERED, ATTACK_RESOLVED, BOMBER_MOVED, GAME_ENDED)


def evolve(state: dict, event: Event) -> dict:
    """The state after ``event``. The input state is not mutated: the new state shares every part
    the event leaves alone and gets fresh copies of the parts it changes (a token, the token map,
    a list), so folding costs what the event touches, not the size of the state."""
    new = dict(state)
    p = event.payload
    kind = event.type
    if kind == PHASE_STARTED:
        new["side"], new["phase"] = p["side"], p["phase"]
        if p["phase"] == REPAIR:  # a side's turn begins: per-turn bookkeeping starts afresh
            new["moved"], new["declared"], new["bomber_hits"] = [], [], 0
    elif kind == ROUND_STARTED:
        new["round"] = p["round"]
    elif kind == REINFORCEMENT_ARRIVED:
        new["reserve"] = _without(state["reserve"], p["fighter"])
        new["tokens"] = {**state["tokens"], p["fighter"]: {
            "id": p["fighter"], "side": p["side"], "kind": FIGHTER, "hex": p["hex"], "status": INTACT,
        }}
    elif kind == REINFORCEMENT_DISCARDED:
        new["reserve"] = _without(state["reserve"], p["fighter"])
    elif kind == FIGHTERS_REPAIRED:
        new["tokens"] = _with_tokens(state, {fighter: {"status": INTACT} for fighter in p["fighters"]})
    elif kind == FIGHTER_MOVED:
        new["tokens"] = _with_tokens(state, {p["fighter"]: {"hex": p["to"]}})
        new["moved"] = [*state["moved"], p["fighter"]]
        if p["shots"]:
            new["declared"] = [*state["declared"], {
                "attacker": p["fighter"], "target": p["target"], "shots": p["shots"], "target_hex": p["target_hex"],
            }]
    elif kind == ATTACKS_ORDERED:
        new["last_dice"] = []
    elif kind == ATTACK_RESOLVED:
        target = {"status": p["target_status"]}
        if p["target_status"] == DESTROYED:
            target["hex"] = None
        new["tokens"] = _with_tokens(state, {p["target"]: target, p["attacker"]: {"hex": p["attacker_to"]}})
        if p["target"] == BOMBER_ID:
            new["bomber_hits"] = state["bomber_hits"] + sum(p["hits"])
        new["last_dice"] = [*state["last_dice"], {
            "attacker": p["attacker"], "target": p["target"], "rolls": p["rolls"], "hits": p["hits"],
        }]
    elif kind == BOMBER_MOVED:
        new["tokens"] = _with_tokens(state, {BOMBER_ID: {"hex": p["to"]}})
    elif kind == GAME_ENDED:
        new["phase"] = OVER
        new["outcome"] = {"winner": p["winner"], "reason": p["reason"]}
    else:
        raise ValueError(f"unknown 303 event type {kind!r}")
    return new


def _without(ids: list[str], token_id: str) -> list[str]:
    kept = list(ids)
    kept.remove(token_id)
    return kept


def _with_tokens(state: dict, changes: dict[str, dict]) -> dict:
    """The token map with each named token replaced by a copy carrying its changed fields."""
    tokens = dict(state["tokens"])
    for token_id, fields in changes.items():
        tokens[token_id] = {**tokens[token_id], **fields}
    return tokens


def apply(state: dict, event: Event) -> None:
    """Folds ``event`` into ``state`` in place (the kit's emitter works on a private copy)."""
    state.update(evolve(state, event))
