"""The rebuild's bulk writes on PostgreSQL: each row formatted by one operation in Python, not
handed to the driver value by value (whose per-value adaptation cost more than the Elo fold).

* Rated results (one per result, mostly text) go as text ``COPY`` lines, one ``%`` per row;
  strings are escaped once per distinct value (systems, sides and notes repeat millions of times).
* Rating changes (two or more per result, mostly floats) go as binary ``COPY`` rows, one
  ``struct`` pack each: no float is turned into text and back, so ratings stay bit-identical.
"""
from __future__ import annotations

import json
import struct
from contextlib import contextmanager
from functools import cache

from django.db import connection

from .models import RatedResult, RatingChange

TEXT_NULL = "\\N"
BINARY_HEADER = b"PGCOPY\n\xff\r\n\0" + bytes(8)  # signature, flags, header extension length
BINARY_TRAILER = b"\xff\xff"
BINARY_NULL = -1
# struct codes and sizes of the fixed-width PostgreSQL types the change rows hold.
FIXED_WIDTH = {"bigint": ("q", 8), "integer": ("i", 4), "smallint": ("h", 2), "double precision": ("d", 8)}

RESULT_COLUMNS = ("id", "game_id", "result_seq", "event_id", "system", "kind", "ending", "note", "finished_at",
                  "first_player_id", "first_side", "second_player_id", "second_side", "score", "tournament_id",
                  "leg", "placings")
RESULT_LINE = "\t".join(["%s"] * len(RESULT_COLUMNS)) + "\n"
# The numbers first, the two strings last (their lengths vary); the opponent is the only one that
# may be null (a table of more than two).
CHANGE_NUMBERS = ("result_id", "event_id", "player_id", "opponent_id", "score", "expected", "k", "games_before",
                  "rating_before", "rating_after", "peak_after", "placing", "players")
CHANGE_COPY_COLUMNS = CHANGE_NUMBERS + ("system", "side")


def escaped(text: str) -> str:
    """``text`` as a value of a text ``COPY`` line."""
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


class TextValues(dict):
    """str → its text ``COPY`` form, computed on first use."""

    def __missing__(self, value: str) -> str:
        self[value] = text = escaped(value)
        return text


class BinaryValues(dict):
    """str → its binary ``COPY`` field (length, UTF-8 bytes), computed on first use."""

    def __missing__(self, value: str) -> bytes:
        data = value.encode()
        self[value] = field = struct.pack(">i", len(data)) + data
        return field


@contextmanager
def _copy(model, columns: tuple[str, ...], options: str = ""):
    names = ", ".join(connection.ops.quote_name(c) for c in columns)
    table = connection.ops.quote_name(model._meta.db_table)
    with connection.cursor() as cursor, cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN {options}") as copy:
        yield copy


def write_results(rows: list[tuple[int, object]], text: TextValues) -> None:
    """Rated results (``(id, GameResult)``) by one text ``COPY``."""
    null = TEXT_NULL
    lines = [RESULT_LINE % (
        pk, null if r.game_id is None else r.game_id, r.result_seq, r.event_id, text[r.system], r.kind, r.ending,
        text[r.note], r.finished_at, null if r.first_player_id is None else r.first_player_id, text[r.first_side],
        null if r.second_player_id is None else r.second_player_id, text[r.second_side],
        null if r.score is None else r.score, null if r.tournament_id is None else r.tournament_id, text[r.leg],
        escaped(json.dumps([list(p) for p in r.placings])) if r.placings else "[]",
    ) for pk, r in rows]
    with _copy(RatedResult, RESULT_COLUMNS) as copy:
        copy.write("".join(lines))


def write_changes(rows: list[tuple], fields: BinaryValues) -> None:
    """Rating changes (tuples in ``projection.CHANGE_COLUMNS`` order) by one binary ``COPY``."""
    with_opponent, without = _change_packers()
    s0, s2, s3, s4, s6, s7, s8, s9, s10, s11, s12, s13, s14 = (
        FIXED_WIDTH[t][1] for t in _change_types())
    count, null = len(CHANGE_COPY_COLUMNS), BINARY_NULL
    chunks = [BINARY_HEADER]
    append = chunks.append
    for r in rows:
        if r[4] is None:
            numbers = without.pack(count, s0, r[0], s2, r[2], s3, r[3], null, s6, r[6], s7, r[7], s8, r[8],
                                   s9, r[9], s10, r[10], s11, r[11], s12, r[12], s13, r[13], s14, r[14])
        else:
            numbers = with_opponent.pack(count, s0, r[0], s2, r[2], s3, r[3], s4, r[4], s6, r[6], s7, r[7],
                                         s8, r[8], s9, r[9], s10, r[10], s11, r[11], s12, r[12], s13, r[13],
                                         s14, r[14])
        append(numbers + fields[r[1]] + fields[r[5]])
    append(BINARY_TRAILER)
    with _copy(RatingChange, CHANGE_COPY_COLUMNS, "(FORMAT BINARY)") as copy:
        copy.write(b"".join(chunks))


@cache
def _change_packers() -> tuple[struct.Struct, struct.Struct]:
    """The packers of a change row's numbers (each field its length, then its value): with an
    opponent, and with a null one (length −1, no value)."""
    codes = [FIXED_WIDTH[t][0] for t in _change_types()]
    fields = ["i" + code for code in codes]
    without = list(fields)
    without[CHANGE_NUMBERS.index("opponent_id")] = "i"
    return struct.Struct(">h" + "".join(fields)), struct.Struct(">h" + "".join(without))


@cache
def _change_types() -> tuple[str, ...]:
    """The PostgreSQL types of ``CHANGE_NUMBERS`` (a key's is its target's)."""
    fields = {f.column: f for f in RatingChange._meta.concrete_fields}
    return tuple(fields[c].db_type(connection) for c in CHANGE_NUMBERS)
