"""The replay's fog toggle and "where could it be" in Chromium (game/replay_fog.py,
static/js/replay_fog.js; docs/rules/duel-in-the-dark.md §4.5): a finished Duel night's replay switched to
"as the German saw it" at a step mid-route shows the German's view only (no plan, no route on
the board) and a heat map holding the Bomber's true hex; switched to "everything" it shows the
plan and rings the true hex; every step link keeps ``as=``. Screenshots at desktop and 390 px
phone width: artifacts/screenshots/replay-fog-*.png."""
import pytest

from game.folding import load_aggregate
from kernel.models import StoredEvent
from systems.duel.rules import SYSTEM
from tests.browser.conftest import DESKTOP, PHONE, log_in
from tests.game.test_replay_fog_api import duel, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def mid_route_step(game) -> int:
    """A step after the Bomber's third card, before the night's plan is revealed."""
    moved = StoredEvent.objects.filter(stream=game.stream, type="BomberMoved").order_by("seq")
    return moved[2].seq + 1


def test_fog_toggle_and_heat_map(live_server, users, new_context, shot):
    game, players = duel(users)
    game = play(game, players)
    step = mid_route_step(game)
    engine = load_aggregate(game.system, game.stream, step)["engine"]
    truth = engine["bomber"]["hex"]
    assert engine["plan"] and not engine["plan_revealed"]

    page = new_context().new_page()
    log_in(page, live_server.url, "carol")
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step={step}")
    with page.expect_navigation(url=f"**/replay/?step={step}&as=german", timeout=30_000):
        page.get_by_label("As the German saw it").check()
    page.wait_for_selector("g.fog-heat .fog-cell", state="attached")
    shown = page.evaluate("() => JSON.parse(document.getElementById('step-data').textContent).state")
    assert shown == SYSTEM.view(engine, "german") and shown["plan"] is None
    assert page.locator("#board .route-line").count() == 0
    heat = page.eval_on_selector_all("g.fog-heat .fog-cell", "els => els.map(e => Number(e.dataset.fogHex))")
    assert truth in heat and len(heat) > 1
    assert page.locator(f'g.fog-heat .fog-now[data-fog-hex="{truth}"]').count() == 1
    assert page.locator("g.fog-heat .fog-truth").count() == 0  # the German did not know it
    assert page.get_attribute("#step-link", "href") == f"?step={step}&as=german"
    shot(page, "replay-fog-german")
    page.set_viewport_size(PHONE)
    shot(page, "replay-fog-german-phone")
    page.set_viewport_size(DESKTOP)

    page.locator("#step-next").click()
    page.wait_for_url(f"**/replay/?step={step + 1}&as=german")
    page.wait_for_function(f"() => document.getElementById('board').dataset.step === '{step + 1}'")
    nxt = page.evaluate("() => JSON.parse(document.getElementById('step-state').textContent)")
    assert nxt["plan"] is None and nxt["viewer"] == "german"
    assert page.get_attribute("#step-link", "href") == f"?step={step + 1}&as=german"

    # The toggle's form carries the step shown (replay_fog.js sets it as the step is drawn).
    page.wait_for_function(f"() => document.getElementById('fog-step').value === '{step + 1}'")
    with page.expect_navigation(url=f"**/replay/?step={step + 1}&as=", timeout=30_000):
        page.get_by_label("Everything").check()
    page.wait_for_selector("g.fog-heat .fog-truth", state="attached")
    full = page.evaluate("() => JSON.parse(document.getElementById('step-data').textContent).state")
    assert full["plan"]["route"] and full["viewer"] == "referee"
    ring = int(page.get_attribute("g.fog-heat .fog-truth", "data-fog-truth"))
    assert ring == full["bomber"]["hex"]
    shot(page, "replay-fog-everything")
    page.set_viewport_size(PHONE)
    shot(page, "replay-fog-everything-phone")
