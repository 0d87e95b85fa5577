"""A practice bot's move is made by a real Celery worker on Redis (bots/moves.py): the request
that starts the game only writes the outbox message; the worker consumes it, once."""
import pytest

from game.models import Game
from kernel.models import OutboxConsumption, StoredEvent
from tests.conftest import client_for, make_user
from tests.worker import wait_until

DOUBLES = "303=tests.bot_doubles:random_bots"


@pytest.fixture
def bot_worker(request, monkeypatch, settings):
    monkeypatch.setenv("NIGHTDUEL_BOT_PACKAGES", DOUBLES)  # the worker process reads it at start
    settings.NIGHTDUEL_BOT_PACKAGES = {"303": "tests.bot_doubles:random_bots"}
    return request.getfixturevalue("real_celery_worker")


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_the_bots_move_is_made_by_the_worker(bot_worker):
    alice = make_user("alice")
    answer = client_for(alice).post("/api/bot-games/", {"system": "303", "level": 1, "side": "raf"}, format="json")
    assert answer.status_code == 201, answer.content
    game_id = answer.json()["id"]
    assert answer.json()["version"] == 1  # nothing moved in the request

    game = wait_until(lambda: Game.objects.filter(pk=game_id, to_move=["raf"]).first(), timeout=60)
    moves = StoredEvent.objects.filter(stream=game.stream, command__isnull=False)
    assert {m.actor for m in moves} == {"bot-303-1"}
    # The message that gave the bot its turn was consumed once (the raf's own turn message, which
    # the same consumer finds nothing to do with, may be consumed by now too).
    bot_turns = [c for c in OutboxConsumption.objects.filter(consumer="bots.moves.play_turn",
                                                             message__payload__game_id=game_id).select_related("message")
                 if "luftwaffe" in c.message.payload["sides"]]
    assert len(bot_turns) == 1
    assert "consume_outbox_message" in bot_worker.log.read_text()
