"""A database error inside any API request is a clean, retryable 503 ``{code, message}``
(kernel/api/errors.py), not a 500 page; nothing is written (issue 9 "Fault tests")."""
import pytest
from django.db import InterfaceError, OperationalError

from game import services
from kernel.models import StoredEvent
from tests.conftest import client_for
from tests.doubles import RACE


@pytest.mark.django_db
@pytest.mark.parametrize("error", [OperationalError("server closed the connection unexpectedly"),
                                   InterfaceError("connection already closed")])
def test_a_lost_database_is_a_503_with_retry_after_and_nothing_is_stored(users, monkeypatch, error):
    game = services.create_game(system_name=RACE, setup={}, players={"a": users["alice"], "b": users["bob"]})

    def lose_the_database(*args, **kwargs):
        raise error  # the connection dies as the command's one write is sent

    monkeypatch.setattr(services, "append_and_save", lose_the_database)
    response = client_for(users["alice"]).post(f"/api/games/{game.pk}/commands/",
                                               {"expected_version": 1, "command": {"type": "roll"}}, format="json")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "service_unavailable" and response.json()["message"]
    assert int(response["Retry-After"]) > 0
    assert list(StoredEvent.objects.filter(stream=game.stream).values_list("seq", flat=True)) == [1]
