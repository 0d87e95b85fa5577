"""Determinised look-ahead over the dice to come (kit/bots.py "fair by construction").

The only thing a 303 side does not see is the dice to come. The look-ahead samples ``worlds``
of them from the bot's own seed, and plays each of the ``candidates`` best-scored commands in
every world with the engine's ``decide``/``evolve``: both sides then play the careful policy
until the deciding side's next turn begins (so the opponent's answer, its dice included, is
seen), and the position there is evaluated (tactics.evaluate). The same worlds serve every
candidate (common random numbers), so candidates are compared on the same luck. Budgets are
counts, never clock time: the same seed, view and legal actions give the same command.
"""
from __future__ import annotations

import random

from systems.battle303.rules import SYSTEM
from systems.battle303.rules.rules import ATTACK, BOMBER_MOVE, LUFTWAFFE, MOVE, REINFORCEMENT
from .policy import concrete, pick, ranked
from .tactics import evaluate
from .world import sample_dice

# Phases worth looking ahead in (and the bomber's choice of target); repairs (repair all) and
# firing orders are not.
SEARCHED_PHASES = (MOVE, BOMBER_MOVE, REINFORCEMENT)


def lookahead(state: dict, side: str, legal: list[dict], rng: random.Random, *, candidates: int,
              worlds: int, max_steps: int = 60) -> dict:
    searched = state["phase"] in SEARCHED_PHASES or (state["phase"] == ATTACK and side == LUFTWAFFE)
    if len(legal) == 1 or not searched:
        return pick(state, side, legal, rng)
    order = [i for i in ranked(state, side, legal) if not legal[i].get("template")][:candidates]
    if len(order) == 1:
        return legal[order[0]]
    seeds = [f"{rng.getrandbits(64):016x}" for _ in range(worlds)]
    sign = 1.0 if side == LUFTWAFFE else -1.0
    best, best_value = order[0], None
    for i in order:
        value = sum(sign * play_world(state, side, legal[i], seed, max_steps) for seed in seeds)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = i, value
    return concrete(legal[best], rng)


def play_world(state: dict, side: str, command: dict, seed: str, max_steps: int) -> float:
    """``command`` in one sampled world, then careful play until ``side``'s next turn: the value."""
    rng = random.Random(seed)
    left_turn = False
    for step in range(max_steps):
        if step:
            mover = state["side"]
            if mover != side:
                left_turn = True
            elif left_turn:
                break
            legal = SYSTEM.legal_actions(state, mover)
            command = pick(state, mover, legal, rng)
        events = SYSTEM.decide(state, command, state["side"], sample_dice(seed, step))
        for event in events:
            state = SYSTEM.evolve(state, event)
        if state["outcome"]:
            break
    return evaluate(state)
