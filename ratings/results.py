"""Reading game results out of the event store for the ratings projection (docs/rules/service.md, "Ratings").

A result is a game's ``GameEnded`` event (its outcome), with the framework event that may
precede it in the same batch (``TimeoutAdjudicated``, ``GameForfeited``, ``GameResigned``,
``GameAborted``) telling how it ended. Who played which side comes from the game's seats.

Classification (issue 6):
* games created unrated (``rated=False``, e.g. imported games) feed nothing;
* two seats held by two different players, not aborted → Elo;
  a forfeit (red card), timeout or resignation counts as a loss for the side that lost it;
* three to five seats held by different players (Duel in the Dark §9.3) → multi-player Elo by
  finishing places: the engine's ``placings(outcome)`` where it ranks more than a winner, else
  the winner first and everybody else shared second (a forfeit or timeout: the side that lost
  it last, the others shared first);
* one seat (nightfighter-solo) with ``outcome["score"]`` → solo leaderboard;
* no winner and no loser → a draw for Elo, unless the outcome says ``forfeit`` (both sides
  forfeited: not rated);
* everything else (aborted, unrated, a player in two seats) → recorded, not rated.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Iterator

from django.db import connection

from systems.kit.framework_events import (
    GAME_ABORTED, GAME_ENDED, GAME_FORFEITED, GAME_RESIGNED, OUTCOME_OVERRIDES, TIMEOUT_ADJUDICATED,
)
from game.models import Game, GameSeat, stream_for_game
from kernel.models import StoredEvent
from systems.registry import UnknownSystem, get_system

from .elo import DRAW, LOSS, WIN
from .models import RatedResult

ENDING_BY_EVENT = {
    TIMEOUT_ADJUDICATED: RatedResult.Ending.TIMEOUT,
    GAME_FORFEITED: RatedResult.Ending.FORFEIT,
    GAME_RESIGNED: RatedResult.Ending.RESIGNED,
    GAME_ABORTED: RatedResult.Ending.ABORTED,
}
GAME_PREFIX = "game-"


@dataclass(frozen=True)
class GameFacts:
    """What the projection needs of a game besides its events."""

    system: str
    rated: bool
    seats: tuple[tuple[str, int], ...]  # (side, user id), sorted by side


@dataclass(slots=True)
class GameResult:
    game_id: str
    result_seq: int
    event_id: int
    system: str
    kind: str
    ending: str
    note: str
    finished_at: datetime | str  # str: as PostgreSQL wrote it (the rebuild's read)
    first_player_id: int | None = None
    first_side: str = ""
    second_player_id: int | None = None
    second_side: str = ""
    score: float | None = None
    placings: tuple[tuple[str, int, int], ...] = ()  # multiplayer: (side, player id, place), by side
    tournament_id: int | None = None  # a leg played at the table (ratings/table_results.py)
    leg: str = ""
    pk: int | None = None  # the id reserved for its RatedResult (the rebuild folds results, not models)

    def record(self) -> RatedResult:
        return RatedResult(pk=self.pk, placings=[list(p) for p in self.placings],
                           **{name: getattr(self, name) for name in RECORD_FIELDS})


RECORD_FIELDS = ("game_id", "result_seq", "event_id", "system", "kind", "ending", "note", "finished_at",
                 "first_player_id", "first_side", "second_player_id", "second_side", "score", "tournament_id", "leg")


def elo_score(outcome: dict, first_side: str, second_side: str) -> float | None:
    """The first side's score; None if the outcome names no side of this game, or if both
    sides forfeited (red cards to both: Elo has no result where both players lose)."""
    winner, loser = outcome.get("winner"), outcome.get("loser")
    if winner is not None:
        return {first_side: WIN, second_side: LOSS}.get(winner)
    if loser is not None:
        return {first_side: LOSS, second_side: WIN}.get(loser)
    return None if outcome.get("forfeit") else DRAW


def generic_placings(outcome: dict, sides: list[str]) -> dict[str, int] | None:
    """Places from ``winner`` / ``shared_winners`` / ``loser`` alone; None if the outcome names a
    side not at the table, or everybody forfeited."""
    winner, loser, shared = outcome.get("winner"), outcome.get("loser"), outcome.get("shared_winners") or []
    if winner is not None or shared:
        first = set(shared) | ({winner} if winner is not None else set())
        return {side: 1 if side in first else 2 for side in sides} if first <= set(sides) else None
    if loser is not None:
        return {side: 2 if side == loser else 1 for side in sides} if loser in sides else None
    return None if outcome.get("forfeit") else dict.fromkeys(sides, 1)


def finishing_places(system: str, outcome: dict, sides: list[str]) -> dict[str, int] | None:
    try:
        ranker = getattr(get_system(system), "placings", None)
    except UnknownSystem:
        ranker = None
    places = ranker(outcome) if ranker else None
    if places is None:
        places = generic_placings(outcome, sides)
    return places if places is not None and set(places) == set(sides) else None


def classify(game_id: str, event_id: int, seq: int, payload: dict, recorded_at: datetime,
             ending_event: str | None, facts: GameFacts) -> GameResult:
    """The result a ``GameEnded`` event (id, seq, payload, time) stands for."""
    outcome = payload.get("outcome") or {}
    aborted = bool(outcome.get("aborted")) or ending_event == GAME_ABORTED
    ending = RatedResult.Ending.ABORTED if aborted else ENDING_BY_EVENT.get(ending_event, RatedResult.Ending.RULES)
    base = dict(game_id=game_id, result_seq=seq, event_id=event_id, system=facts.system,
                ending=ending, finished_at=recorded_at)
    not_rated = RatedResult.Kind.NOT_RATED
    if aborted:
        return GameResult(kind=not_rated, note="aborted games are not rated", **base)
    if not facts.rated:
        return GameResult(kind=not_rated, note="game created unrated", **base)
    if len(facts.seats) == 1:
        (side, player), score = facts.seats[0], outcome.get("score")
        if not isinstance(score, (int, float)) or isinstance(score, bool):
            return GameResult(kind=not_rated, note="solo game without a score", **base)
        return GameResult(kind=RatedResult.Kind.SOLO, note="", first_player_id=player, first_side=side,
                          score=float(score), **base)
    if len(facts.seats) < 2 or len({player for _, player in facts.seats}) != len(facts.seats):
        return GameResult(kind=not_rated, note="Elo needs a different player in every seat", **base)
    if len(facts.seats) > 2:
        places = finishing_places(facts.system, outcome, [side for side, _ in facts.seats])
        if places is None:
            return GameResult(kind=not_rated, note="no finishing places to rate (everybody forfeited?)", **base)
        return GameResult(kind=RatedResult.Kind.MULTIPLAYER, note="",
                          placings=tuple((side, player, places[side]) for side, player in facts.seats), **base)
    (first_side, first), (second_side, second) = facts.seats
    score = elo_score(outcome, first_side, second_side)
    if score is None:
        return GameResult(kind=not_rated, note="no winner or loser to rate (double forfeit?)", **base)
    return GameResult(kind=RatedResult.Kind.ELO, note="", first_player_id=first, first_side=first_side,
                      second_player_id=second, second_side=second_side, score=score, **base)


def game_facts(game_ids) -> dict[str, GameFacts]:
    seats: dict[str, list] = {}
    for game_id, side, user_id in GameSeat.objects.filter(game_id__in=game_ids).values_list(
            "game_id", "side", "user_id"):
        seats.setdefault(str(game_id), []).append((side, user_id))
    return {
        str(game_id): GameFacts(system, rated, tuple(sorted(seats.get(str(game_id), []))))
        for game_id, system, rated in Game.objects.filter(pk__in=game_ids).values_list("pk", "system", "rated")
    }


def result_of(game_id: str, result_seq: int) -> GameResult | None:
    """The result a ``game_finished`` message points at: the last GameEnded at or before its seq."""
    stream = stream_for_game(game_id)
    ended = (StoredEvent.objects.filter(stream=stream, type=GAME_ENDED, seq__lte=result_seq)
             .order_by("-seq").first())
    if ended is None:
        return None
    facts = game_facts([game_id]).get(str(game_id))
    if facts is None:
        return None
    ending_event = (StoredEvent.objects.filter(stream=stream, type__in=OUTCOME_OVERRIDES, seq__lt=ended.seq)
                    .order_by("-seq").values_list("type", flat=True).first())
    return classify(str(game_id), ended.pk, ended.seq, ended.payload, ended.recorded_at, ending_event, facts)


def all_results(batch: int = 10_000) -> Iterator[list[GameResult]]:
    """Every result in the store in batches, in the order their GameEnded events were appended.

    Streamed, so memory stays flat over millions of results: on PostgreSQL one query joining
    each result event to its game and seats, read through a server-side cursor; elsewhere the
    events through ``iterator(chunk_size=...)`` and each batch's games and seats by two lookups.
    Rows stay plain tuples: no model instance is built per result.
    """
    overrides = dict(
        StoredEvent.objects.filter(type__in=OUTCOME_OVERRIDES, stream__startswith=GAME_PREFIX)
        .order_by("seq").values_list("stream", "type")
    )
    rows = _joined_rows(batch) if connection.vendor == "postgresql" else _looked_up_rows(batch)
    pending: list[GameResult] = []
    for event_id, stream, seq, payload, recorded_at, facts in rows:
        pending.append(classify(stream.removeprefix(GAME_PREFIX), event_id, seq, payload, recorded_at,
                                overrides.get(stream), facts))
        if len(pending) >= batch:
            yield pending
            pending = []
    if pending:
        yield pending


# The seats are aggregated per game first (one hash aggregate), then joined: grouping after the
# join would sort every result's row with its payload.
JOINED_RESULTS = """
SELECT e.id, e.stream, e.seq, (e.payload -> 'outcome')::text, e.recorded_at::text, g.system, g.rated, s.seats
FROM {events} e
JOIN {games} g ON g.id = CAST(SUBSTRING(e.stream FROM {id_from}) AS uuid)
LEFT JOIN (SELECT game_id, string_agg(side || ' ' || user_id, ' ') AS seats FROM {seats} GROUP BY game_id) s
  ON s.game_id = g.id
WHERE e.type = %s AND e.stream LIKE %s
ORDER BY e.id
"""
# Sorting a million results in memory beats spilling them to disk. One process, without JIT: in
# a parallel plan every worker aggregates all the seats again, and compiling the plan costs more
# than it saves (measured at 10⁶ results: 7.3 s, against 7.9 s parallel and 8.9 s with JIT too).
READ_SETTINGS = {"work_mem": "256MB", "max_parallel_workers_per_gather": "0", "jit": "off"}


def _joined_rows(batch: int):
    """``(event id, stream, seq, payload, time, GameFacts)`` per result event (PostgreSQL).

    The outcome comes as text and is parsed here once per result, which is cheaper than the
    driver's per-row JSON loader; the time stays the text PostgreSQL gave, which the rebuild
    writes back as it is (``ratings/copy_rows.py``).
    """
    sql = JOINED_RESULTS.format(events=StoredEvent._meta.db_table, games=Game._meta.db_table,
                                seats=GameSeat._meta.db_table, id_from=len(GAME_PREFIX) + 1)
    with connection.cursor() as cursor:
        for name, value in READ_SETTINGS.items():
            cursor.execute(f"SET LOCAL {name} = '{value}'")
    loads = json.loads
    with connection.connection.cursor(name="ratings_results") as cursor:
        cursor.execute(sql, [GAME_ENDED, GAME_PREFIX + "%"])
        # A batch at a time: iterating the cursor itself costs a Python call per row.
        while rows := cursor.fetchmany(batch):
            for event_id, stream, seq, outcome, recorded_at, system, rated, seats in rows:
                words = seats.split() if seats else []
                facts = GameFacts(system, rated, tuple(sorted(zip(words[::2], map(int, words[1::2])))))
                payload = {"outcome": loads(outcome) if outcome else None}
                yield event_id, stream, seq, payload, recorded_at, facts


def _looked_up_rows(batch: int):
    ended = (StoredEvent.objects.filter(type=GAME_ENDED, stream__startswith=GAME_PREFIX)
             .order_by("id").values_list("id", "stream", "seq", "payload", "recorded_at"))
    pending: list[tuple] = []
    for row in ended.iterator(chunk_size=batch):
        pending.append(row)
        if len(pending) >= batch:
            yield from _with_facts(pending)
            pending = []
    yield from _with_facts(pending)


def _with_facts(rows: list[tuple]):
    facts = game_facts([stream.removeprefix(GAME_PREFIX) for _, stream, *_ in rows])
    for row in rows:
        found = facts.get(row[1].removeprefix(GAME_PREFIX))
        if found is not None:
            yield row + (found,)


def result_count() -> int:
    return StoredEvent.objects.filter(type=GAME_ENDED, stream__startswith=GAME_PREFIX).count()
