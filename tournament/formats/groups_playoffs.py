"""Groups, then playoffs (docs/rules/service.md, "Tournaments": formats): snake-seeded groups playing a
round robin each (tournament/formats/groups.py), then the best ``advance_per_group`` of every
group in a single-elimination playoff the bracket advances by itself."""
from __future__ import annotations

from .base import GROUP_STAGE, PLAYOFF_STAGE, CannotStartRound, NewPairing, bracket_complete
from .berger import berger_rounds
from .elimination import Bracket, SingleEliminationBuilder
from .groups import group_name, playoff_seeds

NAME = "groups-playoffs"


def group_schedule(state) -> list[list[tuple]]:
    """Round r of every group's Berger table, as ``(group, a, b)``."""
    tables = [berger_rounds(members, 1) for members in state.groups()]
    count = max((len(t) for t in tables), default=0)
    return [[(group_name(g), a, b) for g, t in enumerate(tables) if r < len(t) for a, b in t[r]]
            for r in range(count)]


def _playoff_started(state) -> bool:
    return any(r["stage"] == PLAYOFF_STAGE for r in state.rounds)


class GroupsPlayoffs:
    name = NAME
    options = ("group_count", "advance_per_group")
    knockout = False
    draws_bracket = True
    losers_bracket = False
    has_groups = True
    rounds_shown_as = None

    def start_round(self, state, number: int) -> tuple[dict, list[NewPairing]]:
        schedule = group_schedule(state)
        if number <= len(schedule):
            return {"round": number, "stage": GROUP_STAGE}, [
                NewPairing(f"{g}-R{number}-{i + 1}", number, GROUP_STAGE, a, b, group=g)
                for i, (g, a, b) in enumerate(schedule[number - 1])]
        if _playoff_started(state):
            raise CannotStartRound("bracket_advances_automatically", "the playoff bracket advances by itself")
        return {"round": number, "stage": PLAYOFF_STAGE}, []

    def needs_winner(self, pairing: dict) -> bool:
        return pairing["stage"] == PLAYOFF_STAGE

    def bye_score(self, options: dict) -> None:
        return None

    def bracket_spec(self, entrants: int, options: dict) -> Bracket | None:
        return SingleEliminationBuilder(entrants, options["third_place"]).build() if entrants >= 2 else None

    def bracket_seeds(self, state) -> list[str] | None:
        return playoff_seeds(state.group_rankings(), state.options["advance_per_group"]) \
            if _playoff_started(state) else None

    def match_stage(self, stage: str) -> str:
        return PLAYOFF_STAGE

    def planned_rounds(self, state) -> None:
        return None

    def is_complete(self, state) -> bool:
        return bracket_complete(state)

    def accepts_late_entry(self, options: dict) -> bool:
        return False
