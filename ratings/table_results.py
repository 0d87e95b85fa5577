"""Legs played at the table as rated results (issue 14; docs/rules/service.md "Ratings": one update per
finished rated game, match and rematch each count).

A leg at the table has no engine game: its result is the tournament event that settled it
(``LegConfirmed`` or ``LegResultEntered``, tournament/table.py). Rated like a two-player game
result of the tournament's system, ordered by that event's place in the store, so it folds
among the online results exactly where it happened.

A referee's correction of a leg already rated is a new settlement of the same leg: the
incremental path cannot take the old result back, so it asks for a rebuild, which rates every
leg by its latest settlement.
"""
from __future__ import annotations

from datetime import datetime
from typing import Iterable, Iterator

from django.contrib.auth import get_user_model
from django.db.models import CharField, Exists, OuterRef, Value
from django.db.models.functions import Concat

from game.models import StoredEvent
from tournament import events as tev, table
from tournament.models import Tournament
from tournament.state import TournamentState
from tournament.uploads import matched_accounts

from .elo import LOSS, WIN
from .models import RatedResult
from .results import GameResult

SETTLING = (tev.LEG_CONFIRMED, tev.LEG_RESULT_ENTERED)
TABLE_NOTE = "played at the table"


def leg_key(pairing_id: str, leg: int) -> str:
    return f"{pairing_id}/{leg}"


def _result(tournament: Tournament, state: TournamentState, event_id: int, seq: int, recorded_at: datetime,
            payload: dict, user_ids: dict[str, int]) -> GameResult | None:
    pairing = state.pairings.get(payload["pairing_id"]) or state.voided.get(payload["pairing_id"])
    if pairing is None:
        return None
    leg = payload["leg"]
    settled = pairing["results"].get(leg)
    sides = sorted(table.leg_sides(pairing, leg).items())
    if settled is None or len(sides) != 2 or any(name not in user_ids for _, name in sides):
        return None
    (first_side, first), (second_side, second) = sides
    return GameResult(
        game_id=None, result_seq=seq, event_id=event_id, system=tournament.system, kind=RatedResult.Kind.ELO,
        ending=RatedResult.Ending.RULES, note=TABLE_NOTE, finished_at=recorded_at,
        first_player_id=user_ids[first], first_side=first_side, second_player_id=user_ids[second],
        second_side=second_side, score=WIN if settled["winner"] == first else LOSS,
        tournament_id=tournament.pk, leg=leg_key(pairing["id"], leg))


def _settlements(tournament: Tournament, after: int = 0, until: int | None = None):
    """``(state after each event, event row)`` for the settling events of the stream in the range."""
    rows = StoredEvent.objects.filter(stream=tournament.stream).order_by("seq").values(
        "id", "seq", "type", "payload", "recorded_at")
    state = TournamentState([])
    for row in rows:
        if until is not None and row["seq"] > until:
            break
        state.apply(row)
        if row["seq"] > after and row["type"] in SETTLING:
            yield state, row


def _user_ids(tournament: Tournament, tournament_state: TournamentState) -> dict[str, int]:
    """Entrant → account: by username, but in a tournament imported from elsewhere only the
    entrants matched by their own claim or an admin's mapping (tournament/uploads.py)."""
    matched = matched_accounts(tournament)
    if matched is not None:
        return matched
    return dict(get_user_model().objects.filter(username__in=list(tournament_state.entrants))
                .values_list("username", "pk"))


def leg_results(tournament: Tournament, after: int, until: int) -> list[GameResult]:
    """The results settled by the events ``after < seq <= until`` (the outbox's range)."""
    out, user_ids = [], None
    for state, row in _settlements(tournament, after, until):
        user_ids = user_ids or _user_ids(tournament, state)
        result = _result(tournament, state, row["id"], row["seq"], row["recorded_at"], row["payload"], user_ids)
        if result is not None:
            out.append(result)
    return out


def is_correction(result: GameResult) -> bool:
    """An earlier settlement of this leg was rated already."""
    return RatedResult.objects.filter(tournament_id=result.tournament_id, leg=result.leg).exclude(
        event_id=result.event_id).exists()


def latest_leg_results() -> list[GameResult]:
    """Every leg at the table by its latest settlement, in store order (the rebuild's)."""
    latest: dict[str, GameResult] = {}
    for tournament in Tournament.objects.filter(_with_settled_legs()).order_by("pk"):
        user_ids = None
        for state, row in _settlements(tournament):
            user_ids = user_ids or _user_ids(tournament, state)
            result = _result(tournament, state, row["id"], row["seq"], row["recorded_at"], row["payload"], user_ids)
            if result is not None:
                latest[f"{tournament.pk}:{result.leg}"] = result
    return sorted(latest.values(), key=lambda r: r.event_id)


def _with_settled_legs():
    """Tournaments with a settled table leg (the rest need no fold)."""
    stream = Concat(Value("tournament-"), OuterRef("pk"), output_field=CharField())
    return Exists(StoredEvent.objects.filter(stream=stream, type__in=SETTLING))


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
