"""Ill-formed commands are refused with a code, never a crash (docs/rules/nightfighter-solo.md §5; contract.py)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from systems.kit.contract import RuleViolation
from systems.kit.dice import SeededDice
from systems.nightfighter.rules import SYSTEM
from systems.nightfighter.rules.phases import HANDLERS

from .play import play_night
from .policies import simple_policy


def _states_by_phase():
    state = SYSTEM.initial_state({"scenario": "HS3"})
    found = {"setup": state}
    _, events = play_night({"scenario": "HS3"}, simple_policy, seed="fuzz")
    for event in events:
        state = SYSTEM.evolve(state, event)
        found.setdefault(state["phase"], state)
    return found


STATES = _states_by_phase()
scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 3000), st.text(max_size=6),
                    st.sampled_from(["F1", "F2", "B1.1", "B2.1", "K", "FREYA", "S", "F", "L", "R"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.sampled_from(["source", "token", "fighter",
                                                                                        "device"]), inner, max_size=3)),
                      max_leaves=8)
commands = st.builds(lambda kind, fields: {"type": kind, **fields}, st.sampled_from(sorted(HANDLERS) + ["nope"]),
                     st.dictionaries(st.sampled_from(["fighter", "token", "zone", "hex", "facing", "path", "exit",
                                                      "searches"]), values, max_size=4))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(STATES)), commands)
def test_decide_never_raises_on_ill_formed_commands(phase, command):
    result = SYSTEM.decide(STATES[phase], command, "player", SeededDice("fuzz", "s", 1))
    assert isinstance(result, (list, RuleViolation))


def test_non_player_side_and_non_dict_commands_are_refused():
    state = STATES["setup"]
    assert SYSTEM.decide(state, {"type": "start_night"}, "referee", SeededDice("x", "s", 1)).code == "not_your_turn"
    assert SYSTEM.decide(state, ["start_night"], "player", SeededDice("x", "s", 1)).code == "malformed_command"
