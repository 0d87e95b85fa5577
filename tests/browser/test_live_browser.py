"""Live pages (issue 16, "Done when"): bob's open play page shows alice's move without a reload,
over the game's event stream (no polling), and its tab title says that it is his move; the
header's unread count follows his notifications on the same stream."""
import pytest

from game.models import Game
from tests.browser.conftest import PHONE, advance, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_bobs_page_shows_alices_move_live_and_the_title_says_it_is_his_move(live_server, users, new_context, shot):
    from game import services

    game = services.create_game(system_name="303", setup={},
                                players={"luftwaffe": users["alice"], "raf": users["bob"]})
    players = {"luftwaffe": users["alice"], "raf": users["bob"]}
    bob = new_context(PHONE).new_page()
    polls = []
    bob.on("request", lambda r: polls.append(r.url) if "/events/?after=" in r.url else None)
    log_in(bob, live_server.url, "bob")
    bob.goto(f"{live_server.url}/games/{game.pk}/")
    bob.wait_for_selector("svg.board-svg .token")
    assert not bob.title().startswith("Your move"), bob.title()
    before = bob.locator("#event-log li").count()

    game = advance(game, players, 20, stop=lambda g: g.to_move == ["raf"])  # alice's moves, through the service
    assert game.to_move == ["raf"]
    bob.wait_for_function(f"Number(document.getElementById('game-version').textContent) >= {game.version}")
    assert bob.locator("#event-log li").count() > before  # her moves are in his log, newest first
    bob.wait_for_function("document.title.indexOf('Your move') !== -1")
    assert "Your move" in bob.title()
    assert bob.locator(".quick-actions, #pick-box").count()  # and his moves are offered
    bob.wait_for_selector("#notification-count:not([hidden])")  # "your move" counted in the header, live
    assert int(bob.locator("#notification-count").inner_text()) >= 1
    assert bob.evaluate("document.querySelector('link[rel=icon]').href.startsWith('data:image/png')")  # badge
    shot(bob, "live-your-move")
    assert not polls, polls  # followed by the stream, not by polling
    assert Game.objects.get(pk=game.pk).version == game.version
