"""Standings order with configurable tie-breaks (docs/rules/service.md, "Tournaments": standings).

Keys, applied in the configured order, each only among entrants still tied on all earlier keys:

* ``points`` — tournament points; ``games_won`` — games won over all pairings;
* ``head_to_head`` — points scored in the pairings among the tied entrants only;
* ``buchholz`` — sum of the points of every opponent met (byes count nothing);
* ``sonneborn_berger`` — sum over pairings of (games won in it / games played in it) × that
  opponent's points [RULING: the chess rule with a pairing's game share as the result];
* ``knowledge_test`` — the entrant's knowledge-test score (missing = lowest);
* ``rating`` — rating at registration.

Entrants still tied after all keys are ordered by seed / name (stable, documented). No Django.
"""
from __future__ import annotations

from dataclasses import dataclass, field

TIE_BREAKS = ("points", "head_to_head", "games_won", "buchholz", "sonneborn_berger", "knowledge_test", "rating")
DEFAULT_TIE_BREAKS = ["points", "head_to_head", "games_won", "buchholz", "sonneborn_berger", "knowledge_test", "rating"]
# Opponents' scores say something only where everybody meets a comparable field (Swiss, round
# robin); a knockout's standings leave those columns out.
OPPONENT_SCORE_KEYS = ("buchholz", "sonneborn_berger")


@dataclass
class Row:
    entrant: str
    order: int  # seed (or registration order): the last resort
    rating: float = 0
    knowledge_test: float | None = None
    points: float = 0
    games_won: int = 0
    games_lost: int = 0
    played: int = 0
    byes: int = 0
    # (opponent, my points, my games, games played) for every decided pairing
    meetings: list = field(default_factory=list)
    buchholz: float = 0
    sonneborn_berger: float = 0


def add_derived(rows: dict[str, Row]) -> None:
    for row in rows.values():
        row.buchholz = sum(rows[opp].points for opp, _, _, _ in row.meetings if opp in rows)
        row.sonneborn_berger = round(sum(
            (games / played if played else 0) * rows[opp].points
            for opp, _, games, played in row.meetings if opp in rows
        ), 6)


def _value(key: str, row: Row, tied: set[str]):
    if key == "head_to_head":
        return sum(pts for opp, pts, _, _ in row.meetings if opp in tied)
    if key == "knowledge_test":
        return float("-inf") if row.knowledge_test is None else row.knowledge_test
    return getattr(row, key)


def rank(rows: dict[str, Row], keys: list[str]) -> list[Row]:
    def order(group: list[Row], remaining: list[str]) -> list[Row]:
        if len(group) <= 1 or not remaining:
            return sorted(group, key=lambda r: (r.order, r.entrant))
        key, rest = remaining[0], remaining[1:]
        tied = {r.entrant for r in group}
        values = {r.entrant: _value(key, r, tied) for r in group}
        out: list[Row] = []
        for value in sorted(set(values.values()), reverse=True):
            out += order([r for r in group if values[r.entrant] == value], rest)
        return out

    return order(list(rows.values()), keys)
