"""One fold for both halves (contract.py; systems/kit/emitter.py): over random legal play of every
engine, folding the events ``decide`` returned — as the store gives them back — onto the state it
was given reproduces exactly the emitter's working state its rules read, every type is one the
engine folds or records, and neither ``decide`` nor ``evolve`` changes the state it is given."""
import json
import random
from contextlib import contextmanager
from unittest import mock

from hypothesis import HealthCheck, given, settings, strategies as st

from systems.battle303.rules import SYSTEM as BATTLE303
from systems.battle303.rules.events import EVENT_TYPES as BATTLE303_EVENTS
from systems.duel.rules import SYSTEM as DUEL
from systems.duel.rules.evolve import HANDLERS as DUEL_HANDLERS, RECORD_ONLY as DUEL_RECORD_ONLY
from systems.kit.contract import Event
from systems.kit.dice import SeededDice
from systems.kit.emitter import Emitter
from systems.nightfighter.rules import SYSTEM as NIGHTFIGHTER
from systems.nightfighter.rules.apply import EVOLVE as NIGHTFIGHTER_EVOLVE, RECORD_ONLY as NIGHTFIGHTER_RECORD_ONLY

GAMES = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_COMMANDS = 4000


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True)


@contextmanager
def emitters_made():
    """Every emitter built meanwhile (Duel's, 303's, Nightfighter's Journal: all the kit's)."""
    made, build = [], Emitter.__init__

    def recording(self, *args, **kwargs):
        build(self, *args, **kwargs)
        made.append(self)

    with mock.patch.object(Emitter, "__init__", recording):
        yield made


def play_and_check(system, known_types, state, choose, seed):
    """Random legal play to the end; after each command the fold of its events is compared."""
    chooser = random.Random(seed)
    for n in range(MAX_COMMANDS):
        sides = system.to_move(state)
        if not sides:
            return state
        side = sides[0]
        command = choose(state, side, chooser)
        before = canonical(state)
        with emitters_made() as made:
            result = system.decide(state, command, side, SeededDice(f"fold{seed}", "play", n))
        assert isinstance(result, list), (command, result)
        (em,) = [e for e in made if e.events is result]
        folded = state
        for event in result:
            assert event.type in known_types, event.type
            stored = Event(event.type, json.loads(json.dumps(event.payload)), event.visibility)
            folded = system.evolve(folded, stored)
        assert canonical(folded) == canonical(em.state), (command, [e.type for e in result])
        assert canonical(state) == before, "decide or evolve changed the state it was given"
        state = folded
    raise AssertionError("the game did not end")


# Duel in the Dark, with the advanced rules and expansions whose folds live in their own modules.
ADVANCED = {"window": True, "stronger_mosquito": True, "weather_changes": True, "reroute_after_weather_change": True,
            "reroute_after_bombing": True, "medals": True, "shroud": True, "friendly_flak": True, "mw50": True}
EXPANSIONS = {"ju88": True, "walls_have_ears": True, "walls_random_target": True, "railway_flak": True,
              "quad_flak": True, "acoustic_mirror": True, "ace_gunners": True, "british_qf_guns": 1,
              "british_searchlights": 2}
DUEL_SETUPS = st.sampled_from([{}, {"mode": "solo"}, dict(ADVANCED, **EXPANSIONS), dict(ADVANCED, players=4, **EXPANSIONS),
                               dict(ADVANCED, mode="swap")])


def duel_command(state, side, chooser):
    return chooser.choice([a for a in DUEL.legal_actions(state, side) if not a.get("template")])


@GAMES
@given(seed=st.integers(0, 10**6), setup=DUEL_SETUPS)
def test_duel_folds_what_its_rules_saw(seed, setup):
    final = play_and_check(DUEL, DUEL_HANDLERS.keys() | DUEL_RECORD_ONLY, DUEL.initial_state(setup, None),
                           duel_command, seed)
    assert DUEL.outcome(final) is not None


def battle303_command(state, side, chooser):
    command = dict(chooser.choice(BATTLE303.legal_actions(state, side)))
    if command.get("template"):  # the firing order left open: a player's order
        order = command["choices"]["order"]
        command = dict(command["example"], order=chooser.sample(order, len(order)))
    return command


@GAMES
@given(seed=st.integers(0, 10**6), bomber_shots=st.integers(0, 2))
def test_303_folds_what_its_rules_saw(seed, bomber_shots):
    final = play_and_check(BATTLE303, set(BATTLE303_EVENTS), BATTLE303.initial_state({"bomber_shots": bomber_shots}),
                           battle303_command, seed)
    assert BATTLE303.outcome(final) is not None


def nightfighter_command(state, side, chooser):
    actions = [a for a in NIGHTFIGHTER.legal_actions(state, side) if a["type"] not in ("end_night", "deploy_fighter")]
    return {k: v for k, v in chooser.choice(actions).items() if k not in ("to", "facing")}


@GAMES
@given(seed=st.integers(0, 10**6), scenario=st.sampled_from(["HS1", "HS3", "HS4", "HB2", "HS8"]))
def test_nightfighter_folds_what_its_rules_saw(seed, scenario):
    final = play_and_check(NIGHTFIGHTER, NIGHTFIGHTER_EVOLVE.keys() | NIGHTFIGHTER_RECORD_ONLY,
                           NIGHTFIGHTER.initial_state({"scenario": scenario}), nightfighter_command, seed)
    assert NIGHTFIGHTER.outcome(final) is not None
