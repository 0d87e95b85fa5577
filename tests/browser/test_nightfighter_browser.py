"""A Nightfighter solo night played by clicking only (issue 15; docs/rules/nightfighter-solo.md §3.2): the
fighters deployed and flown by clicking them and a hex of the drawn map, the facing chosen from
the offered ones, ground-radar searches gathered on the map into one plan, tallies and attacks
by clicking fighter and token, phases ended by their buttons; the night runs to its end and
reads as words. Scenario HS2 (Freya and Würzburg), cut to three turns to stay lean."""
import pytest

from game import services
from game.models import Game
from tests.browser.conftest import PHONE, click_action, click_board, log_in, offered, page_version, \
    wait_version_above

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
TURNS = 3


def row(pick: str) -> int:
    return int(pick.split(":")[1]) % 100


def plan_searches(page, actions) -> int:
    """Add one search per radar, each on a different token, by clicking; then send the plan."""
    radars, tokens = set(), set()
    for action in actions:
        search = (action["command"].get("searches") or [{}])[0]
        if action["command"]["type"] != "assign_searches" or not action["picks"]:
            continue
        if search["source"] in radars or search["token"] in tokens:
            continue
        click_action(page, action, sent=False)
        radars.add(search["source"])
        tokens.add(search["token"])
    if not radars:
        return 0
    assert f"Send the searches ({len(radars)})" in page.locator("#board-controls").inner_text()
    version = page_version(page)
    page.locator("#board-controls").get_by_role("button", name=f"Send the searches ({len(radars)})").click()
    wait_version_above(page, version)
    return len(radars)


def test_a_nightfighter_night_played_by_clicking_only(live_server, users, new_context, shot):
    night = services.create_game(system_name="nightfighter-solo", setup={"scenario": "HS2", "turns": TURNS},
                                 players={"player": users["alice"]})
    page = new_context().new_page()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/games/{night.pk}/")
    page.wait_for_selector("svg.nf-map")
    assert page.locator("svg .nf-fighter").count() == 2
    assert not page.locator("#all-moves").get_attribute("open")  # the map offers every move

    # Set-up: F1 is deployed by clicking it, a hex of the deploy area, and a facing.
    deploy = next(a for a in offered(page) if a["command"].get("template"))
    assert deploy["command"]["type"] == "deploy_fighter"
    click_board(page, "piece:F1")
    click_board(page, "hex:1018")
    page.locator("#pick-box").get_by_role("button", name="Deploy F1 on 1018 facing N", exact=True).click()
    wait_version_above(page, 1)
    assert page.locator('svg [data-token="F1"]').get_attribute("transform") != ""
    click_action(page, next(a for a in offered(page) if a["command"]["type"] == "start_night"))
    page.wait_for_selector("svg .nf-token")
    shot(page, "play-nightfighter-turn1")

    searches = tallies = 0
    for _ in range(200):
        if Game.objects.get(pk=night.pk).status != "running":
            break
        actions = offered(page)
        kinds = {a["command"]["type"] for a in actions}
        if "move_fighter" in kinds:  # fly north, towards the bombers: the northmost hex, facing N
            moves = [a for a in actions if a["command"]["type"] == "move_fighter" and not a["command"].get("exit")]
            north = [a for a in moves if a["command"]["facing"] == "N"]
            click_action(page, min(north or moves, key=lambda a: row(a["picks"][1])))
        elif "assign_searches" in kinds and any(a["picks"] for a in actions):
            if not searches:
                shot(page, "play-nightfighter-radar-phase")
            searches += plan_searches(page, actions) or click_action(page, next(
                a for a in actions if a["command"]["type"] == "end_phase")) or 0
        elif kinds & {"tally", "advanced_tally", "attack", "ai_search", "searchlight_search"}:
            click_action(page, next(a for a in actions if a["picks"]))
            tallies += 1
        else:
            click_action(page, next(a for a in actions if a["command"]["type"] in ("end_movement", "end_phase")))
    night.refresh_from_db()
    assert night.status == "finished" and night.outcome["reason"] == "turn_limit"
    page.wait_for_selector('#play-panel[data-status="finished"]')
    assert page.locator("#turn-banner").inner_text().startswith(("Victory", "No victory"))
    assert searches >= 1
    log = page.locator("#event-log").inner_text()
    assert f"Turn {TURNS} begins." in log and "Search markers placed: " in log
    page.select_option("#log-filter", "turns")
    assert page.locator("#event-log li:not([hidden])").first.inner_text().startswith(("End of turn", "Phase", "Turn"))
    shot(page, "play-nightfighter-night-over")
    phone = new_context(PHONE).new_page()
    phone.goto(f"{live_server.url}/games/{night.pk}/replay/?step=40")
    phone.wait_for_selector("svg.nf-map .nf-token")
    shot(phone, "replay-nightfighter-phone")
