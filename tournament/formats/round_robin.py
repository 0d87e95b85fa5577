"""Round robin (docs/rules/service.md, "Tournaments": formats): everyone meets everyone, once or twice
(``cycles``), round by round as the Berger tables give them (tournament/formats/berger.py)."""
from __future__ import annotations

from .base import CROSS_TABLE, LEAGUE_STAGE, CannotStartRound, NewPairing, RoundsWithoutBracket
from .berger import berger_rounds

NAME = "round-robin"


def schedule(state) -> list[list[tuple]]:
    """The Berger rounds over the seeds."""
    return berger_rounds(state.seeds or [], state.options["cycles"])


class RoundRobin(RoundsWithoutBracket):
    name = NAME
    options = ("cycles",)
    knockout = False
    draws_bracket = False
    losers_bracket = False
    has_groups = False
    rounds_shown_as = CROSS_TABLE

    def start_round(self, state, number: int) -> tuple[dict, list[NewPairing]]:
        rounds = schedule(state)
        if number > len(rounds):
            raise CannotStartRound("no_more_rounds", "every round has been played")
        return {"round": number, "stage": LEAGUE_STAGE}, [
            NewPairing(f"R{number}-{i + 1}", number, LEAGUE_STAGE, a, b) for i, (a, b) in enumerate(rounds[number - 1])]

    def planned_rounds(self, state) -> int:
        return len(schedule(state))


