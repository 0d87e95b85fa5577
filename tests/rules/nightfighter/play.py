"""Engine-level drivers: play a night or a campaign with a policy (docs/rules/nightfighter-solo.md §3.2, §3.14)."""
from __future__ import annotations

from systems.kit.contract import RuleViolation
from systems.kit.dice import SeededDice
from systems.nightfighter.rules import SYSTEM

MAX_COMMANDS = 3000


def play_night(setup: dict, policy, seed: str = "seed", stream: str = "night") -> tuple[dict, list]:
    """Returns the final state and every event (for replay checks)."""
    state = SYSTEM.initial_state(setup, None)
    events = []
    for seq in range(MAX_COMMANDS):
        if SYSTEM.outcome(state) is not None:
            return state, events
        command = policy(SYSTEM.view(state, "player"), SYSTEM.legal_actions(state, "player"), "player")
        result = SYSTEM.decide(state, command, "player", SeededDice(seed, stream, seq))
        assert not isinstance(result, RuleViolation), (command, result)
        for event in result:
            state = SYSTEM.evolve(state, event)
        events += result
    raise AssertionError("the night did not end")
