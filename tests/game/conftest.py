"""Fixtures of the game tests."""
import io
import uuid
from datetime import datetime, timedelta, timezone as dt_timezone

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone as django_timezone

from tests.conftest import client_for
from tests.database_owner import as_owner
from tests.doubles import RACE


@pytest.fixture
def race(users):
    """The id of a running race game between alice (a) and bob (b), created through the API."""
    response = client_for(users["alice"]).post(
        "/api/games/", {"system": RACE, "setup": {"target": 12}, "players": {"a": "alice", "b": "bob"}},
        format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


class SettableClock:
    """``timezone.now`` as the test sets it: time moves only when the test says so."""

    def __init__(self, start):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, **delta):
        self.now += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch):
    """Every ``django.utils.timezone.now()`` of the service (moves, sweeps, vacations, auto_now
    fields) reads this clock, which starts at 10 March 2026 12:00 UTC."""
    settable = SettableClock(datetime(2026, 3, 10, 12, tzinfo=dt_timezone.utc))
    monkeypatch.setattr(django_timezone, "now", settable)
    return settable


@pytest.fixture
def service_login(transactional_db):
    """A login role granted by ``manage.py grant_service_role``, and a connection as it."""
    if connection.vendor != "postgresql":
        pytest.skip("roles are PostgreSQL's, an outside service (set DATABASE_URL)")
    role = f"nd_probe_{uuid.uuid4().hex[:10]}"
    quoted = connection.ops.quote_name(role)
    with as_owner(), connection.cursor() as cursor:
        cursor.execute(f"CREATE ROLE {quoted} LOGIN PASSWORD '{role}'")
    try:
        with as_owner():
            call_command("grant_service_role", role, stdout=io.StringIO())
        s = connection.settings_dict
        with psycopg.connect(host=s["HOST"] or "localhost", port=s["PORT"] or 5432, dbname=s["NAME"], user=role,
                             password=role, autocommit=True) as login:
            yield login
    finally:
        with as_owner(), connection.cursor() as cursor:
            for sql in ["REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {}",
                        "REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {}", "REVOKE ALL ON SCHEMA public FROM {}",
                        "DROP ROLE {}"]:
                cursor.execute(sql.format(quoted))
