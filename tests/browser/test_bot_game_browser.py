"""Practice bots in the browser: a player starts a game against a bot from the new-game page
(level with its label and rating, side, pace) and plays it to the end by clicking; the page says
the bot is thinking while it is to move, and its moves arrive live (no reload).

The Duel night is played against the level 1 German bot of ``systems.duel.bots`` when that
package exists, else against the random double registered for Duel (tests/bot_doubles.py).
Screenshots: artifacts/screenshots/bot-*.png.
"""
import importlib.util
import threading

import pytest

from bots import moves
from kernel import background
from game.models import Game
from tests.browser.conftest import PHONE, click_action, log_in, offered
from systems.duel.rules.planning import find_route
from systems.registry import get_system
from tests.browser.test_duel_night_browser import BOARD, STEPS, Table, hex_, route_hexes, send, tool_button

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DUEL = "duel-in-the-dark"
DOUBLES = "tests.bot_doubles:random_bots"


@pytest.fixture
def held_bot(settings, monkeypatch):
    """The bots of the systems that have none yet (the doubles), and the bot's first move held
    until the test lets it go (``release``), so the page can be seen while the bot thinks."""
    settings.NIGHTDUEL_BOT_PACKAGES = {system: DOUBLES for system, module in ((DUEL, "duel"), ("303", "battle303"))
                                       if importlib.util.find_spec(f"systems.{module}.bots") is None}
    release = threading.Event()
    think = moves.think

    def held(game_id, **payload):
        release.wait(30)
        return think(game_id, **payload)
    monkeypatch.setattr(moves.play_turn, "prepare", held)
    yield release
    release.set()
    background.wait_until_idle()  # the bot's thread is done with the database before it is dropped


def start_from_the_new_game_page(page, base_url, system_label, side_label, system):
    page.goto(f"{base_url}/games/new/")
    page.get_by_label(system_label).check()
    page.get_by_label("A practice bot: the game starts at once").check()
    levels = page.locator(f"[data-show-for='system={system};how=bot']")
    assert levels.locator("label", has_text="Level 1:").first.is_visible()
    assert "rated about" in levels.first.inner_text()  # each level's calibrated rating is shown
    levels.get_by_label("Level 1:", exact=False).first.check()
    page.locator(f"[data-show-for='system={system}']").get_by_label(side_label).check()
    page.get_by_label("No clock — nobody loses on time").check()
    assert page.get_by_label("Rated game against the bot").is_visible()
    assert not page.get_by_label("Rated game against the bot").is_checked()  # casual unless chosen
    assert page.get_by_role("button", name="Play the bot").is_visible()


def free_planning(t, page, state):
    """Phase 3 without the random crest (§3.4): take-off airfields, a target, the route out and
    home hex by hex, the Mosquito's landing airfield — each a click on the board."""
    template = next(a for a in get_system(DUEL).legal_actions(state, "british")
                    if a["type"] == "CommitRoute" and a.get("template"))
    tb, tm, target = next((tb, tm, target) for target in template["choices"]["targets"]
                          for tb in BOARD.british_airfields for tm in BOARD.british_airfields
                          if tm != tb and find_route(BOARD, tb, target, tb, 14))
    route = find_route(BOARD, tb, target, tb, 14)
    hex_(page, tb)
    hex_(page, tm)
    hex_(page, target)
    for h in route_hexes({"takeoff_bomber": tb, "route": route})[1:]:
        hex_(page, h)
    if tool_button(page, "End the route here").count():
        tool_button(page, "End the route here").click()
    hex_(page, next(a for a in BOARD.british_airfields if a != tb))
    t.snap(page, "bot-duel-route-planned")
    send(page)


BRITISH_STEPS = {**STEPS, "planning": free_planning}


def see_the_bot_think_then_move(page, release, shot, name):
    banner = page.locator("#turn-banner")
    assert banner.inner_text().endswith("is thinking…"), banner.inner_text()
    shot(page, f"bot-{name}-thinking")
    version = int(page.locator("#game-version").text_content())
    release.set()
    page.wait_for_function(f"Number(document.getElementById('game-version').textContent) > {version}")
    page.wait_for_function("!document.getElementById('turn-banner').textContent.includes('thinking')")


def test_a_duel_night_against_the_level_1_german_bot_played_by_clicking(live_server, users, new_context, shot,
                                                                       held_bot):
    page = new_context().new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    log_in(page, live_server.url, "alice")
    start_from_the_new_game_page(page, live_server.url, "Duel in the Dark", "British", DUEL)
    shot(page, "bot-duel-new-game")
    page.get_by_role("button", name="Play the bot").click()
    page.wait_for_selector("#play-panel")
    game = Game.objects.get()
    assert {s.side: s.user.username for s in game.seats.all()} == {"british": "alice",
                                                                   "german": "bot-duel-in-the-dark-1"}
    assert game.rated is False and game.to_move == ["german"]
    see_the_bot_think_then_move(page, held_bot, shot, "duel")

    table = Table(game, {"british": page, "german": page}, shot)
    for _ in range(400):
        state = table.state()
        if table.game.status != "running":
            break
        if state.get("plan"):
            table.plan = getattr(table, "plan", None) or state["plan"]
        if table.game.to_move != ["british"]:  # the bot's move comes by the live stream
            page.wait_for_function(f"Number(document.getElementById('game-version').textContent) > "
                                   f"{table.game.version} || document.querySelector('#play-panel[data-status="
                                   f"\"finished\"]')", timeout=60_000)
            continue
        table.side = "british"
        table.page_for("british")
        version = table.game.version
        BRITISH_STEPS[state["step"]](table, page, state)
        page.wait_for_function(f"Number(document.getElementById('game-version').textContent) > {version}"
                               " || !document.getElementById('duel-error').hidden")
        assert page.locator("#duel-error").is_hidden(), (state["step"], page.locator("#duel-error").inner_text())
        assert not errors, errors
    else:
        pytest.fail("the night did not end by clicking")
    game.refresh_from_db()
    outcome = game.outcome
    assert game.status == "finished" and outcome["reason"] == "victory points"
    # The signed track decides; a tie is a draw (docs/rules/duel-in-the-dark.md, A-02).
    assert outcome["winner"] == ("british" if outcome["score"] > 0 else "german" if outcome["score"] < 0 else None)
    page.wait_for_selector('#play-panel[data-status="finished"]')
    shot(page, "bot-duel-finished")


def test_a_303_game_against_a_bot_on_a_phone(live_server, users, new_context, shot, held_bot):
    page = new_context(PHONE).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    log_in(page, live_server.url, "bob")
    start_from_the_new_game_page(page, live_server.url, "303", "RAF", "303")
    shot(page, "bot-303-new-game-phone")
    page.get_by_role("button", name="Play the bot").click()
    page.wait_for_selector("#play-panel")
    game = Game.objects.get()
    assert game.to_move == ["luftwaffe"]
    see_the_bot_think_then_move(page, held_bot, shot, "303-phone")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= PHONE["width"], scroll  # nothing wider than the phone

    for _ in range(300):
        game.refresh_from_db()
        if game.status != "running":
            break
        if game.to_move != ["raf"]:
            page.wait_for_function(f"Number(document.getElementById('game-version').textContent) > {game.version}"
                                   " || document.querySelector('#play-panel[data-status=\"finished\"]')")
            continue
        page.wait_for_selector(".quick-actions, #pick-box:not([hidden])")
        actions = offered(page)
        click_action(page, next((a for a in actions if not a["picks"]), actions[0]))
        assert not errors, errors
    else:
        pytest.fail("the game did not end")
    page.wait_for_selector('#play-panel[data-status="finished"]')
    assert page.locator("#turn-banner").inner_text().startswith(("Luftwaffe won", "RAF won"))
    shot(page, "bot-303-phone-finished")
