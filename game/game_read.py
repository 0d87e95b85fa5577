"""The command path's one read (issue 18): a game row, its dice seed and the sides a user plays
in it, by one statement whose SQL and value converters are built once per process.

The ORM query it replaces (seats joined to the game and its secret, ``select_related``) was
compiled anew on every command: a fifth of a move's CPU went into building the same SQL. The
models come out as the ORM makes them (``Model.from_db``, the fields' own converters), so the
rest of the service cannot tell the difference.
"""
from __future__ import annotations

from django.db import connection

from .models import Game, GameSeat, GameSecret
from kernel.prepared import prepared_cursor

_statements: dict[str, tuple[str, list]] = {}


def _statement() -> tuple[str, list]:
    """The SQL (user id, game id as parameters) and, per Game field it reads, the column
    expression and the converters the ORM would apply to its value."""
    built = _statements.get(connection.vendor)
    if built is None:
        quote = connection.ops.quote_name
        fields = Game._meta.concrete_fields
        columns = []
        for f in fields:
            col = f.get_col("g")
            columns.append((f, col, connection.ops.get_db_converters(col) + col.get_db_converters(connection)))
        secret, seat = GameSecret._meta, GameSeat._meta
        # A LEFT JOIN on the user's seats: one row per seat they hold, or one row with no side.
        sql = (f"SELECT {', '.join('g.' + quote(f.column) for f in fields)}, s.{quote('seed')}, p.{quote('side')}"
               f" FROM {quote(Game._meta.db_table)} g"
               f" LEFT JOIN {quote(secret.db_table)} s ON s.{quote('game_id')} = g.{quote('id')}"
               f" LEFT JOIN {quote(seat.db_table)} p ON p.{quote('game_id')} = g.{quote('id')}"
               f" AND p.{quote('user_id')} = %s"
               f" WHERE g.{quote('id')} = %s")
        built = _statements[connection.vendor] = (sql, columns)
    return built


def game_with_seats(game_id, user_id) -> tuple[Game, set[str]] | None:
    """The game (its ``secret`` loaded) and the sides ``user_id`` plays in it; None if there is no such game."""
    sql, columns = _statement()
    key = Game._meta.pk.get_db_prep_value(game_id, connection)
    with prepared_cursor() as cursor:
        cursor.execute(sql, [user_id, key])
        rows = cursor.fetchall()
    if not rows:
        return None
    first = rows[0]
    values = []
    for (_field, col, converters), value in zip(columns, first):
        for convert in converters:
            value = convert(value, col, connection)
        values.append(value)
    game = Game.from_db(connection.alias, [f.attname for f, _col, _conv in columns], values)
    seed = first[len(columns)]
    if seed is not None:
        game.secret = GameSecret.from_db(connection.alias, ["game_id", "seed"], [game.pk, seed])
    return game, {row[-1] for row in rows if row[-1] is not None}
