"""The client policies reach each end of docs/rules/303.md "End of game" seeing only view + legal_actions."""
import pytest

from systems.battle303.rules import SYSTEM
from systems.kit.dice import SeededDice
from tests.rules.battle303.policies import aggressive_raf_policy, bomber_rush_policy, pass_policy


def play(luftwaffe_policy, raf_policy, seed="policy-seed"):
    state = SYSTEM.initial_state({}, None)
    policies = {"luftwaffe": luftwaffe_policy, "raf": raf_policy}
    seq = 0
    while not SYSTEM.outcome(state):
        (side,) = SYSTEM.to_move(state)
        legal = SYSTEM.legal_actions(state, side)
        command = policies[side](SYSTEM.view(state, side), legal, side)
        assert command in legal
        seq += 1
        events = SYSTEM.decide(state, command, side, SeededDice(seed, "game", seq))
        assert isinstance(events, list), events
        for event in events:
            state = SYSTEM.evolve(state, event)
    return state


def test_pass_policy_runs_to_the_round_8_end():
    state = play(pass_policy, pass_policy)
    assert SYSTEM.outcome(state) == {"winner": "raf", "reason": "fuel_exhausted"} and state["round"] == 8


def test_bomber_rush_reaches_london_when_the_raf_stays_away():
    state = play(bomber_rush_policy, bomber_rush_policy)
    assert SYSTEM.outcome(state) == {"winner": "luftwaffe", "reason": "bomber_reached_london"}
    assert state["round"] == 5


@pytest.mark.parametrize("seed", ["policy-seed", "seed-1", "seed-2"])
def test_aggressive_raf_destroys_the_bomber(seed):
    state = play(bomber_rush_policy, aggressive_raf_policy, seed)
    assert SYSTEM.outcome(state) == {"winner": "raf", "reason": "bomber_destroyed"}
