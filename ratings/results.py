"""Reading game results out of the event store for the ratings projection (service.md, "Ratings").

A result is a game's ``GameEnded`` event (its outcome), with the framework event that may
precede it in the same batch (``TimeoutAdjudicated``, ``GameForfeited``, ``GameAborted``)
telling how it ended. Who played which side comes from the game's seats.

Classification (issue 6):
* games created unrated (``rated=False``, e.g. imported games) feed nothing;
* two seats held by two different players, not aborted → Elo;
  a forfeit (red card) or timeout counts as a loss for the side that lost it;
* one seat (nightfighter-solo) with ``outcome["score"]`` → solo leaderboard;
* no winner and no loser → a draw for Elo, unless the outcome says ``forfeit`` (both sides
  forfeited: not rated);
* everything else (aborted, unrated, multi-player expansion games) → recorded, not rated.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Iterator

from game.framework_events import GAME_ABORTED, GAME_ENDED, GAME_FORFEITED, OUTCOME_OVERRIDES, TIMEOUT_ADJUDICATED
from game.models import Game, GameSeat, StoredEvent, stream_for_game

from .elo import DRAW, LOSS, WIN
from .models import RatedResult

ENDING_BY_EVENT = {
    TIMEOUT_ADJUDICATED: RatedResult.Ending.TIMEOUT,
    GAME_FORFEITED: RatedResult.Ending.FORFEIT,
    GAME_ABORTED: RatedResult.Ending.ABORTED,
}
GAME_PREFIX = "game-"


@dataclass(frozen=True)
class GameFacts:
    """What the projection needs of a game besides its events."""

    system: str
    rated: bool
    seats: tuple[tuple[str, int], ...]  # (side, user id), sorted by side


@dataclass(frozen=True)
class GameResult:
    game_id: str
    result_seq: int
    event_id: int
    system: str
    kind: str
    ending: str
    note: str
    finished_at: datetime
    first_player_id: int | None = None
    first_side: str = ""
    second_player_id: int | None = None
    second_side: str = ""
    score: float | None = None

    def record(self) -> RatedResult:
        return RatedResult(
            game_id=self.game_id, result_seq=self.result_seq, event_id=self.event_id, system=self.system,
            kind=self.kind, ending=self.ending, note=self.note, finished_at=self.finished_at,
            first_player_id=self.first_player_id, first_side=self.first_side,
            second_player_id=self.second_player_id, second_side=self.second_side, score=self.score,
        )


def elo_score(outcome: dict, first_side: str, second_side: str) -> float | None:
    """The first side's score; None if the outcome names no side of this game, or if both
    sides forfeited (red cards to both: Elo has no result where both players lose)."""
    winner, loser = outcome.get("winner"), outcome.get("loser")
    if winner is not None:
        return {first_side: WIN, second_side: LOSS}.get(winner)
    if loser is not None:
        return {first_side: LOSS, second_side: WIN}.get(loser)
    return None if outcome.get("forfeit") else DRAW


def classify(game_id: str, ended: StoredEvent, ending_event: str | None, facts: GameFacts) -> GameResult:
    outcome = ended.payload.get("outcome") or {}
    aborted = bool(outcome.get("aborted")) or ending_event == GAME_ABORTED
    ending = RatedResult.Ending.ABORTED if aborted else ENDING_BY_EVENT.get(ending_event, RatedResult.Ending.RULES)
    base = dict(game_id=game_id, result_seq=ended.seq, event_id=ended.pk, system=facts.system,
                ending=ending, finished_at=ended.recorded_at)
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
    if len(facts.seats) != 2 or facts.seats[0][1] == facts.seats[1][1]:
        return GameResult(kind=not_rated, note="Elo needs two different players", **base)
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
    return classify(str(game_id), ended, ending_event, facts)


def all_results(batch: int = 2000) -> Iterator[GameResult]:
    """Every result in the store, in the order their GameEnded events were appended."""
    overrides = dict(
        StoredEvent.objects.filter(type__in=OUTCOME_OVERRIDES, stream__startswith=GAME_PREFIX)
        .order_by("seq").values_list("stream", "type")
    )
    ended_rows = (StoredEvent.objects.filter(type=GAME_ENDED, stream__startswith=GAME_PREFIX)
                  .only("id", "stream", "seq", "payload", "recorded_at").order_by("id"))
    pending: list[StoredEvent] = []
    for row in ended_rows.iterator(chunk_size=batch):
        pending.append(row)
        if len(pending) >= batch:
            yield from _classified(pending, overrides)
            pending = []
    yield from _classified(pending, overrides)


def result_count() -> int:
    return StoredEvent.objects.filter(type=GAME_ENDED, stream__startswith=GAME_PREFIX).count()


def _classified(rows: list[StoredEvent], overrides: dict[str, str]) -> Iterator[GameResult]:
    facts = game_facts([row.stream.removeprefix(GAME_PREFIX) for row in rows])
    for row in rows:
        game_id = row.stream.removeprefix(GAME_PREFIX)
        if game_id in facts:
            yield classify(game_id, row, overrides.get(row.stream), facts[game_id])
