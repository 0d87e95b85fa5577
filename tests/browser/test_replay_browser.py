"""A replay that autoplays to its end, and a step link that opens at its step (issue 15;
docs/rules/service.md "Replays"), on a whole 303 game: the viewer loads the steps it shows, a page at a
time, never the all-in-one replay; the address follows the step; jumps by round and turn."""
import math
import re

import pytest

from game import autoplay, services
from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# Draw two aircraft on one hex with the page's board, click the stack's badge, and report
# [tokens drawn, badge, tokens drawn after the click, badge].
STACK_OF_TWO = """() => {
  const box = document.createElement("div");
  document.body.appendChild(box);
  const board = JSON.parse(document.getElementById("board-data").textContent);
  const view = {tokens: [{id: "raf1", side: "raf", hex: 1105}, {id: "raf2", side: "raf", hex: 1105}]};
  const expanded = {};
  const draw = () => NightBoard.draw(box, board, view, {
    expanded: expanded, onToggleStack: hex => { expanded[hex] = !expanded[hex]; draw(); }});
  draw();
  const before = [box.querySelectorAll(".token").length, box.querySelector(".stack-text").textContent];
  box.querySelector(".stack-badge").dispatchEvent(new MouseEvent("click", {bubbles: true}));
  return before.concat([box.querySelectorAll(".token").length, box.querySelector(".stack-text").textContent]);
}"""


def test_autoplay_to_the_end_and_a_step_link(live_server, users, new_context, shot):
    players = {"luftwaffe": users["alice"], "raf": users["bob"]}
    game = autoplay.play(services.create_game(system_name="303", setup={}, players=players), players, seed=3)
    assert game.status == "finished"
    steps = game.version

    page = new_context().new_page()
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{live_server.url}/games/{game.pk}/replay/")
    page.wait_for_selector("#replay-controls:not([hidden])")
    assert page.locator("#step-label").inner_text().startswith(f"Event 1 of {steps}:")
    assert page.locator("svg .token").count() == 10
    page.select_option("#speed", label="fastest")
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function(f"document.getElementById('step-label').textContent.startsWith('Event {steps} of')",
                           timeout=60_000)
    page.wait_for_selector('#autoplay[aria-pressed="false"]')  # it stops by itself at the end
    assert page.url.endswith(f"?step={steps}")
    assert page.locator("#step-text").inner_text().startswith("The dice seed is revealed")
    fetched = [u for u in requests if "/api/" in u]
    assert not [u for u in fetched if re.search(r"/replay/(\?|$)", u)], "never the all-in-one replay"
    assert len([u for u in fetched if "/replay/steps/" in u]) == math.ceil(steps / 20)
    assert page.locator("#browser-check.ok").count() == 1  # the seed, checked in the browser
    shot(page, "replay-303-end")
    # Readable boards: aircraft sharing a hex collapse under a "+n" badge that opens the stack.
    assert page.evaluate(STACK_OF_TWO) == [1, "+1", 2, "−"]

    # A step's link opens the replay at that step.
    page.locator('#replay-events a[data-seq="37"]').click()
    assert page.url.endswith("?step=37")
    link = page.locator("#step-link").get_attribute("href")
    opened = new_context(PHONE).new_page()
    opened.goto(f"{live_server.url}/games/{game.pk}/replay/{link}")
    opened.wait_for_selector("#replay-controls:not([hidden])")
    label = opened.locator("#step-label").inner_text()
    assert label.startswith(f"Event 37 of {steps}:")
    assert label.endswith(page.locator('#replay-events a[data-seq="37"]').inner_text())
    assert opened.locator("#step-slider").input_value() == "37"
    assert opened.locator('#replay-events a[aria-current="step"]').get_attribute("data-seq") == "37"
    shot(opened, "replay-303-phone-step-37")
    # Jumps: round 3 starts where the events list says it does.
    opened.select_option("#jump", label="Round 3")
    assert "Round 3 of 8 begins." in opened.locator("#step-label").inner_text()
    opened.get_by_role("button", name="Next event").click()
    assert re.search(r"\?step=\d+$", opened.url) and opened.url != f"{live_server.url}/games/{game.pk}/replay/{link}"
