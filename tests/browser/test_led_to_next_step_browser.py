"""Each person led to the next thing to do, by clicking on a phone (issue 26 "Done when"):

* the referee is notified of a dispute and settles it from the notification in three clicks
  (the header's notifications, the notification, "Enter the result"); her open-reports page
  shows a new dispute without a reload and its "Decide" opens the decision, expanded;
* a player at table 2 finds "Table 2, vs X, report here" on her home page and reaches the report
  page in one click, which then follows her opponent's confirmation live; a player at 1:1 finds
  "your knowledge test is open" there and reaches the test in one click.

Screenshots (phone and desktop) in artifacts/screenshots/led-*.png."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, cup_of_four, log_in
from tests.browser.test_quiz_browser import GOOD
from tournament import services, table
from tournament.models import Tournament
from tournament.quiz.attempts import open_quiz, upload_bank
from tournament.table_forms import ending_label

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_cup(db):
    return cup_of_four("Kraków Table Cup", "swiss", play_mode="at_table")


def at_table(t, number: int) -> dict:
    state = services.load_state(Tournament.objects.get(pk=t.pk))
    return next(p for p in state.pairings.values() if p["table"] == number)


def reported(t, p, leg, winner, by=None):
    services.report_leg(t.pk, p["id"], leg, by or p["a"], winner=winner,
                        ended_by=table.ending_won_by("303", p, leg, winner))


def test_the_referee_is_led_from_the_notification_to_the_decision_in_three_clicks(
        live_server, table_cup, new_context, shot):
    t, base = table_cup, live_server.url
    one, two = at_table(t, 1), at_table(t, 2)
    reported(t, one, 1, one["a"])
    services.dispute_leg(t.pk, one["id"], 1, one["b"], "The bomber was shot down over the coast.")

    rita = new_context(PHONE).new_page()
    log_in(rita, base, "rita")
    expect(rita.locator("#staffed-tournaments")).to_be_visible()  # her home: what waits where
    expect(rita.get_by_text("1 disputed result to decide")).to_be_visible()
    shot(rita, "led-01-referee-home-phone")

    # Click 1: the header's notifications; click 2: the notification; click 3: enter the result.
    rita.get_by_role("link", name="Notifications").click()
    note = rita.get_by_role("link", name=f"Kraków Table Cup, table 1: {one['b']} disputes a result — decide it")
    shot(rita, "led-02-referee-notifications-phone")
    note.click()
    decision = rita.locator("#decide-leg-1")
    expect(decision).to_have_attribute("open", "")
    expect(decision.get_by_label("Reason")).to_be_in_viewport()
    expect(decision.get_by_label(one["a"], exact=True)).to_be_checked()  # the report's result, ready
    decision.get_by_label("Reason").fill("Both cards show the bomber reaching London.")
    shot(rita, "led-03-referee-decides-phone")
    decision.get_by_role("button", name="Enter the result").click()
    expect(rita.get_by_text("The result is entered.")).to_be_visible()
    leg = services.load_state(Tournament.objects.get(pk=t.pk)).pairings[one["id"]]["reports"][1]
    assert (leg["status"], leg["winner"], leg["entered_by"]) == ("entered", one["a"], "rita")

    # The open-reports page follows the tournament: a new dispute shows up without a reload.
    reports = new_context(DESKTOP).new_page()
    log_in(reports, base, "rita")
    reports.goto(f"{base}/tournaments/{t.pk}/table-reports/")
    expect(reports.get_by_text("Nothing is waiting.")).to_be_visible()
    reported(t, two, 1, two["b"])
    services.dispute_leg(t.pk, two["id"], 1, two["b"], "We never finished the game.")
    expect(reports.get_by_text("“We never finished the game.”")).to_be_visible()
    expect(reports.get_by_text("Updated just now.")).to_be_visible()
    shot(reports, "led-04-open-reports-live")
    reports.get_by_role("link", name="Decide").click()
    decision = reports.locator("#decide-leg-1")
    expect(decision).to_have_attribute("open", "")
    expect(decision.get_by_role("button", name="Enter the result")).to_be_in_viewport()
    shot(reports, "led-05-decide-opened")

    # The tournament page tells the staff what waits; the pairing's panel shows the dispute.
    reports.goto(f"{base}/tournaments/{t.pk}/")
    expect(reports.locator(".staff-box").get_by_text("1 disputed result to decide")).to_be_visible()
    shot(reports, "led-06-tournament-page-staff")
    reports.goto(f"{base}/")
    expect(reports.get_by_text("1 disputed result to decide")).to_be_visible()
    shot(reports, "led-01b-referee-home-desktop")
    reports.goto(f"{base}/tournaments/{t.pk}/pairings/{one['id']}/")
    expect(reports.get_by_text("No games yet")).to_have_count(0)  # the legs played at the table instead
    shot(reports, "led-06c-pairing-page-at-table-desktop")
    rita.goto(f"{base}/tournaments/{t.pk}/pairings/{two['id']}/#ref-decide-h")
    expect(rita.get_by_text("Match: a disputed result waits for you")).to_be_visible()
    expect(rita.get_by_text("Nothing to decide yet")).to_have_count(0)
    rita.locator("#ref-decide-h").scroll_into_view_if_needed()
    shot(rita, "led-07-referee-panel-dispute-phone")
    for _ in range(4):  # the ladder's fourth offence: a red card, and no further offence is offered
        services.issue_penalty(t.pk, two["a"], "foul_language", "Swore at the dice.", "rita", pairing_id=two["id"])
    rita.reload()
    expect(rita.get_by_text(f"{two['a']}: red card — excluded from this pairing.")).to_be_visible()
    rita.locator("#ref-offence-h").scroll_into_view_if_needed()
    shot(rita, "led-07b-referee-panel-red-card-phone")
    rita.goto(f"{base}/tournaments/{t.pk}/")
    expect(rita.locator(".staff-box")).to_be_visible()
    shot(rita, "led-06b-tournament-page-staff-phone")
    rita.goto(f"{base}/tournaments/{t.pk}/table-reports/")
    shot(rita, "led-04b-open-reports-phone")


def test_players_are_led_to_their_table_and_to_their_knowledge_test(live_server, table_cup, new_context, shot):
    t, base = table_cup, live_server.url
    one, two = at_table(t, 2), at_table(t, 1)

    her = new_context(PHONE).new_page()
    log_in(her, base, one["a"])
    line = her.locator(".next-step-line")
    expect(line).to_have_text(f"Table 2, vs {one['b']}, report here")
    shot(her, "led-08-player-home-table-phone")
    line.get_by_role("link", name="report here").click()
    expect(her.get_by_role("heading", name="Table 2 · Round 1")).to_be_visible()
    shot(her, "led-09-report-page-phone")
    reported(t, one, 1, one["b"], by=one["b"])  # her opponent reports on his phone: her page follows
    expect(her.locator("#leg-1").get_by_role("button", name="Yes, confirm")).to_be_visible()
    shot(her, "led-10-report-page-live-phone")
    # She starts on the rematch (the page stops swapping: it says it changed) while he reports it too.
    rematch = her.locator("#leg-2")
    rematch.get_by_label(one["a"], exact=True).check()
    reported(t, one, 2, one["b"], by=one["b"])
    expect(her.get_by_text("The results changed since you opened the page.")).to_be_visible()
    rematch.get_by_label(ending_label(table.ending_won_by("303", one, 2, one["a"]))).check()
    rematch.get_by_role("button", name="Report the rematch").click()
    expect(her.locator(".refusal")).to_have_text(
        f"Nothing was saved: {one['b']} reported this leg: confirm or dispute it. "
        "The page now shows where the results stand.")
    expect(her.locator("#leg-2").get_by_role("button", name="Yes, confirm")).to_be_visible()
    shot(her, "led-10b-report-stale-refused-phone")

    # Table 1 stands 1:1 and the round's knowledge test is open: its players are led to it.
    reported(t, two, 1, two["a"])
    services.confirm_leg(t.pk, two["id"], 1, two["b"])
    reported(t, two, 2, two["b"])
    services.confirm_leg(t.pk, two["id"], 2, two["b"])
    upload_bank(t.pk, GOOD, "bank.csv", None, None)
    open_quiz(t.pk, 1, "olga", questions=3)
    him = new_context(PHONE).new_page()
    log_in(him, base, two["b"])
    expect(him.get_by_text("Your knowledge test is open")).to_be_visible()
    shot(him, "led-11-player-home-quiz-phone")
    him.get_by_role("link", name="Take the knowledge test").click()
    expect(him.get_by_role("button", name="Start the test")).to_be_visible()
    him.get_by_role("link", name="Notifications").click()
    expect(him.get_by_role("link", name=f"Kraków Table Cup: you and {two['a']} stand 1:1 — your knowledge test is open")
           ).to_be_visible()
    shot(him, "led-12-player-notifications-phone")
