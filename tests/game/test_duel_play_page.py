"""The Duel in the Dark play page as the server renders it (issue 15): without JavaScript the
template's raw box starts from a complete command the rules accept (it used to be refused as
``malformed_command``) and the allowed faces of every tile are listed; the Duel controls, their
words and the situation in words are on the page; the German's page carries no route."""
import html
import re

import pytest
from django.test import Client

from game import services
from game.api.views import game_detail
from game.models import Game
from tests.rules.duel.policies import options_policy

pytestmark = pytest.mark.django_db


def duel_at(users, step: str) -> Game:
    players = {"british": users["alice"], "german": users["bob"]}
    game = services.create_game(system_name="duel-in-the-dark", setup={"weather_card": 12}, players=players)
    for _ in range(60):
        game = Game.objects.get(pk=game.pk)
        side = game.to_move[0]
        detail = game_detail(game, players[side], side)
        if detail["view"]["step"] == step:
            return game
        services.submit_command(game_id=game.pk, user=players[side], expected_version=game.version, side=side,
                                command=options_policy(detail["view"], detail["legal_actions"], side))
    raise AssertionError(f"step {step} not reached")


def page(user, game) -> str:
    client = Client()
    client.force_login(user)
    return client, client.get(f"/games/{game.pk}/").content.decode()


def test_without_javascript_the_ground_unit_template_lists_faces_and_its_example_is_accepted(users):
    game = duel_at(users, "ground_units")
    client, text = page(users["bob"], game)
    assert "t01: flak / fire_engine" in text and "t11: radar / civil_shelter" in text  # §2.6: the faces, named
    box = re.search(r'<input type="hidden" name="action" value="(\d+)">(?:(?!</form>).)*?'
                    r'<textarea id="c\d+" name="composed"[^>]*>(.*?)</textarea>', text, re.S)
    assert box, "no raw-command box"
    example = html.unescape(box.group(2))
    assert '"placements": [' in example
    version = game.version
    client.post(f"/games/{game.pk}/", {"action": box.group(1), "expected_version": version, "composed": example})
    game.refresh_from_db()
    assert game.version > version and game.to_move == ["british"]


def test_the_duel_page_carries_its_controls_words_and_situation_and_no_route_for_the_german(users):
    game = duel_at(users, "mosquito")
    _, german = page(users["bob"], game)
    _, british = page(users["alice"], game)
    for text in (german, british):
        assert 'id="duel-controls"' in text and 'id="duel-words"' in text and "js/duel/controls.js" in text
        assert "The situation" in text and "wind to the north-west" in text
    plan = game_detail(game, users["alice"], "british")["view"]["plan"]
    route = ", ".join(f'{{"dir": "{c["dir"]}", "colour": "{c["colour"]}"}}' for c in plan["route"])
    assert route in british and route not in german
    assert "Your plan" in british and "secret until the night ends" in german
