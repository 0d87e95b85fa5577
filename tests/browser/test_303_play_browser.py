"""A whole game of 303 played by clicking only (issue 7, 15; docs/rules/303.md "Round structure"), as two
users in two browser contexts (the RAF on a phone): moves by clicking a fighter and its
destination on the board, shots declared by clicking the enemy next to it, the bomber flown
to London by clicking; each side sees the other's moves live; the outcome in words."""
import pytest

from game import services
from game.models import Game
from tests.browser.conftest import PHONE, click_action, log_in, offered, wait_version_above

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LONDON = (104, 105, 205)


def towards_london(action) -> tuple:
    """The bomber move ending nearest London (hexes are row·100 + column)."""
    end = int(action["picks"][-1].split(":")[1])
    return min(abs(end // 100 - h // 100) + abs(end % 100 - h % 100) for h in LONDON), end


def test_a_game_of_303_played_by_clicking_only(live_server, users, new_context, shot):
    game = services.create_game(system_name="303", setup={},
                                players={"luftwaffe": users["alice"], "raf": users["bob"]})
    url = f"{live_server.url}/games/{game.pk}/"
    german, british = new_context().new_page(), new_context(PHONE).new_page()
    for page, name in ((german, "alice"), (british, "bob")):
        log_in(page, live_server.url, name)
        page.goto(url)
    german.wait_for_selector("svg.board-svg .token")
    assert german.locator("svg .token").count() == 10  # bomber + 5 Luftwaffe + 4 RAF fighters on the board
    assert british.locator(".action-form").count() == 0
    assert not german.locator("#all-moves").get_attribute("open")  # the board offers every move
    shot(german, "play-303-luftwaffe-start")

    # lw5 by clicking: the fighter, then its destination; the move reads as words.
    lw5 = next(a for a in offered(german) if a["picks"][:1] == ["piece:lw5"] and len(a["command"]["path"]) == 2)
    assert " → " in lw5["label"] and " via " in lw5["label"]
    click_action(german, lw5)
    wait_version_above(british, 1)  # the RAF page hears of the move on its live stream
    assert "lw5 → " in german.locator("#event-log li").first.inner_text()  # newest first, in words

    shots = turns = 0
    moved = {"lw5"}
    while Game.objects.get(pk=game.pk).status == "running" and turns < 40:
        turns += 1
        side = Game.objects.get(pk=game.pk).to_move[0]
        page = german if side == "luftwaffe" else british
        page.wait_for_selector(".quick-actions, #pick-box:not([hidden])")
        actions = offered(page)
        shooting = [a for a in actions if a["command"].get("shots") and side == "luftwaffe"]
        bomber = [a for a in actions if a["command"]["type"] == "move_bomber"]
        # Until it has shot, the Luftwaffe sends one fighter a turn north, towards the RAF.
        closing = [a for a in actions if a["command"]["type"] == "move" and side == "luftwaffe" and not shots
                   and a["command"]["fighter"] not in moved]
        if shooting and not shots:
            click_action(page, shooting[0])  # fighter, destination, then the enemy to shoot at
            shots += 1
            shot(german, "play-303-shot-declared")
        elif bomber:
            click_action(page, min(bomber, key=towards_london))
            moved = set()
        elif closing and not moved:
            north = min(closing, key=lambda a: int(a["picks"][1].split(":")[1]))
            click_action(page, north)
            moved.add(north["command"]["fighter"])
        else:  # end moves, fire, repair; or the reinforcement's airfield, clicked on the board
            click_action(page, next((a for a in actions if not a["picks"]), actions[0]))
    game.refresh_from_db()
    assert game.status == "finished", game.to_move
    german.wait_for_selector('#play-panel[data-status="finished"]')
    british.wait_for_selector('#play-panel[data-status="finished"]')
    outcome = german.locator("#turn-banner").inner_text()
    assert outcome.startswith(("Luftwaffe won", "RAF won"))
    assert british.locator("#turn-banner").inner_text() == outcome
    shot(german, "play-303-luftwaffe-finished")
    shot(british, "play-303-raf-phone-finished")
