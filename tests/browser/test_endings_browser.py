"""Ending a game from the play page (issue 15): an abort proposed by one player and agreed by
the other, each seeing the other's step live; a resignation confirmed in a dialog. The buttons
call the same service functions as the API (game/endings.py)."""
import pytest

from game import services
from game.models import Game
from tests.browser.conftest import PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_abort_by_agreement_then_a_resignation(live_server, users, new_context, shot):
    game = services.create_game(system_name="dice-race", setup={"target": 30},
                                players={"a": users["alice"], "b": users["bob"]})
    alice, bob = new_context().new_page(), new_context(PHONE).new_page()
    for page, name in ((alice, "alice"), (bob, "bob")):
        log_in(page, live_server.url, name)
        page.goto(f"{live_server.url}/games/{game.pk}/")
    alice.get_by_role("button", name="Propose to abort").click()
    alice.wait_for_selector("text=You proposed to abort this game; waiting for bob to agree.")
    bob.wait_for_selector("text=alice proposes to abort this game.")  # heard by polling
    shot(bob, "play-abort-proposed-phone")
    bob.get_by_role("button", name="Agree to abort").click()
    for page in (alice, bob):
        page.wait_for_selector('#play-panel[data-status="aborted"]')
    assert "aborted" in bob.locator("#turn-banner").inner_text()
    assert Game.objects.get(pk=game.pk).status == "aborted"

    rematch = services.create_game(system_name="dice-race", setup={"target": 30},
                                   players={"a": users["alice"], "b": users["bob"]})
    alice.goto(f"{live_server.url}/games/{rematch.pk}/")
    alice.once("dialog", lambda dialog: dialog.accept())
    alice.get_by_role("button", name="Resign").click()
    alice.wait_for_selector('#play-panel[data-status="finished"]')
    assert alice.locator("#turn-banner").inner_text() == "B won (resigned)."
    assert Game.objects.get(pk=rematch.pk).outcome == {"winner": "b", "loser": "a", "reason": "resigned"}
    shot(alice, "play-resigned")
