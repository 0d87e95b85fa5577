"""The new-game, challenge and lobby pages: the same service as the API, refusals in words
beside the field with nothing stored, a challenge page for its players only."""
import re

import pytest
from django.test import Client

from game.models import Game
from matchmaking import services
from matchmaking.models import Challenge

from .conftest import DUEL

pytestmark = pytest.mark.django_db
FORM = {"system": DUEL, "how": "challenge", "opponent": "bob", "side_duel_in_the_dark": "british",
        "setup_duel_in_the_dark_mode": "standard", "setup_duel_in_the_dark_players": "2",
        "setup_duel_in_the_dark_nights": "1", "setup_duel_in_the_dark_medals": "on",
        "setup_duel_in_the_dark_shroud": "on", "setup_duel_in_the_dark_quad_flak": "on",
        "setup_duel_in_the_dark_british_qf_guns": "0", "setup_duel_in_the_dark_british_searchlights": "0",
        "setup_303_bomber_shots": "1", "setup_303_flythrough_fallback": "clockwise",
        "setup_303_flythrough_blocked": "stay", "setup_nightfighter_solo_scenario": "HS2",
        "rated": "1", "pace": "fast"}


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def error_beside(html: str, field: str) -> str:
    """The error list templates/forms/_field.html puts in the field's own block."""
    errors = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', html, re.S)
    assert errors, f"no error beside {field}"
    return re.sub(r"<[^>]+>", " ", errors.group(1)).replace("&#x27;", "'")


def test_a_challenge_sent_from_the_page_and_accepted_on_its_page(players):
    sent = browser(players["alice"]).post("/games/new/", FORM)
    challenge = Challenge.objects.get()
    assert sent.status_code == 302 and sent["Location"] == f"/challenges/{challenge.pk}/"
    assert challenge.setup == {"medals": True, "shroud": True, "quad_flak": True} and challenge.pace == "fast"
    assert browser(players["carol"]).get(sent["Location"]).status_code == 404
    page = browser(players["bob"]).get(sent["Location"]).content.decode()
    assert "Advanced rule 4: medals (§7.5)" in page and "Accept and start the game" in page
    accepted = browser(players["bob"]).post(sent["Location"], {"action": "accept"})
    assert accepted["Location"] == f"/games/{Game.objects.get().pk}/"


@pytest.mark.parametrize("change, field, words", [
    ({"opponent": "alice"}, "opponent", "You cannot challenge yourself"),
    ({"opponent": "ghost"}, "opponent", "account of ghost is not active"),
    ({"opponent": "nobody"}, "opponent", "There is no player named nobody"),
    ({"setup_duel_in_the_dark_medals": "", "setup_duel_in_the_dark_acoustic_mirror": "on"},
     "setup_duel_in_the_dark_acoustic_mirror", "needs “Advanced rule 4: medals (§7.5)”"),
    ({"setup_duel_in_the_dark_players": "3", "opponent_2": "bob"}, "opponent_2", "player takes one seat: bob already plays German 1"),
])
def test_refusals_in_words_beside_the_field_and_nothing_stored(players, change, field, words):
    answer = browser(players["alice"]).post("/games/new/", {**FORM, **change})
    assert answer.status_code == 400
    assert words in error_beside(answer.content.decode(), field)
    assert not Challenge.objects.exists() and not Game.objects.exists()


def test_every_setup_option_has_its_control_and_one_line(players):
    page = browser(players["alice"]).get("/games/new/").content.decode()
    for words in ("Advanced rule 3a: re-route after a weather change (§7.3)", "Expansion: Window and Wilde Sau (§9.4)",
                  "Number of players (§9.3)", "Solo mission (§8)", "Bomber shots per German turn",
                  "HS5 — Tame Boar", "Play a campaign", "About three moves a day"):
        assert words in page
    assert page.count('class="helptext"') >= 25


def test_an_open_seek_from_the_page_is_listed_in_the_lobby_and_joined_there(players):
    seek_form = {**FORM, "system": "303", "how": "seek", "opponent": "", "side_303": "raf"}
    sent = browser(players["carol"]).post("/games/new/", seek_form)
    seek = Challenge.objects.get()
    assert sent.status_code == 302 and seek.is_seek
    lobby = browser(players["dave"]).get("/lobby/?partial=1").content.decode()
    assert "carol" in lobby and "Join" in lobby
    joined = browser(players["dave"]).post(f"/challenges/{seek.pk}/", {"action": "join"})
    assert joined["Location"] == f"/games/{Game.objects.get().pk}/"
    late = browser(players["bob"]).post(f"/challenges/{seek.pk}/", {"action": "join"}, follow=True)
    assert "another player joined this seek first" in late.content.decode().lower()


def test_a_solo_night_starts_at_once_and_refuses_an_opponent(players):
    solo = {**FORM, "system": "nightfighter-solo", "setup_nightfighter_solo_scenario": "HS1"}
    refused = browser(players["alice"]).post("/games/new/", solo)
    assert "This game has one seat, yours" in error_beside(refused.content.decode(), "opponent")
    assert not Game.objects.exists()
    answer = browser(players["alice"]).post("/games/new/", {**solo, "opponent": ""})
    game = Game.objects.get()
    assert answer["Location"] == f"/games/{game.pk}/" and game.setup == {"scenario": "HS1"}
    assert not Challenge.objects.exists()


def test_the_finished_games_page_offers_a_rematch_and_these_settings_to_its_players(players):
    made = services.propose(challenger=players["alice"], system=DUEL, setup={"medals": True},
                            seats={"british": players["alice"], "german": players["bob"]})
    game = Game.objects.get(pk=services.accept(made.pk, players["bob"]).game_id)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    page = browser(players["bob"]).get(f"/games/{game.pk}/").content.decode()
    assert "Offer a rematch (sides swapped)" in page and f"/games/new/?from={game.pk}" in page
    assert "Offer a rematch" not in browser(players["carol"]).get(f"/games/{game.pk}/").content.decode()
    again = browser(players["alice"]).get(f"/games/new/?from={game.pk}").content.decode()
    assert re.search(r'name="setup_duel_in_the_dark_medals"[^>]*checked', again)
    offered = browser(players["bob"]).post(f"/games/{game.pk}/rematch/")
    offer = Challenge.objects.get(rematch_of=game)
    assert offered["Location"] == f"/challenges/{offer.pk}/"
    assert "bob offers a rematch" in browser(players["alice"]).get(f"/games/{game.pk}/").content.decode()


def test_a_nightfighter_campaign_starts_with_its_first_night(players):
    from game.models import Campaign

    answer = browser(players["alice"]).post("/games/new/", {**FORM, "system": "nightfighter-solo", "opponent": "",
                                                             "campaign": "on"})
    campaign = Campaign.objects.get()
    assert answer["Location"] == f"/games/{campaign.current_game_id}/"
    assert campaign.player == players["alice"]


def test_an_expired_seek_is_sought_again_with_one_click_from_the_lobby(players):
    seek = services.open_seek(challenger=players["carol"], system="303", setup={})
    services.expire_due(now=seek.expires_at)
    lobby = browser(players["carol"]).get("/lobby/").content.decode()
    assert "Your earlier seeks" in lobby and "expired" in lobby and 'value="seek-again"' in lobby
    again = browser(players["carol"]).post(f"/challenges/{seek.pk}/", {"action": "seek-again"})
    fresh = Challenge.objects.get(status=Challenge.Status.OPEN)
    assert again["Location"] == f"/challenges/{fresh.pk}/" and fresh.is_seek and fresh.system == "303"


def test_every_players_page_the_home_page_and_the_games_list_lead_to_a_new_game(players):
    alice = browser(players["alice"])
    assert "/games/new/?opponent=bob" in alice.get("/players/bob/").content.decode()
    assert "/games/new/?opponent=" not in alice.get("/players/alice/").content.decode()
    for page in ("/", "/games/"):
        assert 'href="/games/new/"' in alice.get(page).content.decode()
    assert re.search(r'name="opponent" value="bob"', alice.get("/games/new/?opponent=bob").content.decode())


@pytest.mark.parametrize("close, words", [
    (lambda ch: services.cancel(ch.pk, ch.challenger), "This challenge was cancelled by its challenger"),
    (lambda ch: services.expire_due(now=ch.expires_at), "This challenge has expired"),
])
def test_a_closed_challenge_answered_on_its_page_says_why_and_starts_nothing(players, close, words):
    made = services.propose(challenger=players["alice"], system=DUEL, setup={},
                            seats={"british": players["alice"], "german": players["bob"]})
    close(made)
    answer = browser(players["bob"]).post(f"/challenges/{made.pk}/", {"action": "accept"})
    assert answer.status_code == 409 and words in answer.content.decode()
    assert not Game.objects.exists()


def test_a_seek_joined_by_its_owner_on_its_page_says_why(players):
    seek = services.open_seek(challenger=players["carol"], system="303", setup={})
    answer = browser(players["carol"]).post(f"/challenges/{seek.pk}/", {"action": "join"})
    assert answer.status_code == 422 and "This is your own seek" in answer.content.decode()
    assert not Game.objects.exists()
