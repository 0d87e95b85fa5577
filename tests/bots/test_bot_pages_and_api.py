"""Starting a bot game from the new-game page and through ``/api/bot-games/``: the same service,
the level's label and rating shown, casual by default, refusals beside the field (page) or as a
422 with the system's code (API), nothing stored; the play page says the bot is thinking."""
import re

import pytest

from game.models import Game
from tests.bots.conftest import DUEL, run_bots
from tests.conftest import client_for
from tests.matchmaking.test_pages import FORM, browser, error_beside

pytestmark = pytest.mark.django_db
BOT_FORM = {**FORM, "how": "bot", "opponent": "", "bot_level_duel_in_the_dark": "1", "rated": "1",
            "setup_duel_in_the_dark_medals": "", "setup_duel_in_the_dark_shroud": "",
            "setup_duel_in_the_dark_quad_flak": ""}


def test_the_new_game_page_offers_each_level_with_its_label_and_rating(users):
    html = browser(users["alice"]).get("/games/new/").content.decode()
    assert 'value="bot"' in html and "A practice bot" in html
    assert "Level 1: Beginner (rated about 1100)" in html and "Level 2: Club player (rated about 1400)" in html
    assert 'name="bot_level_303"' in html
    assert 'name="bot_level_nightfighter_solo"' not in html  # one seat: no bot to play


def test_a_bot_game_from_the_page_starts_at_once_casual_with_the_player_on_the_chosen_side(users):
    page = browser(users["alice"])
    answer = page.post("/games/new/", {k: v for k, v in BOT_FORM.items() if v != ""})
    game = Game.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.pk}/"
    assert {s.side: s.user.username for s in game.seats.all()} == {"british": "alice", "german": "bot-duel-in-the-dark-1"}
    assert game.rated is False  # the "Rated" of a challenge does not carry over; bot_rated was not ticked
    assert "Duel in the Dark bot, level 1 (Beginner) is thinking…" in page.get(answer["Location"]).content.decode()
    run_bots()
    game.refresh_from_db()
    assert game.to_move == ["british"]
    assert "Your move" in page.get(answer["Location"]).content.decode()


def test_a_rated_bot_game_only_when_chosen(users):
    browser(users["alice"]).post("/games/new/", {**{k: v for k, v in BOT_FORM.items() if v != ""}, "bot_rated": "on"})
    assert Game.objects.get().rated is True


def test_a_setup_the_bot_does_not_play_is_refused_beside_the_level_and_nothing_stored(users):
    answer = browser(users["alice"]).post("/games/new/", {**BOT_FORM, "setup_duel_in_the_dark_medals": "on"})
    assert answer.status_code == 400
    assert "does not play this set-up" in error_beside(answer.content.decode(), "bot_level_duel_in_the_dark")
    assert not Game.objects.exists()


def test_the_api_lists_the_levels_and_starts_a_bot_game(users):
    api = client_for(users["alice"])
    levels = api.get("/api/bot-games/").json()
    duel = next(s for s in levels if s["system"] == DUEL)
    assert duel["levels"][0] == {"level": 1, "label": "Beginner", "elo": 1100, "budget_seconds": 0.1,
                                 "player": "bot-duel-in-the-dark-1"}
    answer = api.post("/api/bot-games/", {"system": "303", "level": 2, "side": "raf"}, format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["players"] == {"raf": "alice", "luftwaffe": "bot-303-2"} and body["rated"] is False
    assert body["to_move"] == ["luftwaffe"] and body["version"] == 1


@pytest.mark.parametrize("request_body, code, field", [
    ({"system": DUEL, "level": 1, "side": "british", "setup": {"medals": True}}, "bot_option_unsupported", "setup"),
    ({"system": DUEL, "level": 7}, "unknown_bot_level", "level"),
    ({"system": "303", "level": 1, "side": "nobody"}, "unknown_side", "side"),
    ({"system": "nightfighter-solo", "level": 1}, "no_bots", "system"),
    ({"system": DUEL, "level": 1, "setup": {"mode": "solo"}}, "no_seat_for_bot", "system"),
])
def test_the_api_refuses_with_422_the_code_and_the_field_and_stores_nothing(users, request_body, code, field):
    answer = client_for(users["alice"]).post("/api/bot-games/", request_body, format="json")
    assert answer.status_code == 422, answer.json()
    assert answer.json()["code"] == code and answer.json()["field"] == field and answer.json()["message"]
    assert not Game.objects.exists()


def test_the_api_needs_a_signed_in_player(db):
    assert client_for().post("/api/bot-games/", {"system": "303", "level": 1}, format="json").status_code == 401


def test_the_schema_documents_the_bot_games_endpoint(users):
    schema = client_for(users["alice"]).get("/api/schema/?format=json").json()
    assert "post" in schema["paths"]["/api/bot-games/"]


def test_a_rated_bot_game_is_marked_on_the_leaderboard_and_in_the_history(users, settings):
    from game.endings import resign
    from bots.services import start_bot_game

    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"game_finished": ["ratings.tasks.rate_finished_game"]}
    game = start_bot_game(player=users["alice"], system="303", level=1, side="raf", setup={}, rated=True)
    resign(game.pk, users["alice"])
    board = browser(users["bob"]).get("/league/").content.decode()
    assert board.count('class="bot-mark"') == 1  # the bot's row, not alice's
    history = browser(users["bob"]).get("/players/alice/").content.decode()
    assert 'class="bot-mark"' in history
    casual = start_bot_game(player=users["bob"], system="303", level=1, side="raf", setup={})
    resign(casual.pk, users["bob"])
    assert "/players/bob/" not in browser(users["alice"]).get("/league/").content.decode()  # casual: not rated


def test_a_bot_is_never_challenged_and_its_rematch_is_a_new_bot_game(users):
    from bots.services import bot_user, start_bot_game
    from game.endings import resign

    bot_user("303", 2)
    page = browser(users["alice"])
    api = client_for(users["alice"])
    challenge = api.post("/api/challenges/", {"system": "303", "players": {"raf": "alice", "luftwaffe": "bot-303-2"}},
                         format="json")
    assert challenge.status_code == 422 and challenge.json()["code"] == "bot_not_challengeable"

    game = start_bot_game(player=users["alice"], system="303", level=2, side="raf", setup={})
    resign(game.pk, users["alice"])
    form = page.get(f"/games/new/?from={game.pk}").content.decode()
    chosen = re.search(r'<input[^>]*name="how"[^>]*value="bot"[^>]*>', form).group(0)
    assert "checked" in chosen, chosen  # "new game with these settings": the bot again
    level = re.search(r'<input[^>]*name="bot_level_303"[^>]*value="2"[^>]*>', form).group(0)
    assert "checked" in level, level
    again = page.post(f"/games/{game.pk}/rematch/")
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert again["Location"] == f"/games/{rematch.pk}/"
    assert {s.side: s.user.username for s in rematch.seats.all()} == {"luftwaffe": "alice", "raf": "bot-303-2"}
