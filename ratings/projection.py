"""The ratings projection: incremental updates and the full rebuild (service.md, "Ratings").

Order. Elo depends on the order games are rated in. The canonical order is the order the
results' ``GameEnded`` events were appended to the store (``events.id``); the rebuild folds
in exactly that order. A task may still arrive out of order (two games end at once, a worker
is slow, PostgreSQL hands out ids before commit): the per-system ``RatingLedger`` remembers
the newest result rated. A result newer than that is simply applied; an older one triggers
a recompute of the affected tail — every Elo result of the system from that one on is
re-folded from the players' ratings just before it. Either way the stored ratings are always
the fold of all recorded results in canonical order, so "rebuild equals incremental" holds.

Idempotency. Each result is recorded once (``RatedResult``, unique per game and result seq)
in the same transaction as the rating changes; the per-system ledger row is locked first, so
a re-delivered or concurrent duplicate task finds the record and changes nothing.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Callable, Iterable

from django.db import connection, transaction
from django.db.models import Count, Q

from . import elo
from .models import PlayerRating, RatedResult, RatingChange, RatingLedger
from .results import GameResult, all_results, result_count

NO_SHIFT = 0.0


def lock_ledger(system: str) -> RatingLedger:
    RatingLedger.objects.get_or_create(system=system)
    return RatingLedger.objects.select_for_update().get(system=system)


def record_result(result: GameResult) -> bool:
    """Rate one result; False if it was recorded before (a re-delivered task)."""
    with transaction.atomic():
        ledger = lock_ledger(result.system)
        if RatedResult.objects.filter(game_id=result.game_id, result_seq=result.result_seq).exists():
            return False
        record = result.record()
        record.save()
        if record.kind == RatedResult.Kind.ELO:
            if record.event_id > ledger.last_event_id:
                _refold([record], _current_states(record))
                ledger.last_event_id = record.event_id
                ledger.save(update_fields=["last_event_id"])
            else:
                _refold_tail(record)
    return True


def _current_states(record: RatedResult) -> dict[int, list]:
    states = {}
    for row in PlayerRating.objects.filter(
            system=record.system, player_id__in=[record.first_player_id, record.second_player_id]):
        states[row.player_id] = [row.rating, row.games, row.peak]
    return states


def _refold_tail(first: RatedResult) -> None:
    """Re-rate every Elo result of the system from ``first`` on (a result arrived late)."""
    tail = list(RatedResult.objects.filter(system=first.system, kind=RatedResult.Kind.ELO,
                                           event_id__gte=first.event_id).order_by("event_id"))
    RatingChange.objects.filter(system=first.system, event_id__gte=first.event_id).delete()
    players = {p for r in tail for p in (r.first_player_id, r.second_player_id)}
    states = {}
    before = (RatingChange.objects.filter(system=first.system, player_id__in=players, event_id__lt=first.event_id)
              .order_by("player_id", "-event_id"))
    for change in before.only("player_id", "rating_after", "games_before", "peak_after"):
        states.setdefault(change.player_id, [change.rating_after, change.games_before + 1, change.peak_after])
    _refold(tail, states)


def _refold(records: list[RatedResult], states: dict[int, list]) -> None:
    """Fold ``records`` on top of ``states``; write their changes and the players' totals."""
    states, changes = elo.fold(((r.first_player_id, r.second_player_id, r.score, NO_SHIFT) for r in records), states)
    insert_change_values([row for record, change in zip(records, changes) for row in change_values(record, change)])
    _save_player_ratings(records[0].system, {p: states[p] for r in records
                                             for p in (r.first_player_id, r.second_player_id)})


def _save_player_ratings(system: str, states: dict[int, list]) -> None:
    totals = (RatingChange.objects.filter(system=system, player_id__in=states).values("player_id")
              .annotate(wins=Count("id", filter=Q(score=elo.WIN)), draws=Count("id", filter=Q(score=elo.DRAW)),
                        losses=Count("id", filter=Q(score=elo.LOSS))))
    by_player = {t["player_id"]: t for t in totals}
    rows = [
        PlayerRating(system=system, player_id=player, rating=rating, games=games, peak=peak,
                     wins=by_player[player]["wins"], draws=by_player[player]["draws"],
                     losses=by_player[player]["losses"])
        for player, (rating, games, peak) in states.items()
    ]
    PlayerRating.objects.bulk_create(rows, update_conflicts=True, unique_fields=["system", "player"],
                                     update_fields=["rating", "peak", "games", "wins", "draws", "losses"])


def rebuild(progress: Callable[[Iterable, int], Iterable] | None = None, batch: int = 2000) -> dict[str, int]:
    """Drop the projection and fold every result event again, in canonical order.

    ``progress`` wraps the result stream (``tqdm`` in the management command). Runs in one
    transaction holding every ledger lock, so tasks arriving meanwhile wait and then see
    the rebuilt state. Returns counts per result kind.
    """
    counts: dict[str, int] = defaultdict(int)
    with transaction.atomic():
        list(RatingLedger.objects.select_for_update().all())
        RatingChange.objects.all().delete()
        PlayerRating.objects.all().delete()
        RatedResult.objects.all().delete()
        states: dict[str, dict[int, list]] = defaultdict(dict)
        tallies: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0, 0])
        last_event: dict[str, int] = {}
        stream = all_results(batch)
        if progress is not None:
            stream = progress(stream, result_count())
        pending: list[GameResult] = []
        for result in stream:
            counts[result.kind] += 1
            pending.append(result)
            if len(pending) >= batch:
                _rebuild_batch(pending, states, tallies, last_event)
                pending = []
        _rebuild_batch(pending, states, tallies, last_event)
        PlayerRating.objects.bulk_create(
            (PlayerRating(system=system, player_id=player, rating=rating, games=games, peak=peak,
                          wins=tallies[system, player][0], draws=tallies[system, player][1],
                          losses=tallies[system, player][2])
             for system, players in states.items() for player, (rating, games, peak) in players.items()),
            batch_size=batch)
        # Updated in place, not recreated: tasks waiting on these rows' locks must still find them.
        RatingLedger.objects.exclude(system__in=last_event).update(last_event_id=0)
        for system, last in last_event.items():
            RatingLedger.objects.update_or_create(system=system, defaults={"last_event_id": last})
    return dict(counts)


TALLY_INDEX = {elo.WIN: 0, elo.DRAW: 1, elo.LOSS: 2}


def _rebuild_batch(results: list[GameResult], states: dict, tallies: dict, last_event: dict) -> None:
    records = RatedResult.objects.bulk_create([r.record() for r in results])
    by_system: dict[str, list[RatedResult]] = defaultdict(list)
    for record in records:
        last_event.setdefault(record.system, 0)
        if record.kind == RatedResult.Kind.ELO:
            by_system[record.system].append(record)
    rows = []
    for system, elo_records in by_system.items():
        _, changes = elo.fold(((r.first_player_id, r.second_player_id, r.score, NO_SHIFT) for r in elo_records),
                              states[system])
        for record, change in zip(elo_records, changes):
            rows.extend(change_values(record, change))
            tallies[system, record.first_player_id][TALLY_INDEX[record.score]] += 1
            tallies[system, record.second_player_id][TALLY_INDEX[1.0 - record.score]] += 1
        last_event[system] = elo_records[-1].event_id
    insert_change_values(rows)


CHANGE_COLUMNS = ("result_id", "system", "event_id", "player_id", "opponent_id", "side", "score", "expected", "k",
                  "games_before", "rating_before", "rating_after", "peak_after")


def change_values(record: RatedResult, change: tuple) -> tuple[tuple, tuple]:
    """The two ``RatingChange`` rows of one rated result, as column tuples (``CHANGE_COLUMNS``)."""
    ra, ga, pa, ka, rb, gb, pb, kb, ea, na, nb = change
    head = (record.pk, record.system, record.event_id)
    return (
        head + (record.first_player_id, record.second_player_id, record.first_side, record.score, ea, ka, ga,
                ra, na, max(na, pa)),
        head + (record.second_player_id, record.first_player_id, record.second_side, 1.0 - record.score,
                1.0 - ea, kb, gb, rb, nb, max(nb, pb)),
    )


def insert_change_values(rows: list[tuple]) -> None:
    # Plain executemany: building a model instance per row costs more than the fold itself.
    if not rows:
        return
    table = connection.ops.quote_name(RatingChange._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(c) for c in CHANGE_COLUMNS)
    placeholders = ", ".join(["%s"] * len(CHANGE_COLUMNS))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({placeholders})", rows)
