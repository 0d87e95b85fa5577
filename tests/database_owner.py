"""The database owner's explicit paths in the test suite, which the running service never takes.

- **Emptying ``events`` between transactional tests.** The table refuses UPDATE, DELETE and
  (while it holds events) TRUNCATE (migrations 0002, 0005). After a transactional test the
  suite empties it as its owner, with the guard lifted for that one transaction, so that
  pytest-django's flush — a TRUNCATE of every table — then finds it empty.
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
    "postgresql": ["ALTER TABLE events DISABLE TRIGGER events_no_truncate", "TRUNCATE events",
                   "ALTER TABLE events ENABLE TRIGGER events_no_truncate"],
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
