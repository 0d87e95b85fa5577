"""Starting games by clicking (issue 25): alice challenges bob to a Duel in the Dark night with
two advanced rules, one expansion and the fast correspondence pace; bob accepts from his
notification; both play a turn on the Duel controls; alice resigns; bob offers a rematch from
the finished game's page and alice accepts it from hers. Then carol opens a 303 seek on a
390 px phone and dave joins it from the lobby. Screenshots: artifacts/screenshots/start-*.png.
"""
import pytest

from game.models import Game
from matchmaking.models import Challenge
from tests.browser.conftest import PHONE, SCREENSHOTS, log_in
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def version(page) -> int:
    return int(page.locator("#game-version").text_content())


def wait_version_above(page, seen: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('game-version').textContent) > {seen}")


def open_notification(page, words: str) -> None:
    page.get_by_role("link", name="Notifications").click()
    page.locator(".notification-list a", has_text=words).first.click()


def test_challenge_play_resign_rematch_and_a_seek_joined_from_the_lobby(live_server, users, new_context, shot):
    alice_page, bob_page = new_context().new_page(), new_context().new_page()
    errors = []
    for page in (alice_page, bob_page):
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("dialog", lambda dialog: dialog.accept())  # "Resign this game? It counts as a loss."
    log_in(alice_page, live_server.url, "alice")
    log_in(bob_page, live_server.url, "bob")

    # alice: home → New game, a Duel night with rules 4 and 5, the quad flak, the fast pace.
    alice_page.get_by_role("link", name="New game: challenge a player").click()
    alice_page.get_by_label("Duel in the Dark").check()
    alice_page.get_by_label("Player", exact=True).fill("bob")
    alice_page.locator("[data-show-for='system=duel-in-the-dark']").get_by_label("British").check()
    assert alice_page.get_by_label("Advanced rule 1: stronger Mosquito (§7.1)").is_visible()
    for option in ("Advanced rule 4: medals (§7.5)", "Advanced rule 5: shroud (§7.6)",
                   "Expansion: quad flak (§9.7)"):
        alice_page.get_by_label(option).check()
    alice_page.get_by_label("Fast —").check()
    shot(alice_page, "start-new-game-form")
    alice_page.get_by_role("button", name="Send the challenge").click()
    alice_page.wait_for_selector("#challenge-status")
    challenge = Challenge.objects.get()
    assert challenge.setup == {"medals": True, "shroud": True, "quad_flak": True} and challenge.pace == "fast"
    shot(alice_page, "start-challenge-waiting")

    # bob: the notification → the challenge → accept; alice's waiting page follows to the game.
    bob_page.goto(f"{live_server.url}/")
    bob_page.wait_for_selector("#notification-count:not([hidden])")
    open_notification(bob_page, "alice challenges you to Duel in the Dark")
    assert "Advanced rule 5: shroud (§7.6)" in bob_page.locator("dl.facts").inner_text()
    shot(bob_page, "start-challenge-received")
    bob_page.get_by_role("button", name="Accept and start the game").click()
    bob_page.wait_for_selector("#game-version", state="attached")
    game = Game.objects.get()
    assert {s.side: s.user.username for s in game.seats.all()} == {"british": "alice", "german": "bob"}
    assert game.time_control == challenge.time_control and game.setup == challenge.setup
    alice_page.wait_for_url(f"{live_server.url}/games/{game.pk}/")

    # Both play a turn: bob places the German fighters by clicking, alice draws the weather.
    bob_page.wait_for_selector("#duel-tool [data-fighter]")
    seen = version(bob_page)
    for chip in bob_page.locator("#duel-tool [data-fighter]").all():
        chip.click()
        bob_page.locator("svg polygon.duel-hex.hl-legal").first.click()
    bob_page.locator("#duel-tool button.primary").first.click()
    wait_version_above(bob_page, seen)
    alice_page.wait_for_function(f"Number(document.getElementById('game-version').textContent) > {seen}")
    seen = version(alice_page)
    alice_page.locator("#duel-tool button", has_text="Draw the weather card").first.click()
    wait_version_above(alice_page, seen)

    # alice resigns; bob's page shows the end and offers a rematch there.
    alice_page.get_by_role("button", name="Resign").click()
    offer = bob_page.get_by_role("button", name="Offer a rematch (sides swapped)")
    offer.wait_for()
    offer.scroll_into_view_if_needed()
    bob_page.screenshot(path=str(SCREENSHOTS / "start-finished-game-rematch.png"))
    offer.click()
    bob_page.wait_for_selector("#challenge-status")
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    shot(bob_page, "start-rematch-offered")

    # alice: the notification → the offer → accept: the second game, sides swapped.
    open_notification(alice_page, "bob challenges you to Duel in the Dark")
    alice_page.get_by_role("button", name="Accept and start the game").click()
    alice_page.wait_for_selector("#game-version", state="attached")
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert {s.side: s.user.username for s in rematch.seats.all()} == {"british": "bob", "german": "alice"}
    assert rematch.setup == game.setup and rematch.time_control == game.time_control
    shot(alice_page, "start-rematch-game")

    # carol (a 390 px phone) opens a 303 seek; dave joins it from the lobby.
    make_user("dave")
    carol_page, dave_page = new_context(PHONE).new_page(), new_context(PHONE).new_page()
    log_in(carol_page, live_server.url, "carol")
    log_in(dave_page, live_server.url, "dave")
    carol_page.get_by_role("link", name="New game: challenge a player").click()
    carol_page.get_by_label("303 (Battle of Britain)", exact=True).check()
    carol_page.get_by_label("Open seek: anyone may join from the lobby").check()
    assert carol_page.get_by_label("Player", exact=True).is_hidden()
    assert not carol_page.get_by_label("Advanced rule 4: medals (§7.5)").is_visible()
    carol_page.get_by_label("Slow —").check()
    shot(carol_page, "start-seek-form-phone")
    carol_page.get_by_role("button", name="Open the seek in the lobby").click()
    carol_page.wait_for_selector("#seek-list")
    assert Challenge.objects.get(system="303").setup == {}  # the rules' defaults, as the page showed them
    shot(carol_page, "start-lobby-own-seek-phone")

    dave_page.get_by_role("link", name="Open seeks in the lobby").click()
    row = dave_page.locator("#seek-list tr", has_text="carol")
    assert "Slow" in row.inner_text()
    shot(dave_page, "start-lobby-phone")
    row.get_by_role("button", name="Join").click()
    dave_page.wait_for_selector("#game-version", state="attached")
    seek_game = Game.objects.get(system="303")
    assert {s.user.username for s in seek_game.seats.all()} == {"carol", "dave"}
    carol_page.wait_for_function("!document.querySelector('#seek-list').textContent.includes('your seek')")
    shot(dave_page, "start-seek-game-phone")
    assert not errors, errors
