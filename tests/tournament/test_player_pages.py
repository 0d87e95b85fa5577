"""A player's view of their tournaments (issue 13 "Players"): the home page lists the games
waiting for their move first, then their other running games, then their tournaments' next
pairings; a tournament game's page links to its tournament and pairing; the pairing page
offers "play" to its two players and "watch" to everybody else."""
from django.test import Client

from game.models import Game
from tests.conftest import make_user
from tournament import services

from .conftest import enter, new_tournament, players


def browser(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_home_game_and_pairing_pages_lead_a_player_to_their_next_move(league, organiser):
    waiting = new_tournament(league, organiser, fmt="swiss", scoring_scheme="games")
    p01, p02 = players(2)
    services.register(waiting.pk, "p01", "olga")
    cup = new_tournament(league, organiser, fmt="swiss", scoring_scheme="games")
    enter(cup, [p01, p02])
    services.start_round(cup.pk, "olga")
    game = Game.objects.get(pairing_link__pairing__tournament=cup)
    mover = game.seats.get(side=game.to_move[0]).user
    other = p02 if mover == p01 else p01

    home = browser(mover).get("/").content.decode()
    assert home.index("Your move") < home.index(f"/games/{game.pk}/") < home.index("Your tournaments")
    assert "No game is waiting for you" not in home
    home = browser(other).get("/").content.decode()
    assert "No game is waiting for you" in home
    assert home.index("Your other running games") < home.index(f"/games/{game.pk}/")
    pairing_id = next(iter(services.load_state(cup).pairings))
    mine = browser(p01).get("/").content.decode()
    assert f"/tournaments/{cup.pk}/pairings/{pairing_id}/" in mine and "playing" in mine
    assert "Registered, waiting for round 1:" in mine and f"/tournaments/{waiting.pk}/" in mine
    assert "Registered, waiting for round 1:" not in browser(p02).get("/").content.decode()

    game_page = browser().get(f"/games/{game.pk}/").content.decode()
    assert f'href="/tournaments/{cup.pk}/pairings/{pairing_id}/"' in game_page and "(match)" in game_page

    pairing_url = f"/tournaments/{cup.pk}/pairings/{pairing_id}/"
    assert f'<a class="button" href="/games/{game.pk}/">play</a>' in browser(p01).get(pairing_url).content.decode()
    watched = browser(make_user("visitor")).get(pairing_url).content.decode()
    assert f'<a href="/games/{game.pk}/">watch</a>' in watched and ">play<" not in watched
