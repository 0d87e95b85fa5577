"""Ratings pages in a real browser at phone width (issue 19): a 3-player Duel in the Dark game in
the Duel leaderboard and in the player's history, and provisional ratings marked with their
explanation. One flow, two screenshots (tests/browser/conftest.py: Debian's chromium)."""
import pytest

from game import services
from systems.kit.framework_events import GAME_FORFEITED
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)


def test_leaderboard_and_player_page_show_a_three_player_game_and_provisional_ratings(
        live_server, new_context, shot, users):
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    game = services.create_game(system_name="duel-in-the-dark", setup={"players": 3},
                                players={"british": alice, "german1": bob, "german2": carol}, created_by=alice)
    services.end_game(game.pk, GAME_FORFEITED, {"winner": None, "loser": "german2", "forfeit": True,
                                                "reason": "red_card"}, actor="referee")
    page = new_context(PHONE).new_page()
    page.goto(f"{live_server.url}/league/")
    board = page.locator("section", has=page.get_by_role("heading", name="Elo ratings: Duel in the Dark"))
    assert board.locator("abbr.provisional").count() == 3
    assert "provisional, fewer than 10 rated games" in board.inner_text()
    shot(page, "ratings-leaderboard-provisional-phone")

    page.get_by_role("link", name="carol").first.click()
    page.get_by_text("Games (1)").click()
    row = page.locator("tbody tr").first.inner_text()
    assert "place 2 of 3" in row and "alice (1)" in row and "bob (1)" in row
    shot(page, "ratings-player-three-player-game-phone")
