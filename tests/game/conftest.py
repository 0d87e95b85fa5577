"""Fixtures of the game tests."""
from datetime import datetime, timedelta, timezone as dt_timezone

import pytest
from django.utils import timezone as django_timezone

from tests.conftest import client_for
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
