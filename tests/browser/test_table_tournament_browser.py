"""A whole 303 Swiss of eight at the table, from round 1 to the final standings (issue 14 "Done
when"; docs/rules/303.md "Tournament rules from the sheet"), with a real Celery worker and beat on Redis:

* table 1 on phones: the match reported and confirmed, the rematch reported, disputed and
  decided by the referee from the list of open reports;
* table 2 stands 1:1 and is broken by the knowledge test its players take on their phones;
* table 3's match is reported and nobody answers: beat confirms it;
* the other legs are reported and confirmed through the same services the pages call;
* the tournament ends with its standings, and every leg moved the players' Elo (the worker
  rates the tournament's outbox ranges).
"""
import pytest
from playwright.sync_api import expect

from ratings.models import PlayerRating
from leagues.models import League
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_quiz_browser import GOOD, take_quiz
from tests.conftest import make_user
from tests.tournament.test_table_auto_confirm_beat import real_celery_beat  # noqa: F401  (fixture)
from tests.worker import wait_until
from tournament import services, table
from tournament.models import Tournament
from tournament.quiz.attempts import open_quiz, upload_bank
from tournament.table_forms import ending_label

pytestmark = [pytest.mark.browser, pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

EIGHT = ("kowalski", "nowak", "wisniewski", "wojcik", "kaminski", "lewandowski", "zielinski", "szymanski")


def state_of(t):
    return services.load_state(Tournament.objects.get(pk=t.pk))


def won(pairing, leg, winner) -> str:
    """How the leg ended when ``winner`` won it: an ending of his side (docs/rules/303.md "End of game")."""
    return table.ending_won_by("303", pairing, leg, winner)


def settle(t, pairing, leg, winner):
    services.report_leg(t.pk, pairing["id"], leg, pairing["a"], winner=winner, ended_by=won(pairing, leg, winner))
    services.confirm_leg(t.pk, pairing["id"], leg, pairing["b"])


def phone(new_context, base, name):
    page = new_context(PHONE).new_page()
    log_in(page, base, name)
    return page


def test_an_eight_player_swiss_at_the_table_from_round_one_to_final_standings(
        live_server, real_celery_beat, new_context, shot):  # noqa: F811
    base = live_server.url
    league = League.objects.create(name="Polish 303 League", slug="pl303")
    olga, rita = make_user("olga"), make_user("rita")
    league.organisers.add(olga)
    for name in EIGHT:
        make_user(name)
    t = services.create_tournament(league=league, name="Poznań Table Open", system="303", format="swiss",
                                   created_by=olga, referees=[rita],
                                   options={"play_mode": "at_table", "auto_confirm_minutes": 0.5})
    for name in EIGHT:
        services.register(t.pk, name, "olga")
    services.seed(t.pk, "olga", method="lot")
    services.start_round(t.pk, "olga")
    tables = {p["table"]: p for p in state_of(t).pairings.values()}

    # Table 3: reported, never answered; beat confirms it once its half minute is over.
    three = tables[3]
    services.report_leg(t.pk, three["id"], 1, three["a"], winner=three["a"], ended_by=won(three, 1, three["a"]))

    # Table 1 on phones: reported and confirmed; then reported, disputed, and decided by the referee.
    one = tables[1]
    report = f"{base}/tournaments/{t.pk}/pairings/{one['id']}/report/"
    first, second = phone(new_context, base, one["a"]), phone(new_context, base, one["b"])
    first.goto(report)
    first.locator("#leg-1").get_by_label(one["a"], exact=True).check()
    first.locator("#leg-1").get_by_label(ending_label(won(one, 1, one["a"]))).check()
    first.locator("#leg-1").get_by_role("button", name="Report the match").click()
    expect(first.get_by_text("Reported. Your opponent confirms it")).to_be_visible()
    second.goto(report)
    second.locator("#leg-1").get_by_role("button", name="Yes, confirm").click()
    expect(second.get_by_text("Confirmed: the result counts.")).to_be_visible()
    second.locator("#leg-2").get_by_label(one["b"], exact=True).check()
    second.locator("#leg-2").get_by_label(ending_label(won(one, 2, one["b"]))).check()
    second.locator("#leg-2").get_by_role("button", name="Report the rematch").click()
    expect(second.get_by_text("Reported. Your opponent confirms it")).to_be_visible()
    first.goto(report)
    first.locator("#leg-2").get_by_label("What is wrong with the report?").fill("Shot down over Kenley in round 7.")
    first.locator("#leg-2").get_by_role("button", name="No, dispute it").click()
    expect(first.get_by_text("Disputed: a referee will decide.")).to_be_visible()
    referee = phone(new_context, base, "rita")
    referee.goto(f"{base}/tournaments/{t.pk}/table-reports/")
    referee.get_by_role("link", name="Decide").click()
    leg = referee.locator("#leg-2")
    expect(leg.locator("details.staff-entry")).to_have_attribute("open", "")  # "Decide" opens it
    leg.get_by_label(one["a"], exact=True).check()
    leg.get_by_label(ending_label(won(one, 2, one["a"]))).check()
    leg.get_by_label("Reason").fill("Both game cards show the bomber destroyed in round 7.")
    leg.get_by_role("button", name="Enter the result").click()
    expect(referee.get_by_text("The result is entered.")).to_be_visible()
    shot(referee, "table-open-01-referee-decided-phone")

    # Table 2: 1:1, then the knowledge test on the players' phones breaks it.
    two = tables[2]
    settle(t, two, 1, two["a"])
    settle(t, two, 2, two["b"])
    assert state_of(t).result(two["id"]).status == "awaiting_knowledge_test"
    upload_bank(t.pk, GOOD.encode(), "bank.csv", "csv", olga)
    open_quiz(t.pk, 1, "olga", questions=3, minutes=5)
    take_quiz(phone(new_context, base, two["a"]), base, t, two["id"], right=1, shot=shot, name="open-a")
    take_quiz(phone(new_context, base, two["b"]), base, t, two["id"], right=3, shot=shot, name="open-b")
    assert state_of(t).named_result(state_of(t).pairings[two["id"]])["winner"] == two["b"]

    settle(t, tables[4], 1, tables[4]["a"])
    settle(t, tables[4], 2, tables[4]["a"])
    wait_until(lambda: 1 in state_of(t).pairings[three["id"]]["results"], timeout=120, interval=0.5)
    assert state_of(t).pairings[three["id"]]["reports"][1]["confirmed_by"] == "system:auto-confirm"
    settle(t, three, 2, three["a"])

    for round_number in (2, 3):
        services.start_round(t.pk, "olga")
        for pairing in [p for p in state_of(t).pairings.values() if p["round"] == round_number]:
            settle(t, pairing, 1, pairing["a"])
            settle(t, pairing, 2, pairing["a"])
    assert Tournament.objects.get(pk=t.pk).status == "finished"

    spectator = new_context(PHONE).new_page()
    spectator.goto(f"{base}/tournaments/{t.pk}/")
    expect(spectator.locator("#standings-h")).to_be_visible()
    shot(spectator, "table-open-02-final-standings-phone")
    # Every leg rated by the worker: six games each, ratings apart from the start.
    wait_until(lambda: PlayerRating.objects.filter(system="303", games=6).count() == 8, timeout=120, interval=0.5)
    assert len({round(r.rating, 3) for r in PlayerRating.objects.filter(system="303")}) > 1
