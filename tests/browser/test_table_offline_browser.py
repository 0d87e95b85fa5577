"""Reporting at the table without a connection (issue 30 "Report offline", done when): a player's
phone goes offline, reports the match — kept on the phone, "waiting to send" — and sends it by
itself when the connection returns: exactly one LegReported is stored, also when the same request
reaches the server twice. A report refused when it finally arrives (the opponent reported first)
is shown in words. The report page opens offline from the service worker's cache."""
import json

import pytest
from playwright.sync_api import expect

from kernel.models import StoredEvent
from tests.browser.conftest import PHONE, cup_of_four, log_in
from tournament import events as ev, services, table

from .test_table_play_browser import how, table_one

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
OUTBOX = "nightduel-table-outbox"


@pytest.fixture
def table_cup(db):
    return cup_of_four("Łódź Basement Cup", "swiss", play_mode="at_table")


def reports(t) -> int:
    return StoredEvent.objects.filter(stream=t.stream, type=ev.LEG_REPORTED).count()


def offline_phone(live_server, new_context, t, p, player):
    """The player's phone on the report page, the service worker in charge, then the Wi-Fi gone."""
    context = new_context(PHONE)
    page = context.new_page()
    log_in(page, live_server.url, player)
    url = f"{live_server.url}/tournaments/{t.pk}/pairings/{p['id']}/report/"
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now through the worker, which keeps the page
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    app = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())")
    assert app["start_url"] == url.removeprefix(live_server.url) and app["display"] == "standalone"  # installable
    context.set_offline(True)
    page.reload()  # opens from the phone's cache
    expect(page.get_by_text("No connection: what you send now is kept on this phone")).to_be_visible()
    return context, page


def report_match(page, p, winner):
    match = page.locator("#leg-1")
    match.get_by_label(winner, exact=True).check()
    match.get_by_label(how(p, 1, winner)).check()
    match.get_by_role("button", name="Report the match").click()


def test_a_report_made_offline_is_sent_when_the_connection_returns_and_counts_once(
        live_server, table_cup, new_context, shot):
    t, p = table_cup, table_one(table_cup)
    context, page = offline_phone(live_server, new_context, t, p, p["a"])
    report_match(page, p, p["a"])
    expect(page.get_by_text("Your report of the match is waiting to send")).to_be_visible()
    kept = page.evaluate(f"localStorage.getItem('{OUTBOX}')")
    assert reports(t) == 0
    shot(page, "table-offline-01-waiting-phone")

    context.set_offline(False)
    expect(page.get_by_text("Your report of the match was sent when the connection returned.")).to_be_visible()
    expect(page.locator("#leg-1 .leg-status")).to_contain_text("Reported, waiting for the opponent")
    assert reports(t) == 1
    shot(page, "table-offline-02-sent-phone")

    # The same request again, as when the answer was lost on the way back: the phone still holds
    # it and sends it with its key on the next opening. It counts once, and nothing is refused.
    [item] = json.loads(kept)
    page.evaluate(f"localStorage.setItem('{OUTBOX}', {json.dumps(kept)})")
    page.reload()
    expect(page.get_by_text("Your report of the match was sent when the connection returned.")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{OUTBOX}')") == "[]"
    expect(page.locator(".message.error")).to_have_count(0)
    assert reports(t) == 1
    replay = page.evaluate("""async (item) => (await fetch(item.url, {method: "POST", body: item.body,
        headers: {"Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": item.key}})).status""", item)
    assert replay == 200 and reports(t) == 1


def test_a_report_refused_when_it_finally_arrives_is_shown_in_words(live_server, table_cup, new_context, shot):
    t, p = table_cup, table_one(table_cup)
    context, page = offline_phone(live_server, new_context, t, p, p["a"])
    report_match(page, p, p["a"])
    expect(page.get_by_text("Your report of the match is waiting to send")).to_be_visible()
    services.report_leg(t.pk, p["id"], 1, p["b"], winner=p["b"], ended_by=table.ending_won_by("303", p, 1, p["b"]))

    context.set_offline(False)
    refusal = page.get_by_text("Your report of the match was sent when the connection returned. Nothing was saved:")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text(f"{p['b']} reported this leg: confirm or dispute it")
    expect(page.locator("#leg-1").get_by_role("button", name="Yes, confirm")).to_be_visible()  # the page as it is now
    assert reports(t) == 1
    shot(page, "table-offline-03-refused-phone")
    page.get_by_role("button", name="Understood").click()
    expect(refusal).to_have_count(0)

