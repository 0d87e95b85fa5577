"""A tiny dice race used to test the store and the API independently of the real engines.

Sides ``a`` and ``b`` alternate; ``roll`` adds one die to the roller's total, first to
``target`` wins; ``hide`` stores a secret visible only to its side until the end.
"""
import copy

from systems.kit.contract import Event, RuleViolation

RACE = "dice-race"


class DiceRace:
    name = RACE
    ruleset_version = "dice-race/1"
    sides = ("a", "b")
    command_fields = {"roll": frozenset(), "hide": frozenset({"secret"})}

    def initial_state(self, setup, rng):
        return {"totals": {"a": 0, "b": 0}, "turn": "a", "target": setup.get("target", 10),
                "secrets": {}, "moves": 0}

    def decide(self, state, command, side, rng):
        kind = command.get("type")
        if kind not in {"roll", "hide"}:
            return RuleViolation("unknown_command", f"unknown command {kind!r}")
        if side != state["turn"]:
            return RuleViolation("not_your_turn", "wait for your turn")
        if kind == "hide":
            if not isinstance(command.get("secret"), str):
                return RuleViolation("malformed_command", "secret must be a string")
            return [Event("SecretHidden", {"side": side, "secret": command["secret"]}, visibility=side),
                    Event("TurnPassed", {"side": side})]
        face = rng.roll(6)
        return [Event("Rolled", {"side": side, "face": face})]

    def evolve(self, state, event):
        state = copy.deepcopy(state)
        other = {"a": "b", "b": "a"}
        if event.type == "Rolled":
            state["totals"][event.payload["side"]] += event.payload["face"]
            state["turn"] = other[event.payload["side"]]
            state["moves"] += 1
        elif event.type == "SecretHidden":
            state["secrets"][event.payload["side"]] = event.payload["secret"]
        elif event.type == "TurnPassed":
            state["turn"] = other[event.payload["side"]]
            state["moves"] += 1
        return state

    def view(self, state, side):
        secrets = state["secrets"] if side == "referee" else {k: v for k, v in state["secrets"].items() if k == side}
        return {"totals": state["totals"], "turn": state["turn"], "secrets": secrets}

    def outcome(self, state):
        for side, total in state["totals"].items():
            if total >= state["target"]:
                return {"winner": side, "reason": "target_reached"}
        return None

    def to_move(self, state):
        return [] if self.outcome(state) else [state["turn"]]

    def legal_actions(self, state, side):
        return [{"type": "roll"}, {"type": "hide", "secret": ""}] if side == state["turn"] else []


SYSTEM = DiceRace()
