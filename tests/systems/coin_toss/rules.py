"""Coin toss: the side ``heads`` calls, one toss of the service's dice decides (a 1–3 is heads).
``best_of`` tosses (1 or 3) may be set up; the first side to win a majority wins."""
import copy

from systems.kit.contract import Event, RuleViolation

NAME = "coin-toss"
SIDES = ("heads", "tails")


class CoinToss:
    name = NAME
    ruleset_version = "coin-toss/1"
    sides = SIDES
    command_fields = {"toss": frozenset()}

    def initial_state(self, setup, rng):
        return {"best_of": setup.get("best_of", 1), "wins": {"heads": 0, "tails": 0}}

    def decide(self, state, command, side, rng):
        if command.get("type") != "toss":
            return RuleViolation("unknown_command", "unknown command")
        if side != "heads":
            return RuleViolation("not_heads", "only heads tosses the coin")
        return [Event("Tossed", {"face": rng.roll(6)})]

    def evolve(self, state, event):
        state = copy.deepcopy(state)
        state["wins"]["heads" if event.payload["face"] <= 3 else "tails"] += 1
        return state

    def view(self, state, side):
        return copy.deepcopy(state)

    def outcome(self, state):
        needed = state["best_of"] // 2 + 1
        for side, wins in state["wins"].items():
            if wins >= needed:
                return {"winner": side, "loser": next(s for s in SIDES if s != side)}
        return None

    def to_move(self, state):
        return [] if self.outcome(state) else ["heads"]

    def legal_actions(self, state, side):
        return [{"type": "toss"}] if side in self.to_move(state) else []


SYSTEM = CoinToss()
