"""A challenge page in Chromium (issue 25), desktop and 390 px: Decline looks secondary beside
Accept; opening the page reads the notification that led there; the challenger's waiting page
follows the challenge's stream (no polling) and opens the game once it is accepted; a lobby
shows a new seek without a reload. Screenshots: artifacts/screenshots/challenge-page-*.png."""
import pytest

from game.models import Game
from matchmaking import services
from tests.browser.conftest import PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STYLE = "b => { const s = getComputedStyle(b); return [s.backgroundColor, s.borderTopStyle]; }"


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_answering_a_challenge_while_its_challenger_waits(live_server, users, new_context, shot, viewport):
    challenge = services.propose(challenger=users["alice"], system="303", setup={},
                                 seats={"luftwaffe": users["alice"], "raf": users["bob"]})
    alice, bob = new_context().new_page(), (new_context(viewport) if viewport else new_context()).new_page()
    polls = []
    alice.on("request", lambda r: polls.append(r.url) if r.url.endswith(f"/api/challenges/{challenge.pk}/") else None)
    log_in(alice, live_server.url, "alice")
    alice.goto(f"{live_server.url}/challenges/{challenge.pk}/")
    log_in(bob, live_server.url, "bob")
    assert bob.locator("#notification-count").is_visible()  # "alice challenges you …"
    carol = new_context(PHONE).new_page()
    log_in(carol, live_server.url, "carol")
    carol.goto(f"{live_server.url}/lobby/")

    bob.goto(f"{live_server.url}/challenges/{challenge.pk}/")
    assert bob.locator("#notification-count").is_hidden()  # read by opening the page it leads to
    accept = bob.get_by_role("button", name="Accept and start the game")
    decline = bob.get_by_role("button", name="Decline")
    assert accept.evaluate(STYLE) != decline.evaluate(STYLE) and decline.evaluate(STYLE)[1] == "solid"
    shot(bob, f"challenge-page-{'phone' if viewport else 'desktop'}")

    services.open_seek(challenger=users["bob"], system="303", setup={}, side="raf")
    carol.locator("#seek-list tr", has_text="bob").wait_for()  # the lobby's stream, no reload
    accept.click()
    game = Game.objects.get()
    alice.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    assert not polls, polls  # followed by the stream
