"""The ratings projection: incremental updates and the full rebuild (docs/rules/service.md, "Ratings").

Order. Elo depends on the order games are rated in. The canonical order is the order the
results' ``GameEnded`` events were appended to the store (``events.id``); the rebuild folds
in exactly that order. A task may still arrive out of order (two games end at once, a worker
is slow, PostgreSQL hands out ids before commit): the per-system ``RatingLedger`` remembers
the newest result rated. A result newer than that is simply applied; an older one triggers
a recompute of the affected tail — every rated result of the system from that one on is
re-folded from the players' ratings just before it. Either way the stored ratings are always
the fold of all recorded results in canonical order, so "rebuild equals incremental" holds.
Two-player results (``elo``) and 3–5 player results (``multiplayer``, pairwise Elo) are one
sequence per system, folded by the same code in both paths (:func:`fold_records`).

Idempotency. Each result is recorded once (``RatedResult``, unique per game and result seq)
in the same transaction as the rating changes; the per-system ledger row is locked first, so
a re-delivered or concurrent duplicate task finds the record and changes nothing.

Rebuild speed. The result events are streamed in batches (a server-side cursor on
PostgreSQL, the seats aggregated per game before the join; a rebuild that is a transaction of
its own reads them in a thread on a second connection, ``ratings/read_ahead.py``, so that the
server sends the next batches while this one is written), classified without model instances,
and written with ``COPY`` (ids reserved from the table's sequence first, so a batch's rating
changes can name their results), each row formatted by one operation (``ratings/copy_rows.py``).
The old projection goes with one ``TRUNCATE``, which makes readers of the rating tables wait for
the rebuild's commit instead of seeing a half-built projection; while the tables are locked that
way their indexes and keys are dropped and built again at the end (one sort each instead of
millions of insertions). Their foreign keys are no triggers, and a key that leads a unique
constraint or an index has no index of its own (``ratings/models.py``).
"""
from __future__ import annotations

from collections import defaultdict
from contextlib import closing
from functools import partial
from typing import Callable, Iterable
from uuid import UUID

from django.db import connection, transaction
from django.db.models import Count, Q

from . import copy_rows, elo
from .models import PlayerRating, RatedResult, RatingChange, RatingLedger
from .read_ahead import read_ahead
from .results import RECORD_FIELDS, GameResult, all_results, result_count
from .table_results import latest_leg_results, merged

NO_SHIFT = 0.0
RATED_KINDS = (RatedResult.Kind.ELO, RatedResult.Kind.MULTIPLAYER)


def lock_ledger(system: str) -> RatingLedger:
    RatingLedger.objects.get_or_create(system=system)
    return RatingLedger.objects.select_for_update().get(system=system)


def players_of(record) -> list[int]:
    if record.kind == RatedResult.Kind.MULTIPLAYER:
        return [player for _, player, _ in record.placings]
    return [record.first_player_id, record.second_player_id]


def record_result(result: GameResult) -> bool:
    """Rate one result; False if it was recorded before (a re-delivered task)."""
    with transaction.atomic():
        ledger = lock_ledger(result.system)
        if recorded_before(result):
            return False
        record = result.record()
        record.save()
        if record.kind in RATED_KINDS:
            if record.event_id > ledger.last_event_id:
                _refold([record], _current_states(record))
                ledger.last_event_id = record.event_id
                ledger.save(update_fields=["last_event_id"])
            else:
                _refold_tail(record)
    return True


def recorded_before(result: GameResult) -> bool:
    """A game's result is known by its game and seq; a leg at the table by its settling event."""
    if result.game_id is None:
        return RatedResult.objects.filter(event_id=result.event_id).exists()
    return RatedResult.objects.filter(game_id=result.game_id, result_seq=result.result_seq).exists()


def _current_states(record: RatedResult) -> dict[int, list]:
    return {row.player_id: [row.rating, row.games, row.peak]
            for row in PlayerRating.objects.filter(system=record.system, player_id__in=players_of(record))}


def _refold_tail(first: RatedResult) -> None:
    """Re-rate every rated result of the system from ``first`` on (a result arrived late)."""
    tail = list(RatedResult.objects.filter(system=first.system, kind__in=RATED_KINDS,
                                           event_id__gte=first.event_id).order_by("event_id"))
    RatingChange.objects.filter(result__in=[record.pk for record in tail]).delete()
    players = {p for r in tail for p in players_of(r)}
    states = {}
    before = (RatingChange.objects.filter(system=first.system, player_id__in=players, event_id__lt=first.event_id)
              .order_by("player_id", "-event_id"))
    for change in before.only("player_id", "rating_after", "games_before", "peak_after"):
        states.setdefault(change.player_id, [change.rating_after, change.games_before + 1, change.peak_after])
    _refold(tail, states)


def _refold(records: list[RatedResult], states: dict[int, list]) -> None:
    """Fold ``records`` on top of ``states``; write their changes and the players' totals."""
    insert_rows(RatingChange, CHANGE_COLUMNS, fold_records(records, states))
    _save_player_ratings(records[0].system, {p: states[p] for r in records for p in players_of(r)})


# A change row counts as a win, draw or loss (PlayerRating totals): first place with a better
# than even score wins; first place at exactly even shares it with everybody: a draw.
WON = Q(placing=1, score__gt=elo.DRAW)
DRAWN = Q(placing=1, score=elo.DRAW)
LOST = Q(placing__gt=1)


def tally_index(placing: int, score: float) -> int:
    """0 win, 1 draw, 2 loss: the Python twin of ``WON`` / ``DRAWN`` / ``LOST``."""
    return 2 if placing > 1 else (0 if score > elo.DRAW else 1)


def _save_player_ratings(system: str, states: dict[int, list]) -> None:
    totals = (RatingChange.objects.filter(system=system, player_id__in=states).values("player_id")
              .annotate(wins=Count("id", filter=WON), draws=Count("id", filter=DRAWN),
                        losses=Count("id", filter=LOST)))
    by_player = {t["player_id"]: t for t in totals}
    rows = [
        PlayerRating(system=system, player_id=player, rating=rating, games=games, peak=peak,
                     wins=by_player[player]["wins"], draws=by_player[player]["draws"],
                     losses=by_player[player]["losses"])
        for player, (rating, games, peak) in states.items()
    ]
    PlayerRating.objects.bulk_create(rows, update_conflicts=True, unique_fields=["system", "player"],
                                     update_fields=["rating", "peak", "games", "wins", "draws", "losses"])


CHANGE_COLUMNS = ("result_id", "system", "event_id", "player_id", "opponent_id", "side", "score", "expected", "k",
                  "games_before", "rating_before", "rating_after", "peak_after", "placing", "players")
RESULT_COLUMNS = ("id",) + RECORD_FIELDS + ("placings",)
PLACING_INDEX = CHANGE_COLUMNS.index("placing")


def fold_records(records: list, states: dict[int, list]) -> list[tuple]:
    """Rate ``records`` (rated results of one system, in order) on top of ``states``; returns
    their ``RatingChange`` rows as column tuples (``CHANGE_COLUMNS``). Runs of two-player
    results go through ``elo.fold`` in one call (the rebuild's hot loop)."""
    rows: list[tuple] = []
    run: list = []

    def flush():
        _, changes = elo.fold(((r.first_player_id, r.second_player_id, r.score, NO_SHIFT) for r in run), states)
        for record, change in zip(run, changes):
            rows.extend(change_values(record, change))
        run.clear()

    for record in records:
        if record.kind == RatedResult.Kind.ELO:
            run.append(record)
            continue
        flush()
        head = (record.pk, record.system, record.event_id)
        table = [(player, place) for _, player, place in record.placings]
        for (side, player, place), (rating, games, peak, k, score, expected, new) in zip(
                record.placings, elo.rate_table(table, states)):
            rows.append(head + (player, None, side, score, expected, k, games, rating, new, max(new, peak),
                                place, len(table)))
    flush()
    return rows


def change_values(record, change: tuple) -> tuple[tuple, tuple]:
    """The two ``RatingChange`` rows of one two-player result, as column tuples."""
    ra, ga, pa, ka, rb, gb, pb, kb, ea, na, nb = change
    score = record.score
    head = (record.pk, record.system, record.event_id)
    return (
        head + (record.first_player_id, record.second_player_id, record.first_side, score, ea, ka, ga,
                ra, na, max(na, pa), 1 if score >= elo.DRAW else 2, 2),
        head + (record.second_player_id, record.first_player_id, record.second_side, 1.0 - score,
                1.0 - ea, kb, gb, rb, nb, max(nb, pb), 1 if score <= elo.DRAW else 2, 2),
    )


def insert_rows(model, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """Write plain rows in bulk: ``COPY`` on PostgreSQL, ``executemany`` elsewhere (building a
    model instance per row would cost more than the fold itself)."""
    if not rows:
        return
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(c) for c in columns)
    preparers = _preparers(model, columns)
    if any(preparers):
        rows = [tuple(prep(v) if prep else v for prep, v in zip(preparers, row)) for row in rows]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # Binary COPY with the column types given: no per-value type guessing (≈ 5× faster).
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
                copy.set_types(_column_types(model, columns))
                for row in rows:
                    copy.write_row(row)
        else:
            placeholders = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({placeholders})", rows)


def _column_types(model, columns: tuple[str, ...]) -> list[str]:
    """PostgreSQL type names of ``columns`` (``varchar(20)`` → ``varchar``; a key → its target's)."""
    fields = {f.column: f for f in model._meta.concrete_fields}
    return [fields[c].db_type(connection).split("(")[0] for c in columns]


def _uuid(value):
    return value if value is None or isinstance(value, UUID) else UUID(value)


def _preparers(model, columns: tuple[str, ...]) -> list:
    """Per column, what turns a Python value into what the driver writes (None: as it is)."""
    fields = {f.column: f for f in model._meta.concrete_fields}
    if connection.vendor == "postgresql":  # COPY takes Python values; JSON needs its wrapper
        # Binary COPY takes Python values of the column's type: a game id may come as its text.
        return [{"uuid": _uuid}.get(t) for t in _column_types(model, columns)]
    return [partial(fields[c].get_db_prep_value, connection=connection) for c in columns]


def reserve_ids(model, count: int) -> range:
    """``count`` fresh primary keys of ``model``'s table, from its sequence on PostgreSQL, past the
    largest id elsewhere (SQLite holds the database's write lock for the transaction).

    On PostgreSQL the rebuild's ``TRUNCATE`` keeps every other writer of the table waiting, so
    nothing else takes an id meanwhile and a batch's ids are one block: only its ends are sent
    back (a million ids sent one by one cost 4 s).
    """
    table = model._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # The sequence is looked up once: in the select list it would be looked up per id.
            cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [table])
            cursor.execute("SELECT min(n), max(n) FROM (SELECT nextval(%s) AS n FROM generate_series(1, %s)) ids",
                           [cursor.fetchone()[0], count])
            first, last = cursor.fetchone()
            if last - first + 1 != count:
                raise RuntimeError(f"{table}: another transaction took ids from its sequence during the rebuild")
            return range(first, last + 1)
        cursor.execute(f"SELECT COALESCE(MAX(id), 0) FROM {connection.ops.quote_name(table)}")
        start = cursor.fetchone()[0] + 1
    return range(start, start + count)


PROJECTION_TABLES = (RatingChange, RatedResult, PlayerRating)


def _clear_projection() -> list[str]:
    """Empty the projection; on PostgreSQL also drop its indexes and keys and return the
    statements that build them again — when the role owns the tables (``manage.py
    rebuild_ratings`` run by the owner). The service role (README, "Production shape") may not
    drop them, so a rebuild it runs loads with them in place.

    Loading a million results into tables with their keys in place costs several times the load
    itself (each row a search in each key's tree); a key built once at the end is one sort, and
    it still checks uniqueness, so a duplicate fails the rebuild and nothing of it is kept.
    A key that a database foreign key points at stays.
    """
    if connection.vendor != "postgresql":
        for model in PROJECTION_TABLES:
            model.objects.all().delete()
        return []
    tables = [m._meta.db_table for m in PROJECTION_TABLES]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        # TRUNCATE needs the deferred checks of anything written earlier in the transaction done.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("TRUNCATE " + ", ".join(quote(t) for t in tables))
        cursor.execute(OWNED_KEYS, [tables])
        keys = cursor.fetchall()
        cursor.execute(OWNED_INDEXES, [tables])
        indexes = cursor.fetchall()
        for table, name, _ in keys:
            cursor.execute(f"ALTER TABLE {quote(table)} DROP CONSTRAINT {quote(name)}")
        for name, _ in indexes:
            cursor.execute(f"DROP INDEX {quote(name)}")
    return ([f"ALTER TABLE {quote(table)} ADD CONSTRAINT {quote(name)} {definition}" for table, name, definition in keys]
            + [definition for _, definition in indexes])


# Of the projection's tables (those this role owns): primary and unique keys no foreign key points at,
OWNED_KEYS = """
SELECT t.relname, c.conname, pg_get_constraintdef(c.oid) FROM pg_constraint c
JOIN pg_class t ON t.oid = c.conrelid
WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY(%s) AND c.contype IN ('p', 'u')
  AND pg_has_role(t.relowner, 'USAGE')
  AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.confrelid = c.conrelid)
"""
# and the indexes that back no constraint.
OWNED_INDEXES = """
SELECT indexname, indexdef FROM pg_indexes i WHERE schemaname = current_schema() AND tablename = ANY(%s)
  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
  AND pg_has_role((SELECT tableowner FROM pg_tables t WHERE t.schemaname = i.schemaname
                   AND t.tablename = i.tablename), 'USAGE')
"""


# Building the indexes dropped while loading sorts millions of rows: in memory, not on disk.
INDEX_BUILD_MEMORY = "256MB"


def rebuild(progress: Callable[[Iterable, int], Iterable] | None = None, batch: int = 10_000) -> dict[str, int]:
    """Drop the projection and fold every result event again, in canonical order.

    ``progress`` wraps the stream of batches and is told the number of results (``tqdm`` in the
    management command). Runs in one transaction holding every ledger lock, so tasks arriving
    meanwhile wait and then see the rebuilt state. Returns counts per result kind.
    """
    counts: dict[str, int] = defaultdict(int)
    reading_apart = connection.vendor == "postgresql" and not connection.in_atomic_block
    with transaction.atomic():
        list(RatingLedger.objects.select_for_update().all())
        rebuild_statements = _clear_projection()
        states: dict[str, dict[int, list]] = defaultdict(dict)
        tallies: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0, 0])
        last_event: dict[str, int] = {}
        write = _copy_writer() if connection.vendor == "postgresql" else _insert_writer
        legs = latest_leg_results()
        read = partial(all_results, batch)
        # Closed on the way out, an error while writing included: a reader thread stops at once
        # instead of holding its connection's transaction open until the traceback is freed.
        with closing(read_ahead(read) if reading_apart else read()) as stored:
            batches = merged(stored, legs)
            if progress is not None:
                batches = progress(batches, result_count() + len(legs))
            for results in batches:
                _rebuild_batch(results, states, tallies, last_event, counts, write)
        rows = [(system, player, rating, peak, games, *tallies[system, player])
                for system, players in states.items() for player, (rating, games, peak) in players.items()]
        insert_rows(PlayerRating, ("system", "player_id", "rating", "peak", "games", "wins", "draws", "losses"), rows)
        with connection.cursor() as cursor:
            if rebuild_statements:
                cursor.execute(f"SET LOCAL maintenance_work_mem = '{INDEX_BUILD_MEMORY}'")
            for statement in rebuild_statements:
                cursor.execute(statement)
        # Updated in place, not recreated: tasks waiting on these rows' locks must still find them.
        RatingLedger.objects.exclude(system__in=last_event).update(last_event_id=0)
        for system, last in last_event.items():
            RatingLedger.objects.update_or_create(system=system, defaults={"last_event_id": last})
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # Django's default again
    return dict(counts)


def _insert_writer(results: list[tuple[int, GameResult]], changes: list[tuple]) -> None:
    insert_rows(RatedResult, RESULT_COLUMNS, [
        (pk,) + tuple(getattr(r, name) for name in RECORD_FIELDS) + ([list(p) for p in r.placings],)
        for pk, r in results])
    insert_rows(RatingChange, CHANGE_COLUMNS, changes)


def _copy_writer() -> Callable[[list, list], None]:
    """PostgreSQL: rows formatted by ``ratings/copy_rows.py``, its memo of strings kept across batches."""
    text, fields = copy_rows.TextValues(), copy_rows.BinaryValues()

    def write(results: list[tuple[int, GameResult]], changes: list[tuple]) -> None:
        copy_rows.write_results(results, text)
        copy_rows.write_changes(changes, fields)
    return write


def _rebuild_batch(results: list[GameResult], states: dict, tallies: dict, last_event: dict, counts: dict,
                   write: Callable[[list, list], None]) -> None:
    numbered = list(zip(reserve_ids(RatedResult, len(results)), results))
    by_system: dict[str, list[GameResult]] = defaultdict(list)
    for pk, result in numbered:
        counts[result.kind] += 1
        last_event.setdefault(result.system, 0)
        if result.kind in RATED_KINDS:
            result.pk = pk
            by_system[result.system].append(result)
    rows = []
    for system, records in by_system.items():
        system_rows = fold_records(records, states[system])
        for row in system_rows:
            tallies[system, row[3]][tally_index(row[PLACING_INDEX], row[6])] += 1
        rows += system_rows
        last_event[system] = records[-1].event_id
    write(numbered, rows)
