"""A referee does his whole job by clicking (issue 13 "Done when"; docs/rules/303.md "Tournament rules from
the sheet"; docs/rules/service.md "Referee discipline"): on a 303 semi-final standing at 1:1 he records both
knowledge-test scores (equal), decides the real tie; on the other semi-final he gives the four
steps of the ladder, each shown before he confirms it, the fourth ending the pairing 0:2; the
bracket then has its final. Desktop and phone screenshots of each step."""
import pytest

from kernel.store import read_events
from tests.browser.conftest import PHONE, log_in
from tournament import pages, services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]




def test_a_referee_records_tests_decides_a_tie_and_gives_the_whole_ladder_by_clicking(
        live_server, semi_finals, new_context, shot, monkeypatch):
    t = semi_finals
    monkeypatch.setattr(pages, "LIVE_POLL_MS", 300)
    spectator = new_context().new_page()  # follows the tournament page without reloading it
    spectator.goto(f"{live_server.url}/tournaments/{t.pk}/")
    assert spectator.locator("#pairing-W1-1 .status-text").inner_text() == "Waiting for knowledge-test scores"
    page = new_context().new_page()
    log_in(page, live_server.url, "rita")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Tournaments").click()
    page.get_by_role("link", name="Warsaw 303 Cup").click()
    page.get_by_role("link", name="Details: Semi-final 1").click()
    assert page.locator(".pairing-status").inner_text() == "Waiting for knowledge-test scores"
    assert page.get_by_role("button", name="Decide the tie").count() == 0  # not yet: the tests decide first

    # Knowledge tests: a blank form is refused in words, then both scores, equal.
    page.get_by_role("button", name="Save the scores").click()
    assert page.get_by_text("Enter at least one score.").is_visible()
    page.get_by_label("kowalski's score").fill("7")
    page.get_by_label("zielinski's score").fill("7")
    page.get_by_role("button", name="Save the scores").click()
    assert page.get_by_text("Knowledge-test scores recorded.").is_visible()
    assert page.locator(".pairing-status").inner_text() == "Waiting for the referee's decision"
    shot(page, "referee-1-tie-waiting")

    # The tie: without a reason the error is next to the field and nothing is recorded.
    tie = page.locator("form.decision-form")
    tie.get_by_label("zielinski").check()
    tie.get_by_role("button", name="Decide the tie").click()
    assert page.locator(".errorlist").first.inner_text() == "Write the reason: it is part of the record."
    shot(page, "referee-2-tie-reason-missing")
    page.locator("form.decision-form").get_by_label("zielinski").check()
    page.get_by_label("Reason").first.fill("zielinski answered the tie question first")
    page.get_by_role("button", name="Decide the tie").click()
    assert page.get_by_text("Tie decided. zielinski wins the pairing.").is_visible()
    assert page.locator(".pairing-status").inner_text() == "Finished (referee's decision)"
    spectator.locator("#pairing-W1-1 .status-text", has_text="Finished (referee's decision)").wait_for()
    assert spectator.get_by_text("Updated just now").is_visible()

    # The ladder on the other semi-final: each card shown before it is confirmed.
    page.get_by_role("link", name="Warsaw 303 Cup").click()
    page.get_by_role("link", name="Details: Semi-final 2").click()
    offences = [("disturbing_play", "talked through the opponent's turn"), ("stalling", "took ten minutes a move"),
                ("foul_language", "swore at the dice"), ("insulting_others", "insulted the opponent")]
    cards = []
    for number, (category, text) in enumerate(offences, start=1):
        form = page.locator("#referee-panel form", has=page.get_by_role("button", name="Review: which card is it?"))
        form.get_by_label("nowak").check()
        form.get_by_label("Offence").select_option(category)
        form.get_by_label("What happened").fill(text)
        form.get_by_role("button", name="Review: which card is it?").click()
        cards.append(page.locator(".review-card").inner_text().strip())
        if number == 4:
            assert "nowak is excluded from this pairing, which ends 0:2 for wisniewski" in page.content()
            shot(page, "referee-3-red-card-review")
        confirm = page.get_by_role("button", name=f"Confirm: {cards[-1]} for nowak")
        confirm.click()
        assert page.get_by_text(f"{cards[-1]} for nowak").first.is_visible()
    assert cards == ["Warning", "Yellow card", "Warning", "Red card"]
    assert page.locator(".pairing-status").inner_text() == "Finished (red card)"
    assert page.locator(".pairing-score").inner_text() == "nowak 0 : 2 wisniewski"
    shot(page, "referee-4-red-card-given")

    phone = new_context(PHONE).new_page()
    log_in(phone, live_server.url, "rita")
    phone.goto(page.url)
    shot(phone, "referee-5-panel-phone")
    page.get_by_role("link", name="Warsaw 303 Cup").click()
    final = page.locator("#pairing-W2-1")
    assert final.get_by_role("link", name="zielinski").count() == 1 and final.get_by_role("link", name="wisniewski")
    shot(page, "referee-6-bracket-with-final")
    page.get_by_role("link", name="Details: Semi-final 1").click()
    page.get_by_text("Overrule the result").click()
    assert page.get_by_role("button", name="Overrule").is_visible()
    shot(page, "referee-7-overrule-form")

    types = [e.type for e in read_events(t.stream)]
    assert types.count("KnowledgeTestScoreRecorded") == 2 and types.count("RefereeDecision") == 1
    assert [p["level"] for p in services.load_state(t).graded_penalties()] == ["warning", "yellow", "warning", "red"]
