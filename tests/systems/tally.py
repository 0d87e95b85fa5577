"""A tally kept by one side, in two versions of its rules: an erratum (version 2) makes each
``add`` count two instead of one. Games played under version 1 must keep folding as played."""
import copy

from systems.kit.contract import Event, RuleViolation
from systems.kit.descriptor import UNRATED, SystemDescriptor


GOAL = 4  # the game ends when the tally reaches it


class Tally:
    name = "tally"
    sides = ("keeper",)
    command_fields = {"add": frozenset()}

    def __init__(self, version: str, step: int):
        self.ruleset_version, self.step = version, step

    def initial_state(self, setup, rng):
        return {"total": 0}

    def decide(self, state, command, side, rng):
        if command.get("type") != "add":
            return RuleViolation("unknown_command", "unknown command")
        return [Event("Added", {"amount": self.step})]

    def evolve(self, state, event):
        state = copy.deepcopy(state)
        state["total"] += event.payload["amount"]  # the event says how much: the fold needs no rule
        return state

    def view(self, state, side):
        return dict(state)

    def outcome(self, state):
        return {"winner": "keeper", "reason": "tally_reached"} if state["total"] >= GOAL else None

    def to_move(self, state):
        return [] if self.outcome(state) else ["keeper"]

    def legal_actions(self, state, side):
        return [{"type": "add"}] if self.to_move(state) else []


VERSION_1, VERSION_2 = Tally("tally/1", 1), Tally("tally/2", 2)

FIRST = SystemDescriptor(name="tally", label="Tally", module="tally", engine="tests.systems.tally:VERSION_1",
                         sides=("keeper",), rated_as=UNRATED)
# After the erratum: version 2 is current, version 1 is kept for the games played under it.
ERRATUM = SystemDescriptor(name="tally", label="Tally", module="tally", engine="tests.systems.tally:VERSION_2",
                           sides=("keeper",), rated_as=UNRATED, rulesets={"tally/1": "tests.systems.tally:VERSION_1"})
# The same, had version 1 been dropped.
DROPPED = SystemDescriptor(name="tally", label="Tally", module="tally", engine="tests.systems.tally:VERSION_2",
                           sides=("keeper",), rated_as=UNRATED)
