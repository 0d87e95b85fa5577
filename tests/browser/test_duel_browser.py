"""Duel in the Dark in the browser (issue 7; duel-in-the-dark.md §4.5, service.md "Visibility"):
the German player's play page and every response it loads never carry the British hidden
plan (checked against the British-private ``PlanCommitted`` event), and the replay of a
finished game draws that route as an overlay once the night is over."""
import json
import random

import pytest

from game import services
from game.models import StoredEvent
from tests.browser.conftest import advance, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def duel(users, **setup):
    pytest.importorskip("game.rules.duel")
    return services.create_game(system_name="duel-in-the-dark", setup=setup,
                                players={"british": users["alice"], "german": users["bob"]})


def private_plan(game, night=1) -> dict:
    event = StoredEvent.objects.filter(stream=game.stream, type="PlanCommitted").order_by("seq")[night - 1]
    assert event.visibility == "british"
    return event.payload


def contains_plan_secret(document, plan: dict) -> list[str]:
    """Where a JSON document carries the hidden plan: its nonce, or the full route card list."""
    found = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "route" and value == plan["plan"]["route"]:
                    found.append(f"{path}.route")
                walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            if node == plan["plan"]["route"]:
                found.append(path)
            for i, value in enumerate(node):
                walk(value, f"{path}[{i}]")
        elif isinstance(node, str) and plan["nonce"] in node:
            found.append(path)

    walk(document, "$")
    return found


def test_the_german_page_and_its_responses_never_carry_the_hidden_route(live_server, users, new_context, shot):
    game = duel(users)
    players = {"british": users["alice"], "german": users["bob"]}
    # Through planning and deployment into the night, stopping when the German is to move.
    game = advance(game, players, 60, stop=lambda g: g.moves_made >= 8 and g.to_move == ["german"])
    assert game.status == "running" and game.to_move == ["german"]
    plan = private_plan(game)

    page = new_context().new_page()
    responses = []
    log_in(page, live_server.url, "bob")
    page.on("response", lambda response: responses.append(response))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("svg.board-svg")
    version = game.version
    page.locator(".action-group:not([hidden]) form:not([data-template]) button").first.click(force=True)
    page.wait_for_function(f"Number(document.getElementById('game-version').textContent) > {version}")
    shot(page, "play-duel-german")

    html = page.content()
    assert plan["nonce"] not in html and "PlanCommitted" not in html
    assert page.locator("svg .route-line").count() == 0
    checked = 0
    for response in responses:
        if response.request.resource_type not in {"document", "fetch", "xhr"}:
            continue
        body = response.text()
        assert plan["nonce"] not in body and "PlanCommitted" not in body, response.url
        if "json" in (response.headers.get("content-type") or ""):
            assert contains_plan_secret(json.loads(body), plan) == [], response.url
        checked += 1
    assert checked >= 4  # the page, the events poll, the command, the refreshed page
    # The British player's own page does show the plan (so the check above can fail).
    british = new_context().new_page()
    log_in(british, live_server.url, "alice")
    british.goto(f"{live_server.url}/games/{game.pk}/")
    assert plan["nonce"] in british.content() or json.dumps(plan["plan"]["route"][0]) in british.content()
    assert british.locator("svg .route-line").count() == 1  # the British sees his own planned route
    shot(british, "play-duel-british")


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
    assert page.locator("svg .route-line").count() == 0  # not before the night is over
    steps = page.locator("#replay-events li").count()
    assert steps == game.version
    reveal = next(i for i, e in enumerate(events) if e.type in {"NightEnded", "PlanRevealed"})
    page.locator(f'#replay-events button[data-index="{reveal - 1}"]').click()
    assert page.locator("svg .route-line").count() == 0
    page.locator("#step-next").click()
    assert page.locator("svg .route-line").count() == 1
    caption = page.locator("#board-caption").inner_text()
    assert caption.split("hidden route: ")[1].split(" → ")[0] == str(plan["plan"]["takeoff_bomber"])
    # Night 2's plan is hidden again from its commitment until night 2 ends.
    second = [i for i, e in enumerate(events) if e.type == "PlanCommitted"][1]
    page.locator(f'#replay-events button[data-index="{second}"]').click()
    assert page.locator("svg .route-line").count() == 0
    page.keyboard.press("End")
    assert page.locator("#step-label").inner_text().startswith(f"Event {steps} of {steps}")
    assert page.locator("svg .route-line").count() == 1
    vp = page.locator("#replay-events .vp")
    assert vp.count() >= 1 and "VP" in vp.first.inner_text()
    shot(page, "replay-duel-end")
