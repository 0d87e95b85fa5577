"""Table play by clicking on a phone (issue 14 "Done when"; docs/rules/303.md "Tournament rules from the
sheet"): at table 1 one player reports the match and the other confirms it; the rematch is
reported, disputed with a reason, and the referee decides it from the list of open reports. A
form sent incomplete says what is missing and appends nothing. Screenshots of every step."""
import pytest
from playwright.sync_api import expect

from kernel.models import StoredEvent
from tests.browser.conftest import PHONE, cup_of_four, log_in
from tournament import services, table
from tournament.models import Tournament
from tournament.table_forms import ending_label

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_cup(db):
    return cup_of_four("Kraków Table Cup", "swiss", play_mode="at_table")


def table_one(t) -> dict:
    state = services.load_state(Tournament.objects.get(pk=t.pk))
    return next(p for p in state.pairings.values() if p["table"] == 1)


def how(p, leg, winner) -> str:
    """How a leg ends when ``winner`` wins it, in the form's words (303: an ending of his side)."""
    return ending_label(table.ending_won_by("303", p, leg, winner))


def stream_length(t) -> int:
    return StoredEvent.objects.filter(stream=t.stream).count()


def test_players_report_confirm_and_dispute_on_a_phone_and_the_referee_decides(
        live_server, table_cup, new_context, shot):
    t, p = table_cup, table_one(table_cup)
    a, b = p["a"], p["b"]
    first = new_context(PHONE).new_page()
    log_in(first, live_server.url, a)
    first.goto(f"{live_server.url}/tournaments/{t.pk}/pairings/{p['id']}/")
    shot(first, "table-01-pairing-page-phone")
    first.get_by_role("link", name="Results of the match and rematch: report or confirm").click()
    expect(first.get_by_role("heading", name="Table 1 · Round 1")).to_be_visible()
    match = first.locator("#leg-1")
    expect(match.get_by_text("moves first")).to_be_visible()  # the Luftwaffe starts (303 sheet)
    shot(first, "table-02-report-page-phone")

    # Sent without choosing: the fields say what is missing, nothing is appended.
    before = stream_length(t)
    match.get_by_role("button", name="Report the match").click()
    expect(first.locator("#leg-1 .errorlist").first).to_be_visible()
    assert stream_length(t) == before
    shot(first, "table-03-report-refused-phone")

    match = first.locator("#leg-1")
    match.get_by_label(a, exact=True).check()
    match.get_by_label(how(p, 1, a)).check()
    match.get_by_role("button", name="Report the match").click()
    expect(first.get_by_text("Reported. Your opponent confirms it")).to_be_visible()
    assert "reported, waiting for the opponent" in first.locator("#leg-1 .leg-status").inner_text().lower()
    shot(first, "table-04-reported-phone")

    second = new_context(PHONE).new_page()
    log_in(second, live_server.url, b)
    second.goto(f"{live_server.url}/tournaments/{t.pk}/pairings/{p['id']}/report/")
    expect(second.locator("#leg-1").get_by_text(f"{a} won — {how(p, 1, a)}")).to_be_visible()
    shot(second, "table-05-opponent-sees-report-phone")
    second.locator("#leg-1").get_by_role("button", name="Yes, confirm").click()
    expect(second.get_by_text("Confirmed: the result counts.")).to_be_visible()
    assert "confirmed" in second.locator("#leg-1 .leg-status").inner_text().lower()

    # The rematch: reported by b, disputed by a with a reason (a blank reason is refused first).
    rematch = second.locator("#leg-2")
    rematch.get_by_label(b, exact=True).check()
    rematch.get_by_label(how(p, 2, b)).check()
    rematch.get_by_role("button", name="Report the rematch").click()
    first.reload()
    before = stream_length(t)
    first.locator("#leg-2").get_by_role("button", name="No, dispute it").click()
    expect(first.locator("#leg-2").get_by_text("say what is wrong with the report")).to_be_visible()
    assert stream_length(t) == before
    first.locator("#leg-2").get_by_label("What is wrong with the report?").fill(
        "The bomber was shot down over Biggin Hill before reaching London.")
    first.locator("#leg-2").get_by_role("button", name="No, dispute it").click()
    expect(first.get_by_text("Disputed: a referee will decide.")).to_be_visible()
    shot(first, "table-06-disputed-phone")

    referee = new_context(PHONE).new_page()
    log_in(referee, live_server.url, "rita")
    referee.goto(f"{live_server.url}/tournaments/{t.pk}/table-reports/")
    expect(referee.get_by_text("disputed, waiting for a referee").first).to_be_visible()
    shot(referee, "table-07-open-reports-phone")
    referee.get_by_role("link", name="Decide").click()
    leg = referee.locator("#leg-2")
    expect(leg.locator("details.staff-entry")).to_have_attribute("open", "")  # "Decide" opens it
    leg.get_by_label(a, exact=True).check()
    leg.get_by_label(how(p, 2, a)).check()
    leg.get_by_label("Reason").fill("Both players' game cards show the bomber destroyed in round 6.")
    shot(referee, "table-08-referee-enters-phone")
    leg.get_by_role("button", name="Enter the result").click()
    expect(referee.get_by_text("The result is entered.")).to_be_visible()
    state = services.load_state(Tournament.objects.get(pk=t.pk))
    result = state.named_result(state.pairings[p["id"]])
    assert (result["status"], result["winner"], list(result["score"])) == ("decided", a, [2, 0])
    referee.goto(f"{live_server.url}/tournaments/{t.pk}/pairings/{p['id']}/report/")
    shot(referee, "table-09-decided-phone")
