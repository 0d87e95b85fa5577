"""A few moves of a real 303 game on the play page, as two users in two browser contexts
(issue 7; 303.md "Round structure"): moves chosen from the engine's legal actions, one of
them by clicking its destination hex on the board; each side sees the other's moves live."""
import pytest

from game import services
from game.models import Game
from tests.browser.conftest import PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def version_above(page, version):
    page.wait_for_function(f"Number(document.getElementById('game-version').textContent) > {version}")


def test_luftwaffe_and_raf_play_a_round_of_303(live_server, users, new_context, shot):
    pytest.importorskip("game.rules.battle303")
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
    shot(german, "play-303-luftwaffe-start")

    # Pick lw1's first real move by clicking its destination hex on the board.
    target = german.locator(".action-group li[data-hex]").first.get_attribute("data-hex")
    german.locator(f'svg polygon[data-hex="{target}"]').click()
    assert f"Moves ending on hex {target}" in german.locator("#hex-filter").inner_text()
    version = Game.objects.get(pk=game.pk).version
    german.locator(f'.action-group li[data-hex="{target}"]:visible button').first.click()
    version_above(german, version)
    version_above(british, version)  # the RAF page hears of the move by polling
    assert german.locator(f'svg .token[data-token="lw1"]').count() == 1

    for name in ("end_moves", "move_bomber"):
        version = Game.objects.get(pk=game.pk).version
        german.get_by_role("button", name=name).first.click()
        version_above(german, version)
    game.refresh_from_db()
    assert game.to_move == ["raf"]
    british.wait_for_selector(".action-group")
    shot(british, "play-303-raf-phone-turn")
    version = game.version
    british.get_by_role("button", name="end_moves").click()
    version_above(british, version)
    version_above(german, version)
    game.refresh_from_db()
    assert game.to_move == ["luftwaffe"] and game.moves_made == 4
    german.wait_for_selector(".action-group")
    shot(german, "play-303-luftwaffe-round-2")
