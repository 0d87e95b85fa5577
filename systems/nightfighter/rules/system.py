"""The ``SYSTEM`` object for "nightfighter-solo" (contract.py; docs/rules/nightfighter-solo.md §5)."""
from __future__ import annotations

from systems.kit.contract import Event, RuleViolation, RuleViolationError
from .apply import evolve as _evolve
from .journal import Journal
from .legal import legal_actions as _legal_actions
from .phases import COMMAND_FIELDS, COMMAND_PHASES, HANDLERS
from .state import RULESET_VERSION, new_night
from .view import build_view


class NightfighterSolo:
    name = "nightfighter-solo"
    ruleset_version = RULESET_VERSION
    sides = ("player",)
    command_fields = COMMAND_FIELDS

    def initial_state(self, setup: dict, rng=None) -> dict:
        return new_night(setup or {})

    def decide(self, state: dict, command: dict, side: str, rng) -> list[Event] | RuleViolation:
        if not isinstance(command, dict) or not isinstance(command.get("type"), str):
            return RuleViolation("malformed_command", "a command is an object with a type")
        kind = command["type"]
        if kind not in HANDLERS:
            return RuleViolation("unknown_command", f"unknown command {kind!r}")
        if side != "player":
            return RuleViolation("not_your_turn", "only the player gives commands")
        if state["phase"] == "over":
            return RuleViolation("night_over", "the night has ended")
        if state["phase"] not in COMMAND_PHASES[kind]:
            return RuleViolation("wrong_phase", f"{kind} is not allowed in the {state['phase']} phase")
        journal = Journal(state, rng)
        try:
            HANDLERS[kind](journal, command)
        except RuleViolationError as error:
            return error.violation
        return journal.events

    def evolve(self, state: dict, event: Event) -> dict:
        return _evolve(state, event)

    def view(self, state: dict, side: str | None) -> dict:
        return build_view(state, side)

    def outcome(self, state: dict) -> dict | None:
        result = state["result"]
        if result is None:
            return None
        return {"winner": "player" if result["won"] else None, "score": result["vp"], **result}

    def to_move(self, state: dict) -> list[str]:
        return [] if state["phase"] == "over" else ["player"]

    def legal_actions(self, state: dict, side: str) -> list[dict]:
        return _legal_actions(state, side)


SYSTEM = NightfighterSolo()
