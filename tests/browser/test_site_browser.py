"""Login, home, league table and player page in the browser (issue 7): the base layout's
navigation and skip link by keyboard, and the rating-history chart drawn without script."""
import pytest

from game import services
from leagues.models import League, Season
from tests.browser.conftest import PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_login_league_and_player_pages(live_server, users, new_context, shot):
    for winner, loser in (("alice", "bob"), ("alice", "carol"), ("bob", "alice"), ("alice", "bob")):
        game = services.create_game(system_name="303", setup={},
                                    players={"luftwaffe": users[winner], "raf": users[loser]})
        services.end_game(game.pk, "GameForfeited", {"winner": "luftwaffe", "loser": "raf", "reason": "timeout",
                                                     "forfeit": True}, actor="referee")
    Season.objects.create(league=League.objects.create(name="Club league", slug="club"), name="2026")

    page = new_context(PHONE).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    shot(page, "login-phone")
    assert page.evaluate("document.activeElement.id") == "id_username"  # autofocus
    log_in(page, live_server.url, "alice")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    assert page.get_by_role("button", name="Log out").count() == 1
    page.get_by_role("navigation").get_by_role("link", name="League", exact=True).click()
    assert page.get_by_role("heading", name="Elo ratings: 303").count() == 1
    shot(page, "league-phone")
    page.get_by_role("link", name="alice").first.click()
    chart = page.locator("svg.rating-chart")
    assert chart.locator("circle.rating-point").count() == 5  # start + four rated games
    assert "over 4 games" in chart.locator("title").first.text_content()
    shot(page, "player-phone")
    page.goto(f"{live_server.url}/leagues/club/")
    assert page.get_by_role("heading", name="2026").count() == 1
