"""Hypothesis property tests over random legal games (random policy over ``legal_actions``,
``SeededDice``): replay determinism, fuel never below 0, nobody off the board, every night ends,
JSON round trip of state and events."""
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from systems.kit.contract import Event
from systems.kit.dice import SeededDice
from systems.duel.rules import SYSTEM
from systems.duel.rules.board import load_board
from systems.duel.rules.evolve import HANDLERS, RECORD_ONLY

BOARD = load_board()
MAX_COMMANDS = 3000


def random_game(seed: int, setup: dict):
    chooser = random.Random(seed)
    state = SYSTEM.initial_state(setup, None)
    initial, events = state, []
    for n in range(MAX_COMMANDS):
        sides = SYSTEM.to_move(state)
        if not sides:
            return initial, state, events
        side = sides[0]
        actions = [a for a in SYSTEM.legal_actions(state, side) if not a.get("template")]
        assert actions, f"no legal action in step {state['step']}"
        result = SYSTEM.decide(state, chooser.choice(actions), side, SeededDice(f"s{seed}", "prop", n))
        assert isinstance(result, list), result
        for event in result:
            state = SYSTEM.evolve(state, event)
            events.append(event)
            check_invariants(state)
    raise AssertionError("the game did not end")


def check_invariants(state):
    for f in state["fighters"].values():
        assert 0 <= f["fuel"] <= f["fuel_max"]
        if f["hex"] is not None:
            assert f["hex"] in BOARD.grid
    for piece in (state["bomber"], state["mosquito"]):
        assert piece["hex"] is None or piece["hex"] in BOARD.grid
    assert state["mosquito"]["tokens_left"] >= 0


SETUPS = st.sampled_from([
    {}, {"nights": 2}, {"mode": "swap"}, {"mode": "solo"}, {"mode": "solo", "solo_mosquito_heuristic": True},
    {"mode": "solo", "solo_ignore_turn_limit": True, "solo_ground_units": 20},
])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), setup=SETUPS)
def test_random_games_end_replay_and_round_trip(seed, setup):
    initial, final, events = random_game(seed, setup)
    assert SYSTEM.outcome(final) is not None and final["over"]
    assert final["night"] == final["nights_total"]
    replayed = initial
    for event in events:
        assert event.type in HANDLERS or event.type in RECORD_ONLY, event.type
        round_tripped = json.loads(json.dumps(event.payload))
        assert round_tripped == event.payload
        replayed = SYSTEM.evolve(replayed, Event(event.type, round_tripped, event.visibility))
    assert replayed == final
    assert json.loads(json.dumps(final)) == final
    assert sum(1 for e in events if e.type == "NightEnded") == final["nights_total"]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_same_seed_same_game(seed):
    _, a, events_a = random_game(seed, {})
    _, b, events_b = random_game(seed, {})
    assert a == b and [(e.type, e.payload) for e in events_a] == [(e.type, e.payload) for e in events_b]


ADVANCED = {"window": True, "stronger_mosquito": True, "weather_changes": True, "reroute_after_weather_change": True,
            "reroute_after_bombing": True, "medals": True, "shroud": True, "friendly_flak": True, "mw50": True}
EXPANSIONS = {"ju88": True, "walls_have_ears": True, "walls_random_target": True, "railway_flak": True,
              "quad_flak": True, "acoustic_mirror": True, "ace_gunners": True, "british_qf_guns": 1,
              "british_searchlights": 2}
OPTION_SETUPS = st.sampled_from([
    dict(ADVANCED), dict(ADVANCED, players=4, **EXPANSIONS), dict(ADVANCED, players=3, nights=2),
    dict(ADVANCED, players=5, **EXPANSIONS), dict(ADVANCED, mode="swap"), dict(ADVANCED, **EXPANSIONS),
])


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), setup=OPTION_SETUPS)
def test_random_games_with_options_on_end_replay_and_keep_invariants(seed, setup):
    """Same properties with the advanced rules and expansions on (§7, §9): the night ends, fuel ≥ 0,
    everything on the board, the fold of the events reproduces the final state."""
    initial, final, events = random_game(seed, setup)
    assert SYSTEM.outcome(final) is not None
    replayed = initial
    for event in events:
        assert event.type in HANDLERS or event.type in RECORD_ONLY, event.type
        replayed = SYSTEM.evolve(replayed, Event(event.type, json.loads(json.dumps(event.payload)), event.visibility))
    assert replayed == final
    assert json.loads(json.dumps(final)) == final
    assert final["medals"]["british"] >= 0 and final["medals"]["german"] >= 0


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_same_seed_same_game_with_options(seed):
    setup = dict(ADVANCED, players=4, **EXPANSIONS)
    _, a, events_a = random_game(seed, setup)
    _, b, events_b = random_game(seed, setup)
    assert a == b and [(e.type, e.payload) for e in events_a] == [(e.type, e.payload) for e in events_b]
