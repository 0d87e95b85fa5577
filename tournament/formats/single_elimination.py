"""Single elimination (docs/rules/service.md, "Tournaments": formats): one knockout bracket, 1 v N seeding,
byes to the top seeds, optionally a match for third place (tournament/formats/elimination.py)."""
from __future__ import annotations

from .base import BRACKET_STAGE, GROUP_STAGE, CannotStartRound, NewPairing, bracket_complete
from .elimination import Bracket, SingleEliminationBuilder

NAME = "single-elimination"


class Knockout:
    """A bracket from round 1: started once by the organiser, it advances as pairings are decided."""

    knockout = True
    draws_bracket = True
    has_groups = False
    rounds_shown_as = None

    def start_round(self, state, number: int) -> tuple[dict, list[NewPairing]]:
        if state.rounds:
            raise CannotStartRound("bracket_advances_automatically", "the bracket advances by itself")
        return {"round": 1, "stage": BRACKET_STAGE}, []

    def needs_winner(self, pairing: dict) -> bool:
        return True

    def bye_score(self, options: dict) -> None:
        return None

    def bracket_seeds(self, state) -> list[str] | None:
        return state.seeds if any(r["stage"] != GROUP_STAGE for r in state.rounds) else None

    def match_stage(self, stage: str) -> str:
        return stage

    def planned_rounds(self, state) -> None:
        return None

    def is_complete(self, state) -> bool:
        return bracket_complete(state)

    def accepts_late_entry(self, options: dict) -> bool:
        return False


class SingleElimination(Knockout):
    name = NAME
    options = ("third_place",)
    losers_bracket = False

    def bracket_spec(self, entrants: int, options: dict) -> Bracket | None:
        return SingleEliminationBuilder(entrants, options["third_place"]).build() if entrants >= 2 else None
