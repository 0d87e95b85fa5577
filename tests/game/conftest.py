"""Fixtures of the game tests."""
import pytest

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
