"""Hypothesis-made command payloads against every registered engine
(contract.py ``decide``; issue 9 "Fuzz").

At several points of a game (reached by the engine's test policy over ``legal_actions``) an
engine given any JSON payload, for any seat, either decides events or rejects with a
``RuleViolation`` — never another exception — and never changes the state it was given.
Accepted events survive a JSON round trip.
"""
from __future__ import annotations

import copy
import importlib
import json
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from systems.kit.contract import RuleViolation, RuleViolationError
from systems.kit.dice import SeededDice
from systems.registry import get_system

# Engine → where its deterministic test policy lives (``policy(view, legal, side) -> command``).
POLICIES = {
    "303": ("tests.rules.battle303.policies", lambda module, side: module.aggressive_raf_policy),
    "duel-in-the-dark": ("tests.rules.duel.policies", lambda module, side: module.policy_for(side)),
    "nightfighter-solo": ("tests.rules.nightfighter.policies", lambda module, side: module.simple_policy),
}
# Commands into the game at which payloads are fuzzed.
CHECKPOINTS = (0, 1, 3, 8, 20, 45)
STREAM = "game-fuzz"
SEED = "fuzz-seed"

json_scalars = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=12)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=12)


@lru_cache(maxsize=None)
def engine_and_checkpoints(name: str):
    """The engine and its states at ``CHECKPOINTS``, with the legal actions offered there."""
    system = get_system(name)
    module_name, pick = POLICIES[name]
    policies = importlib.import_module(module_name)
    state = system.initial_state({}, SeededDice(SEED, STREAM, 1))
    checkpoints, version = [], 1
    for played in range(max(CHECKPOINTS) + 1):
        sides = system.to_move(state)
        if system.outcome(state) is not None or not sides:
            break
        legal = {side: system.legal_actions(state, side) for side in system.sides}
        if played in CHECKPOINTS:
            checkpoints.append((state, legal))
        side = sides[0]
        command = pick(policies, side)(system.view(state, side), legal[side], side)
        events = system.decide(state, command, side, SeededDice(SEED, STREAM, version + 1))
        assert not isinstance(events, RuleViolation), (name, command, events)
        for event in events:
            state = system.evolve(state, event)
        version += len(events)
    return system, checkpoints


def payloads(legal: dict) -> st.SearchStrategy:
    """Random JSON objects, and legal actions with a field dropped or replaced by random JSON."""
    offered = [a for actions in legal.values() for a in actions]
    types = sorted({a.get("type") for a in offered if isinstance(a.get("type"), str)}) or ["none"]
    anything = st.dictionaries(st.text(max_size=10), json_values, max_size=5)
    typed = st.builds(lambda kind, rest: {**rest, "type": kind}, st.sampled_from(types) | st.text(max_size=8), anything)
    if not offered:
        return anything | typed

    def mutate(action: dict, key, value, drop: bool) -> dict:
        changed = dict(action)
        field = sorted(changed)[key % len(changed)] if changed else "type"
        if drop:
            changed.pop(field, None)
        else:
            changed[field] = value
        return changed

    mutated = st.builds(mutate, st.sampled_from(offered), st.integers(0, 50), json_values, st.booleans())
    return anything | typed | mutated | st.sampled_from(offered)


@pytest.mark.parametrize("name", sorted(POLICIES))
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_any_payload_is_decided_or_rejected_and_never_changes_the_state(name, data):
    system, checkpoints = engine_and_checkpoints(name)
    state, legal = data.draw(st.sampled_from(checkpoints), label="checkpoint")
    side = data.draw(st.sampled_from(list(system.sides) + ["referee", "nobody"]), label="side")
    command = data.draw(payloads(legal), label="command")
    before = copy.deepcopy(state)
    try:
        decided = system.decide(state, command, side, SeededDice(SEED, STREAM, 99))
    except RuleViolationError as exc:
        decided = exc.violation
    assert state == before, "decide changed the state it was given"
    if isinstance(decided, RuleViolation):
        assert isinstance(decided.code, str) and decided.code
        return
    for event in decided:
        assert json.loads(json.dumps(event.payload)) == event.payload
