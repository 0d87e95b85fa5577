"""Play page and replay viewer in a real browser (issue 7), on the "dice-race" test double:
two players in two browser contexts, live updates by polling, a 409 explained, the replay
clicked through to its end with the seed verified in the browser."""

import pytest

from game import services
from game.models import Game
from tests.browser.conftest import PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_two_players_play_dice_race_live_and_review_the_replay(live_server, users, new_context, shot):
    game = services.create_game(system_name="dice-race", setup={"target": 8},
                                players={"a": users["alice"], "b": users["bob"]})
    url = f"{live_server.url}/games/{game.pk}/"
    alice, bob = new_context().new_page(), new_context(PHONE).new_page()
    for page, name in ((alice, "alice"), (bob, "bob")):
        log_in(page, live_server.url, name)
        page.goto(url)
    assert bob.locator(".action-form").count() == 0
    shot(alice, "play-dice-race-alice")

    turns = 0
    while Game.objects.get(pk=game.pk).status == "running" and turns < 20:
        mover, waiter = (alice, bob) if turns % 2 == 0 else (bob, alice)
        version = Game.objects.get(pk=game.pk).version
        mover.get_by_role("button", name="roll").click()
        # The waiting player's page picks the move up by polling, without a reload.
        waiter.wait_for_function(f"document.getElementById('game-version').textContent > {version}")
        turns += 1
    game.refresh_from_db()
    assert game.status == "finished" and turns >= 2
    shot(bob, "play-dice-race-bob-phone-finished")
    bob.get_by_role("link", name="Open the replay").click()

    replay = bob
    replay.wait_for_selector("#replay-controls:not([hidden])")
    assert "matches the commitment" in replay.locator("#browser-check").inner_text(timeout=5000) or \
        replay.wait_for_selector("#browser-check.ok")
    assert "verified" in replay.locator("#verify-text").inner_text()
    count = replay.locator("#replay-events li").count()
    assert count == game.version
    for _ in range(count - 1):
        replay.get_by_role("button", name="Next event").click()
    assert replay.locator("#step-label").inner_text().startswith(f"Event {count} of {count}")
    replay.keyboard.press("Home")
    assert replay.locator("#step-label").inner_text().startswith("Event 1 of")
    replay.keyboard.press("ArrowRight")
    assert replay.locator("#step-label").inner_text().startswith("Event 2 of")
    replay.keyboard.press("End")
    assert "seed is revealed" in replay.locator("#step-label").inner_text()  # the last event, in words
    shot(replay, "replay-dice-race-phone-end")


def test_stale_move_gets_a_clear_409_message(live_server, users, new_context, shot):
    game = services.create_game(system_name="dice-race", setup={"target": 30},
                                players={"a": users["alice"], "b": users["bob"]})
    page = new_context().new_page()
    log_in(page, live_server.url, "alice")
    page.route(lambda url: "/events/" in url or "/stream/" in url,
               lambda route: route.abort())  # the page does not hear of the change
    page.goto(f"{live_server.url}/games/{game.pk}/")
    services.end_game(game.pk, "GameAborted", {"winner": None, "aborted": True}, actor="referee")
    page.get_by_role("button", name="roll").click()
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert "moved on before your move arrived. The position has been updated" in alert.inner_text()
    assert "version" not in alert.inner_text()  # no internal numbers for players
    page.wait_for_selector('#play-panel[data-status="aborted"]')  # the panel now shows the ended game
    assert page.locator(".action-form").count() == 0
    shot(page, "play-409-message")


def test_rule_violation_gets_a_clear_422_message(live_server, users, new_context):
    game = services.create_game(system_name="dice-race", setup={"target": 30},
                                players={"a": users["alice"], "b": users["bob"]})
    page = new_context().new_page()
    log_in(page, live_server.url, "alice")
    page.route("**/commands/", lambda route: route.fulfill(
        status=422, json={"code": "fuel_exhausted", "message": "the fighter has no fuel left"}))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("button", name="roll").click()
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert alert.inner_text() == "The rules refuse that move: the fighter has no fuel left (fuel_exhausted)."
