"""The organiser's pages changed for issue 26, in Chromium at phone and desktop width: the manage
page's embed snippet (copied with a click) and its last round, the tournament page (played at
the table, whole ratings), the final standings sheet, the question bank's sample and editor."""
import pytest
from playwright.sync_api import expect

from leagues.models import League
from tests.browser.conftest import PHONE, log_in
from tests.conftest import make_user
from tournament import services, table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PLAYERS = ("anna", "bartek", "łukasz", "zofia")


def finished_swiss(olga):
    league = League.objects.create(name="Kraków Club League", slug="krakow")
    league.organisers.add(olga)
    t = services.create_tournament(league=league, name="Kraków Table Swiss", system="303", format="swiss",
                                   created_by=olga, options={"play_mode": "at_table", "rounds": 2})
    for i, name in enumerate(PLAYERS):
        make_user(name)
        services.register(t.pk, name, "olga", rating=1532.53 - 7.25 * i)
    services.seed(t.pk, "olga")
    for number in (1, 2):
        services.start_round(t.pk, "olga")
        state = services.load_state(t)
        for p in [p for p in state.pairings.values() if p["round"] == number and not p["bye"]]:
            if number == 2 and p["table"] == 1:
                continue  # the last round still under way at table 1
            for leg in (1, 2):
                services.report_leg(t.pk, p["id"], leg, p["a"], winner=p["a"],
                                    ended_by=table.ending_won_by("303", p, leg, p["a"]))
                services.confirm_leg(t.pk, p["id"], leg, p["b"])
    return t


def test_the_organisers_changed_pages(live_server, new_context, shot):
    base = live_server.url
    olga = make_user("olga")
    t = finished_swiss(olga)
    for viewport, width in ((PHONE, "phone"), (None, "desktop")):
        page = (new_context(viewport) if viewport else new_context()).new_page()
        log_in(page, base, "olga")
        page.goto(f"{base}/tournaments/{t.pk}/manage/")
        expect(page.get_by_text("Round 2 is the last")).to_be_visible()
        expect(page.get_by_role("button", name="Start round 3")).to_have_count(0)
        page.get_by_role("button", name="Copy the code").click()
        expect(page.get_by_role("button", name="Copied")).to_be_visible()
        shot(page, f"issue26-manage-{width}")
        page.goto(f"{base}/tournaments/{t.pk}/")
        expect(page.get_by_text("played at the table, results reported by the players")).to_be_visible()
        expect(page.locator("#main")).not_to_contain_text("1532.53")
        shot(page, f"issue26-tournament-{width}")
        page.goto(f"{base}/tournaments/{t.pk}/manage/quiz/")
        page.get_by_role("button", name="303 rules, 20 questions in Polish").click()
        expect(page.get_by_text("20 questions saved as the bank")).to_be_visible()
        shot(page, f"issue26-quiz-bank-{width}")
    # The last pairing ends: the tournament is over and its final sheet names the winner.
    state = services.load_state(t)
    last = next(p for p in state.pairings.values() if p["round"] == 2 and p["table"] == 1)
    for leg in (1, 2):
        services.report_leg(t.pk, last["id"], leg, last["a"], winner=last["a"],
                            ended_by=table.ending_won_by("303", last, leg, last["a"]))
        services.confirm_leg(t.pk, last["id"], leg, last["b"])
    for viewport, width in ((PHONE, "phone"), (None, "desktop")):
        page = (new_context(viewport) if viewport else new_context()).new_page()
        log_in(page, base, "olga")
        page.goto(f"{base}/tournaments/{t.pk}/print/round-2/standings/")
        expect(page.locator("h2", has_text="Final standings")).to_be_visible()
        expect(page.get_by_text("Winner:")).to_be_visible()
        shot(page, f"issue26-final-standings-{width}")
