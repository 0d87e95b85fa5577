"""The Swiss system (docs/rules/service.md, "Tournaments": formats): a fixed number of rounds, each paired
among players on the same score with no rematch and one bye at most (the pairer:
tournament/formats/swiss.py); a bye counts as ``bye_score``; late entries optional."""
from __future__ import annotations

import math

from . import swiss
from .base import LEAGUE_STAGE, ROUND_LIST, CannotStartRound, NewPairing, RoundsWithoutBracket

NAME = "swiss"


class SwissSystem(RoundsWithoutBracket):
    name = NAME
    options = ("rounds", "bye_score", "late_entry")
    knockout = False
    draws_bracket = False
    losers_bracket = False
    has_groups = False
    rounds_shown_as = ROUND_LIST

    def start_round(self, state, number: int) -> tuple[dict, list[NewPairing]]:
        if number > self.planned_rounds(state):
            raise CannotStartRound("no_more_rounds", "every round has been played")
        rows = {row.entrant: row for row in state.standings_rows()}
        order = {n: i for i, n in enumerate(state.seeds + [n for n in state.entrants if n not in state.seeds])}
        field = [swiss.SwissEntrant(n, rows[n].points, order[n]) for n in state.active_entrants()]
        played = {frozenset((p["a"], p["b"])) for p in state.pairings.values() if not p["bye"]}
        had_bye = {p["a"] for p in state.pairings.values() if p["bye"]}
        try:
            pairs, bye = swiss.pair_round(field, played, had_bye)
        except swiss.NoLegalPairing as exc:
            raise CannotStartRound("no_legal_pairing", str(exc)) from None
        out = [NewPairing(f"R{number}-{i + 1}", number, LEAGUE_STAGE, a, b) for i, (a, b) in enumerate(pairs)]
        if bye:
            out.append(NewPairing(f"R{number}-bye", number, LEAGUE_STAGE, bye, None))
        return {"round": number, "stage": LEAGUE_STAGE}, out

    def bye_score(self, options: dict) -> tuple[int, int]:
        return tuple(options["bye_score"])

    def planned_rounds(self, state) -> int:
        """``rounds`` if set, else enough for one clear winner: ceil(log2 N), at most N - 1."""
        n = len(state.seeds or [])
        return state.options.get("rounds") or max(1, min(math.ceil(math.log2(max(n, 2))), n - 1))

    def accepts_late_entry(self, options: dict) -> bool:
        return bool(options.get("late_entry"))
