"""Double elimination (docs/rules/service.md, "Tournaments": formats): out after two lost pairings; a
losers' bracket and a grand final, optionally reset (tournament/formats/elimination.py)."""
from __future__ import annotations

from .elimination import Bracket, DoubleEliminationBuilder
from .single_elimination import Knockout

NAME = "double-elimination"


class DoubleElimination(Knockout):
    name = NAME
    options = ("grand_final_reset",)
    losers_bracket = True

    def bracket_spec(self, entrants: int, options: dict) -> Bracket | None:
        return DoubleEliminationBuilder(entrants, options["grand_final_reset"]).build() if entrants >= 2 else None
