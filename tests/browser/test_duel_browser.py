"""Duel in the Dark replays in the browser (issue 7; docs/rules/duel-in-the-dark.md §4.5, docs/rules/service.md
"Visibility"): the replay of a finished game draws each night's hidden route as an overlay
once that night is over. (The German play page and every response it loads are scanned for the
route over a whole night played by clicking in test_duel_night_browser.py.)"""
import random

import pytest

from game import services
from kernel.models import StoredEvent
from tests.browser.conftest import advance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def duel(users, **setup):
    return services.create_game(system_name="duel-in-the-dark", setup=setup,
                                players={"british": users["alice"], "german": users["bob"]})


def private_plan(game, night=1) -> dict:
    event = StoredEvent.objects.filter(stream=game.stream, type="PlanCommitted").order_by("seq")[night - 1]
    assert event.visibility == "british"
    return event.payload


def shown(page, seq):
    """Wait until the replay's board shows the state after event ``seq`` (steps load a page at a time)."""
    page.wait_for_selector(f'#board[data-step="{seq}"]')


def test_duel_replay_reveals_each_nights_route_after_that_night(live_server, users, new_context, shot):
    game = duel(users, nights=2)
    players = {"british": users["alice"], "german": users["bob"]}
    rng = random.Random(7)
    game = advance(game, players, 1200, choose=rng.choice)
    assert game.status == "finished"
    plan = private_plan(game, night=1)
    events = list(StoredEvent.objects.filter(stream=game.stream).order_by("seq"))

    page = new_context().new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/replay/")
    page.wait_for_selector("#replay-controls:not([hidden])")
    page.locator("#step-slider").focus()
    page.keyboard.press("Home")
    shown(page, 1)
    assert page.locator("svg .route-line").count() == 0  # not before the night is over
    steps = page.locator("#replay-events li").count()
    assert steps == game.version
    reveal = next(i for i, e in enumerate(events) if e.type in {"NightEnded", "PlanRevealed"})
    page.locator(f'#replay-events [data-index="{reveal - 1}"]').click()
    shown(page, reveal)
    assert page.locator("svg .route-line").count() == 0
    page.locator("#step-next").click()
    shown(page, reveal + 1)
    assert page.locator("svg .route-line").count() == 1
    caption = page.locator("#board-caption").inner_text()
    assert caption.split("hidden route: ")[1].split(" → ")[0] == str(plan["plan"]["takeoff_bomber"])
    # Night 2's plan is hidden again from its commitment until night 2 ends.
    second = [i for i, e in enumerate(events) if e.type == "PlanCommitted"][1]
    page.locator(f'#replay-events [data-index="{second}"]').click()
    shown(page, second + 1)
    assert page.locator("svg .route-line").count() == 0
    page.keyboard.press("End")
    shown(page, steps)
    assert page.locator("#step-label").inner_text().startswith(f"Event {steps} of {steps}")
    assert page.locator("svg .route-line").count() == 1
    vp = page.locator("#replay-events .vp")
    assert vp.count() >= 1 and "VP" in vp.first.inner_text()
    shot(page, "replay-duel-end")
