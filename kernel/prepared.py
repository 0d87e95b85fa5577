"""Server-side prepared statements for the command path's hot statements (issue 18).

Django's psycopg cursors bind parameters on the client: every command's statements were
quoted into new SQL text, which PostgreSQL then parsed and planned again. The read of a game
(game/game_read.py) and the append (store.append_and_save) are the same few statements every
time, so on PostgreSQL they go through :func:`prepared_cursor`: parameters bound on the server
and the statement prepared once per connection. It is Django's own cursor wrapper around a
server-binding psycopg cursor, so errors, query logging and execute wrappers are as for any
other query. Prepared statements live in the session: a transaction-pooling proxy (PgBouncer
in transaction mode) in front of PostgreSQL would need ``prepare=False`` here.
"""
from django.db import connection
from psycopg import Cursor


class PreparingCursor(Cursor):
    """psycopg's server-binding cursor, preparing every statement it runs."""

    def execute(self, query, params=None, **kwargs):
        return super().execute(query, params, prepare=True)

    def _send_query_prepared(self, name, pgq, *, binary=None):
        # psycopg (3.3) keeps the statement it sent only when it is not prepared; Django's query
        # log (DEBUG, CaptureQueriesContext) reads it from there.
        self._query = pgq
        return super()._send_query_prepared(name, pgq, binary=binary)


def prepared_cursor():
    """A cursor whose ``execute`` prepares its statement (PostgreSQL), else a plain cursor."""
    cursor = connection.cursor()
    if connection.vendor == "postgresql":
        raw = connection.connection
        if raw.prepare_threshold is None:
            # Django turns psycopg's preparing off; only cursors asking for it (these) prepare,
            # as Django's own cursors bind on the client and never do.
            raw.prepare_threshold = 5
        cursor.cursor.close()
        cursor.cursor = PreparingCursor(raw)
    return cursor
