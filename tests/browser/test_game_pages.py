"""Server-rendered game pages without a browser (issue 7): permissions, legal-action forms,
the no-JavaScript submit path, and the replay/play redirects."""
import json

import pytest
from django.test import Client

from game import services
from game.models import Game

pytestmark = pytest.mark.django_db


def race(users, **extra):
    return services.create_game(system_name="dice-race", setup={"target": 30},
                                players={"a": users["alice"], "b": users["bob"]}, **extra)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_home_lists_my_running_game_and_login_link_for_anonymous(users):
    game = race(users)
    assert str(game.pk)[:8] in logged_in(users["alice"]).get("/").content.decode()
    anonymous = Client().get("/").content.decode()
    assert "/accounts/login/" in anonymous


def test_login_page_has_labelled_fields():
    html = Client().get("/accounts/login/").content.decode()
    assert '<label for="id_username">' in html and '<label for="id_password">' in html


def test_play_page_offers_exactly_the_engines_legal_actions_to_the_side_to_move(users):
    game = race(users)
    html = logged_in(users["alice"]).get(f"/games/{game.pk}/").content.decode()
    assert html.count('class="action-form"') == 2  # dice-race offers roll and hide to the side to move
    assert 'data-command="{&quot;type&quot;: &quot;roll&quot;}"' in html
    waiting = logged_in(users["bob"]).get(f"/games/{game.pk}/").content.decode()
    assert 'class="action-form"' not in waiting and "Waiting for a" in waiting


def test_form_post_submits_the_offered_action_without_javascript(users):
    game = race(users)
    response = logged_in(users["alice"]).post(f"/games/{game.pk}/", {"action": "0", "expected_version": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.version == 2 and game.to_move == ["b"]


def test_form_post_of_an_action_not_offered_is_refused(users):
    game = race(users)
    response = logged_in(users["bob"]).post(f"/games/{game.pk}/", {"action": "0", "expected_version": "1"},
                                            follow=True)
    game.refresh_from_db()
    assert game.version == 1
    assert "no longer offered" in response.content.decode()


def test_stale_form_post_explains_the_409(users):
    game = race(users)
    alice = logged_in(users["alice"])
    alice.post(f"/games/{game.pk}/", {"action": "0", "expected_version": "1"})
    services.submit_command(game_id=game.pk, user=users["bob"], command={"type": "roll"}, expected_version=2)
    response = alice.post(f"/games/{game.pk}/", {"action": "0", "expected_version": "2"}, follow=True)
    assert "moved on before your command arrived" in response.content.decode()


def test_secret_of_the_other_side_is_not_on_the_play_page(users):
    game = race(users)
    services.submit_command(game_id=game.pk, user=users["alice"],
                            command={"type": "hide", "secret": "route-via-emden"}, expected_version=1)
    assert "route-via-emden" in logged_in(users["alice"]).get(f"/games/{game.pk}/").content.decode()
    assert "route-via-emden" not in logged_in(users["bob"]).get(f"/games/{game.pk}/").content.decode()
    assert "route-via-emden" not in Client().get(f"/games/{game.pk}/").content.decode()


def test_private_game_is_404_for_strangers(users):
    game = race(users, is_public=False)
    assert logged_in(users["carol"]).get(f"/games/{game.pk}/").status_code == 404
    assert logged_in(users["alice"]).get(f"/games/{game.pk}/").status_code == 200


def test_replay_page_redirects_while_running_and_renders_when_finished(users):
    game = race(users)
    assert Client().get(f"/games/{game.pk}/replay/").status_code == 302
    services.end_game(game.pk, "GameAborted", {"winner": None, "aborted": True}, actor="admin")
    html = Client().get(f"/games/{game.pk}/replay/").content.decode()
    data = json.loads(html.split('<script id="page-data" type="application/json">')[1].split("</script>")[0])
    assert data["api"] == f"/api/games/{game.pk}/replay/"
    assert Game.objects.get(pk=game.pk).status == "aborted"


def test_board_file_is_embedded_for_board_games(users):
    game = race(users)
    game.system = "303"  # only the page's board lookup is exercised; no engine call is made
    from game import pages
    assert pages.board_for(game)["name"] == "303/default"
    game.setup = {"board": {"name": "custom", "hexes": []}}
    assert pages.board_for(game)["name"] == "custom"


def test_template_action_is_composed_only_as_its_own_command_type(users):
    """docs/rules/duel-in-the-dark.md §10.3: a ``"template": true`` entry lets the player compose that one
    command type; another type is refused before it reaches the engine."""
    game = services.create_game(system_name="duel-in-the-dark", setup={},
                                players={"british": users["alice"], "german": users["bob"]})
    bob = logged_in(users["bob"])
    html = bob.get(f"/games/{game.pk}/").content.decode()
    assert "Compose your own <code>PlaceFighters</code>" in html
    response = bob.post(f"/games/{game.pk}/", {"action": "0", "expected_version": "1",
                                               "composed": '{"type": "EndGermanTurn"}'}, follow=True)
    assert "JSON object of the offered type" in response.content.decode()
    composed = '{"type": "PlaceFighters", "placements": {"blue": 4, "green": 6, "red": 11, "yellow": 13}}'
    bob.post(f"/games/{game.pk}/", {"action": "0", "expected_version": "1", "composed": composed})
    game.refresh_from_db()
    assert game.version > 1 and game.to_move == ["british"]


def test_game_list_filters_by_status_and_hides_private_games(users):
    running = race(users)
    ended = race(users)
    services.end_game(ended.pk, "GameAborted", {"winner": None, "aborted": True}, actor="admin")
    private = race(users, is_public=False)
    html = Client().get("/games/?status=aborted").content.decode()
    assert str(ended.pk)[:8] in html and str(running.pk)[:8] not in html
    everything = Client().get("/games/").content.decode()
    assert str(private.pk)[:8] not in everything
    assert str(private.pk)[:8] in logged_in(users["alice"]).get("/games/").content.decode()


def test_game_endings_and_the_log_filter_work_without_javascript(users):
    """issue 15: the page's resign / abort buttons post to the same service as the API; the
    event log filters by category on the server."""
    game = race(users)
    alice, bob = logged_in(users["alice"]), logged_in(users["bob"])
    alice.post(f"/games/{game.pk}/end/", {"what": "abort"})
    assert "alice proposes to abort this game." in bob.get(f"/games/{game.pk}/").content.decode()
    bob.post(f"/games/{game.pk}/end/", {"what": "abort"})
    assert Game.objects.get(pk=game.pk).status == "aborted"
    refused = alice.post(f"/games/{game.pk}/end/", {"what": "resign"}, follow=True).content.decode()
    assert "moved on before your command arrived" in refused  # 409: the game is over, nothing appended
    only_game = alice.get(f"/games/{game.pk}/?log=game").content.decode()
    log = only_game.split('id="event-log"')[1].split("</ol>")[0]
    assert "The game is aborted" in log and "proposes to abort" in log and "Roll" not in log
    rematch = race(users)
    alice.post(f"/games/{rematch.pk}/end/", {"what": "resign"})
    assert Game.objects.get(pk=rematch.pk).outcome["loser"] == "a"
