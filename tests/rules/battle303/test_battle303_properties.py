"""Property tests over random legal 303 games (docs/rules/303.md "End of game"; contract.py determinism).

A random policy picks among ``legal_actions`` (shuffling the firing order) with ``SeededDice``.
"""
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from systems.battle303.rules import SYSTEM
from systems.kit.dice import NoDice, SeededDice
from systems.battle303.rules.rules import LAST_ROUND

GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _random_command(state: dict, side: str, rnd: random.Random) -> dict:
    """A legal action; a template (the firing order left open) filled in as a player would."""
    command = dict(rnd.choice(SYSTEM.legal_actions(state, side)))
    if command.get("template"):
        order = command["choices"]["order"]
        command = dict(command["example"], order=rnd.sample(order, len(order)))
    elif command["type"] == "fire":
        command["order"] = rnd.sample(command["order"], len(command["order"]))
    return command


def _play(seed: int, setup: dict):
    rnd = random.Random(seed)
    initial = SYSTEM.initial_state(setup, NoDice())
    state, events, checks = initial, [], []
    for seq in range(1, 2000):
        if SYSTEM.outcome(state):
            break
        (side,) = SYSTEM.to_move(state)
        command = _random_command(state, side, rnd)
        result = SYSTEM.decide(state, command, side, SeededDice(f"seed-{seed}", "game", seq))
        assert isinstance(result, list), (command, result)  # every legal action is accepted
        for event in result:
            state = SYSTEM.evolve(state, event)
            checks.append(state)
        events.extend(result)
    return initial, state, events, checks


setups = st.fixed_dictionaries({}, optional={
    "bomber_shots": st.integers(0, 3),
    "flythrough_fallback": st.sampled_from(["clockwise", "counterclockwise"]),
    "flythrough_blocked": st.sampled_from(["stay", "nearest_free"]),
})


@GAMES
@given(seed=st.integers(0, 2**32), setup=setups)
def test_random_games_end_with_exactly_one_winner_within_8_rounds(seed, setup):
    _, state, events, _ = _play(seed, setup)
    result = SYSTEM.outcome(state)
    assert result["winner"] in SYSTEM.sides
    assert result["reason"] in {"bomber_reached_london", "bomber_destroyed", "fuel_exhausted"}
    assert state["round"] <= LAST_ROUND
    assert [e.type for e in events].count("GameEnded") == 1 and events[-1].type == "GameEnded"
    assert SYSTEM.to_move(state) == [] and SYSTEM.legal_actions(state, "raf") == []


@GAMES
@given(seed=st.integers(0, 2**32))
def test_one_token_per_hex_in_every_state(seed):
    _, _, _, states = _play(seed, {})
    for state in states:
        hexes = [t["hex"] for t in state["tokens"].values() if t["status"] != "destroyed"]
        assert len(hexes) == len(set(hexes))
        assert None not in hexes


@GAMES
@given(seed=st.integers(0, 2**32))
def test_replaying_the_events_reproduces_the_state_and_json_round_trips(seed):
    initial, final, events, _ = _play(seed, {})
    replayed = initial
    for event in events:
        assert json.loads(json.dumps(event.payload)) == event.payload
        replayed = SYSTEM.evolve(replayed, event)
    assert replayed == final
    assert json.loads(json.dumps(final)) == final
    assert json.loads(json.dumps(SYSTEM.view(final, None))) == SYSTEM.view(final, None)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_same_seed_and_commands_give_the_same_events(seed):
    first = _play(seed, {})[2]
    second = _play(seed, {})[2]
    assert first == second


@GAMES
@given(seed=st.integers(0, 2**32))
def test_folding_an_event_never_changes_an_earlier_state(seed):
    """``evolve`` shares unchanged parts between states (events.py): a shared part must never be
    written to, or a snapshot or the stored head would change under the caller's feet."""
    initial, _, events, states = _play(seed, {})
    frozen = [json.dumps(s, sort_keys=True) for s in [initial, *states]]
    replayed = [initial]
    for event in events:
        replayed.append(SYSTEM.evolve(replayed[-1], event))
    assert [json.dumps(s, sort_keys=True) for s in [initial, *states]] == frozen
    assert [json.dumps(s, sort_keys=True) for s in replayed] == frozen
