"""The embedded default (no broker, tasks inline): a page or API request that leaves a bot to
move answers at once; the bot's move is made afterwards in the serving process's background
thread (kernel/background.py), never inside the request."""
import pytest

from kernel import background
from game.models import Game
from tests import bot_doubles
from tests.conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_request_answers_before_the_bot_moves_and_the_move_follows(users, doubles):
    doubles.NIGHTDUEL_BOT_PACKAGES = {"303": "tests.bot_doubles:slow_bots"}
    bot_doubles.RELEASE.clear()
    try:
        answer = client_for(users["alice"]).post("/api/bot-games/", {"system": "303", "level": 1, "side": "raf"},
                                                 format="json")
        assert answer.status_code == 201
        game = Game.objects.get(pk=answer.json()["id"])
        assert game.version == 1 and game.to_move == ["luftwaffe"]  # the bot is still thinking
    finally:
        bot_doubles.RELEASE.set()
    background.wait_until_idle()
    game.refresh_from_db()
    assert game.version > 1 and game.to_move == ["raf"]
