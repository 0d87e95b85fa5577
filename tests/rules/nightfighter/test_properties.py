"""Invariants under random dice and random legal play (docs/rules/nightfighter-solo.md §1.2–§1.4,
§2.4, §2.5, §2.9, S5.4)."""
import json
import random
from contextlib import contextmanager

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from systems.kit.contract import RuleViolation
from systems.kit.dice import ScriptedDice, SeededDice
from systems.nightfighter.rules import SYSTEM
from systems.nightfighter.rules.geometry import cell_of
from systems.nightfighter.rules.journal import Journal
from systems.nightfighter.rules.location import location_roll
from systems.nightfighter.rules.patterns import low_cells, medium_cells
from systems.nightfighter.rules.radar import displace
from systems.nightfighter.rules.uncertainty import live_tokens

from .builders import add_bomber, night

hexes = st.builds(lambda c, r: c * 100 + r, st.integers(1, 18), st.integers(1, 27))
dice = st.lists(st.integers(1, 6), min_size=60, max_size=60)


@contextmanager
def script_long_enough():
    """A script that keeps re-rolling blocked hexes (A11) past its 60 faces gives no verdict."""
    try:
        yield
    except AssertionError as exc:
        if "ran out of faces" not in str(exc):
            raise
        reject()


def located(level, token_hex, others, excluded, faces):
    state = add_bomber(night(), "B1", [token_hex], level=level)
    for i, h in enumerate(others):
        if h != token_hex:
            state = add_bomber(state, f"O{i}", [h])
    state["exclusions"]["B1"] = sorted(excluded)
    journal = Journal(state, ScriptedDice(faces))
    with script_long_enough():
        result = location_roll(journal, "B1", set(range(101, 1828)), "property", offmap_ok=True)
    return result, journal.events[-1].payload


@settings(max_examples=150, deadline=None)
@given(hexes, st.lists(hexes, max_size=8), st.sets(hexes, max_size=12), dice)
def test_medium_location_always_lands_in_the_18_hex_pattern(token_hex, others, excluded, faces):
    result, payload = located("MEDIUM", token_hex, others, excluded, faces)
    pattern = medium_cells(cell_of(token_hex), "S")
    if result["rolled"]:
        assert tuple(payload["cell"]) in pattern
        if result["hex"] is not None:
            assert result["hex"] not in excluded and result["hex"] not in set(others) - {token_hex}


@settings(max_examples=150, deadline=None)
@given(hexes, st.lists(hexes, max_size=8), st.sets(hexes, max_size=6), dice)
def test_low_location_always_lands_in_the_6_hex_pattern(token_hex, others, excluded, faces):
    result, payload = located("LOW", token_hex, others, excluded, faces)
    if result["rolled"]:
        assert tuple(payload["cell"]) in low_cells(cell_of(token_hex), "S")


@settings(max_examples=100, deadline=None)
@given(hexes, st.lists(hexes, max_size=8), dice)
def test_displacement_keeps_the_bomber_in_its_medium_area(token_hex, others, faces):
    state = add_bomber(night(), "B1", [token_hex])
    for i, h in enumerate(others):
        if h != token_hex:
            state = add_bomber(state, f"O{i}", [h])
    journal = Journal(state, ScriptedDice(faces))
    with script_long_enough():
        displace(journal, "B1", "property")
    token = journal.state["tokens"]["B1"]
    if token["state"] == "on_map":
        assert cell_of(token["hex"]) in medium_cells(cell_of(token_hex), "S")


def random_night(scenario, seed, options=None):
    """Random legal play (never conceding); yields (state, events) after every command."""
    chooser = random.Random(seed)
    state = SYSTEM.initial_state({"scenario": scenario, "options": options or {}})
    for seq in range(4000):
        if SYSTEM.outcome(state) is not None:
            return
        actions = [a for a in SYSTEM.legal_actions(state, "player") if a["type"] not in ("end_night", "deploy_fighter")]
        action = chooser.choice(actions)
        command = {k: v for k, v in action.items() if k not in ("to", "facing")}
        events = SYSTEM.decide(state, command, "player", SeededDice(f"s{seed}", scenario, seq))
        assert not isinstance(events, RuleViolation), (command, events)
        for event in events:
            state = SYSTEM.evolve(state, event)
        yield state, events
    raise AssertionError("random play did not end the night")


scenarios = st.sampled_from(["HS1", "HS3", "HS4", "HB2", "HS8"])


@settings(max_examples=6, deadline=None)
@given(scenarios, st.integers(0, 10**6))
def test_random_legal_play_ends_the_night_and_replays_identically(scenario, seed):
    all_events, final = [], None
    for final, events in random_night(scenario, seed):
        all_events += events
        assert all(json.loads(json.dumps(e.payload)) == e.payload for e in events)
    assert SYSTEM.outcome(final) is not None
    replayed = SYSTEM.initial_state({"scenario": scenario, "options": {}})
    for event in all_events:
        replayed = SYSTEM.evolve(replayed, event)
    assert replayed == final and json.loads(json.dumps(final)) == final


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(["HS1", "HS3", "HB3"]), st.integers(0, 10**6), st.booleans())
def test_phantoms_are_only_removed_never_created_after_entry(scenario, seed, contrails):
    entered_in: dict[str, int] = {}
    live_before: dict[str, int] = {}
    for step, (state, events) in enumerate(random_night(scenario, seed, {"contrails": contrails})):
        for event in events:
            if event.type == "token_pending":
                bomber = event.payload["bomber"]
                assert entered_in.setdefault(bomber, step) == step, "tokens created after the entry command"
        for bomber in state["bombers"]:
            if state["bombers"][bomber]["status"] == "in_play":
                count = len(live_tokens(state, bomber))
                assert count <= live_before.get(bomber, count)
                live_before[bomber] = count
