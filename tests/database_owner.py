"""The database owner's explicit paths in the test suite, which the running service never takes.

- **Emptying ``events`` between transactional tests.** The table refuses UPDATE, DELETE and
  (while it holds events) TRUNCATE (migrations 0002, 0005). After a transactional test the
  suite deletes its rows as the table's owner, with the row trigger lifted for that one transaction,
  and pytest-django's flush — a TRUNCATE of every table — leaves it out
  (:func:`flush_all_but_events`): truncating the partitioned table (game 0014) writes and fsyncs
  a new file for each index of each partition, about half a second a test, where deleting the
  few rows a test made costs nothing.
- **The production shape.** With ``NIGHTDUEL_TEST_SERVICE_ROLE=<role>`` (PostgreSQL; .ci/run
  sets it) the test database is migrated by the login role, its owner; ``manage.py
  grant_service_role`` then grants ``<role>`` what the service needs, and the tests act as
  ``<role>`` (``SET ROLE``), as the web, worker and beat processes would. Only the paths here
  switch back to the owner, explicitly.
"""
from __future__ import annotations

import importlib
import os
from contextlib import contextmanager

from django.db import connection, transaction

SERVICE_ROLE = os.environ.get("NIGHTDUEL_TEST_SERVICE_ROLE", "")
APPEND_ONLY = importlib.import_module("game.migrations.0002_events_append_only")
LIFT_AND_EMPTY = {
    "postgresql": ["ALTER TABLE events DISABLE TRIGGER events_append_only", "DELETE FROM events",
                   "ALTER TABLE events ENABLE TRIGGER events_append_only"],
    "sqlite": APPEND_ONLY.SQLITE_DOWN + ["DELETE FROM events"] + APPEND_ONLY.SQLITE_UP,
}


def acting_as_service() -> bool:
    return bool(SERVICE_ROLE) and connection.vendor == "postgresql"


def act_as_service() -> None:
    if acting_as_service():
        with connection.cursor() as cursor:
            cursor.execute(f"SET ROLE {connection.ops.quote_name(SERVICE_ROLE)}")


@contextmanager
def as_owner():
    """Run the block as the table owner (the login role); back to the service role after."""
    if acting_as_service():
        with connection.cursor() as cursor:
            cursor.execute("RESET ROLE")
    try:
        yield
    finally:
        act_as_service()


def empty_event_table() -> None:
    with connection.cursor() as cursor:
        if acting_as_service():
            cursor.execute("RESET ROLE")  # the flush that follows is the owner's too
        with transaction.atomic():
            for sql in LIFT_AND_EMPTY[connection.vendor]:
                cursor.execute(sql)


def flush_all_but_events(style, connection, reset_sequences=True, allow_cascade=False) -> list[str]:
    """Django's ``sql_flush`` (run by pytest-django's flush) without ``events``, which
    :func:`empty_event_table` has emptied; refused if it did not."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM events)")
        if cursor.fetchone()[0]:
            raise RuntimeError("a transactional test left events behind: empty_event_table did not run")
    tables = [table for table in connection.introspection.django_table_names(only_existing=True, include_views=False)
              if table != "events"]
    return connection.ops.sql_flush(style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
