"""A vacation taken by clicking, on a phone: from the account page to the vacation page, a
refusal in words beside the field, the vacation saved, shown on the correspondence game's page
to both players, and ended early. The page calls the same functions as /api/vacation/."""
import pytest

from game import clocks, services
from game.models import Game, Vacation
from tests.browser.conftest import PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_takes_a_vacation_and_his_game_shows_it(live_server, users, new_context, shot):
    game = services.create_game(system_name="dice-race", setup={"target": 500},
                                players={"a": users["alice"], "b": users["bob"]},
                                time_control=clocks.preset("fast")["time_control"])
    deadline = game.deadline_at
    bob, alice = new_context(PHONE).new_page(), new_context().new_page()
    log_in(bob, live_server.url, "bob")
    log_in(alice, live_server.url, "alice")
    bob.goto(f"{live_server.url}/accounts/profile/")
    bob.get_by_role("link", name="Vacation: stop your clocks in correspondence games for a few days").click()
    assert bob.locator("#vacation-days-left").inner_text() == "14"

    bob.get_by_label("Days").fill("20")
    bob.get_by_role("button", name="Take the vacation").click()
    field = bob.locator(".field.has-error")
    assert "You have 14 vacation days left this year (of 14)" in field.inner_text()
    assert not Vacation.objects.exists()
    shot(bob, "vacation-refused-phone")

    bob.get_by_label("Days").fill("5")
    bob.get_by_role("button", name="Take the vacation").click()
    bob.wait_for_selector("text=Your vacation is saved")
    assert bob.locator("#vacation-days-left").inner_text() == "9"
    assert "until" in bob.locator("#vacation-current").inner_text()
    shot(bob, "vacation-taken-phone")
    assert Game.objects.get(pk=game.pk).deadline_at == deadline  # alice is to move: her clock runs

    for page in (bob, alice):
        page.goto(f"{live_server.url}/games/{game.pk}/")
        note = page.locator(".vacation-note").inner_text()
        assert note.startswith("bob (B) is on vacation until") and "that clock stands still" in note
    assert "3 days to start + 12 h per move, at most 5 days" in bob.locator(".game-facts").inner_text()
    shot(bob, "vacation-game-phone")
    shot(alice, "vacation-game-desktop")

    bob.goto(f"{live_server.url}/vacation/")
    bob.get_by_role("button", name="End my vacation now").click()
    bob.wait_for_selector("text=Your vacation is over: your clocks run again.")
    assert bob.locator("#vacation-days-left").inner_text() == "13"
    bob.goto(f"{live_server.url}/games/{game.pk}/")
    assert bob.locator(".vacation-note").count() == 0
