"""Legs played at the table as rated results (issue 14; docs/rules/service.md "Ratings": one update per
finished rated game, match and rematch each count).

A leg at the table has no engine game: its result is the tournament's ``tournament.result_settled``
message (tournament/messages.py), published when the opponent confirms it or staff enter it.
Rated like a two-player game result of the tournament's system, ordered by the settling event's
place in the store (the message's ``event_id``), so it folds among the online results exactly
where it happened.

A referee's correction of a leg already rated is a new settlement of the same leg: the
incremental path cannot take the old result back, so it asks for a rebuild, which rates every
leg by its latest settlement.
"""
from __future__ import annotations

from datetime import datetime
from typing import Iterable, Iterator

from tournament import messages as tm

from .elo import LOSS, WIN
from .models import RatedResult
from .results import GameResult

TABLE_NOTE = "played at the table"


def leg_key(pairing_id: str, leg: int) -> str:
    return f"{pairing_id}/{leg}"


def result_of(m: dict) -> GameResult | None:
    """The rated result a ``tournament.result_settled`` message tells; None unless both players
    of the leg have an account."""
    sides = sorted(m["sides"].items())
    accounts = m["accounts"]
    if len(sides) != 2 or any(name not in accounts for _, name in sides):
        return None
    (first_side, first), (second_side, second) = sides
    return GameResult(
        game_id=None, result_seq=m["seq"], event_id=m["event_id"], system=m["system"], kind=RatedResult.Kind.ELO,
        ending=RatedResult.Ending.RULES, note=TABLE_NOTE, finished_at=datetime.fromisoformat(m["recorded_at"]),
        first_player_id=accounts[first], first_side=first_side, second_player_id=accounts[second],
        second_side=second_side, score=WIN if m["winner"] == first else LOSS,
        tournament_id=m["tournament_id"], leg=leg_key(m["pairing_id"], m["leg"]))


def leg_results(tournament) -> list[GameResult]:
    """Every settlement of a tournament's legs, with today's accounts (an imported tournament's
    entrants get theirs later)."""
    return [r for r in map(result_of, tm.settled_results(tournament)) if r is not None]


def is_correction(result: GameResult) -> bool:
    """An earlier settlement of this leg was rated already."""
    return RatedResult.objects.filter(tournament_id=result.tournament_id, leg=result.leg).exclude(
        event_id=result.event_id).exists()


def latest_leg_results() -> list[GameResult]:
    """Every leg at the table by its latest settlement, in store order (the rebuild's)."""
    latest: dict[str, GameResult] = {}
    for tournament in tm.with_settled_results():
        for result in leg_results(tournament):
            latest[f"{tournament.pk}:{result.leg}"] = result
    return sorted(latest.values(), key=lambda r: r.event_id)


def merged(batches: Iterable[list[GameResult]], legs: list[GameResult]) -> Iterator[list[GameResult]]:
    """The rebuild's batches of game results with the table legs put in by store order."""
    pending = list(legs)
    for batch in batches:
        upto = batch[-1].event_id if batch else 0
        taken = [r for r in pending if r.event_id <= upto]
        pending = pending[len(taken):]
        yield sorted(batch + taken, key=lambda r: r.event_id) if taken else batch
    if pending:
        yield pending
