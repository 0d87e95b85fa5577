"""Each person is led to the next thing to do (issue 26): referees are told of a dispute and of a
pairing waiting for their decision and land where they decide it; players are told their table
and their knowledge test, and find both on their home page; organisers and referees see what
waits in each tournament they run. The report and pairing pages speak to each viewer in words."""
import re

import pytest

from notifications.models import Notification
from tests.browser.test_quiz_browser import GOOD
from tests.tournament.test_table_play import (first_pairing, leg_url, post, report, settle, state_of,
                                              table_tournament, user)
from tests.tournament.test_table_pages import client_as, length, page
from tournament import services, table
from tournament.quiz.attempts import open_quiz, upload_bank

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def notified(settings):
    """The notifications' consumers of the tournament's messages (no webhooks, no ratings)."""
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {
        **settings.NIGHTDUEL_OUTBOX_CONSUMERS,
        **{f"tournament.{kind}": [f"notifications.consumers.{kind}"] for kind in (
            "pairing_created", "result_disputed", "pairing_waiting", "penalty_issued", "quiz_opened")}}


def notes(kind, name=None):
    found = Notification.objects.filter(kind=kind).select_related("user").order_by("id")
    return [n for n in found if name is None or n.user.username == name]


def html(u, url) -> str:
    return client_as(u).get(url).content.decode()


def disputed(t):
    p = first_pairing(t)
    report(p, 1, p["a"], p["a"])
    r = post(user(p["b"]), leg_url(p, 1, "dispute"), {"reason": "The bomber never reached the coast."})
    assert r.status_code == 201
    return p


def test_a_dispute_is_told_to_the_referees_and_its_link_opens_the_decision(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = disputed(t)
    [note] = notes("dispute_to_decide")
    assert note.user == referee
    assert note.text == f"Table cup, table {p['table']}: {p['b']} disputes a result — decide it"
    assert note.url == f"/tournaments/{t.pk}/pairings/{p['id']}/report/?decide=1#decide-leg-1"
    landing = html(referee, note.url)
    assert re.search(r'<details class="staff-entry" id="decide-leg-1" open>', landing)
    assert "Staff view" in landing and "Decide the dispute: enter the result" in landing

    # The pairing's referee panel shows the dispute, not "Nothing to decide yet".
    panel = html(referee, f"/tournaments/{t.pk}/pairings/{p['id']}/")
    assert "Match: a disputed result waits for you" in panel and "Nothing to decide yet" not in panel
    assert f"/report/?decide=1#decide-leg-1" in panel

    # The tournament page and the home page show the staff what waits; the players are not shown it.
    assert "1 disputed result to decide" in html(referee, f"/tournaments/{t.pk}/")
    assert "1 disputed result to decide" not in html(user(p["a"]), f"/tournaments/{t.pk}/")
    home = html(referee, "/")
    assert "Tournaments you run or referee" in home and "1 disputed result to decide" in home
    assert "Tournaments you run or referee" not in html(user(p["a"]), "/")


def test_a_table_round_names_the_table_and_the_home_page_leads_to_its_report_page(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = next(x for x in state_of(t).pairings.values() if x["table"] == 2)
    [note] = notes("pairing_created", p["a"])
    assert note.text == f"Table cup, round 1: you play {p['b']} at table 2" and note.url == page(t, p)
    home = html(user(p["a"]), "/")
    assert "No pairing to play" not in home
    line = re.sub(r"<[^>]+>", "", re.search(r'<p class="next-step-line">(.*?)</p>', home, re.S).group(1))
    assert " ".join(line.split()) == f"Table 2, vs {p['b']}, report here"
    assert f'href="{page(t, p)}"' in home


def test_players_at_1_1_are_told_of_their_knowledge_test_and_equal_tests_go_to_the_referees(
        league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    settle(p, 1, p["a"])
    settle(p, 2, p["b"])
    told = notes("knowledge_test_open")
    assert sorted(n.user.username for n in told) == sorted([p["a"], p["b"]])
    assert told[0].text.endswith("stand 1:1 — the knowledge test decides it")

    upload_bank(t.pk, GOOD, "bank.csv", None, organiser)
    open_quiz(t.pk, 1, "olga", questions=3)
    quiz_url = f"/tournaments/{t.pk}/quiz/1/"
    [opened] = notes("knowledge_test_open", p["a"])[1:]
    assert opened.url == quiz_url
    assert opened.text == f"Table cup: you and {p['b']} stand 1:1 — your knowledge test is open"
    home = html(user(p["a"]), "/")
    assert "Your knowledge test is open" in home and f'href="{quiz_url}"' in home

    services.record_knowledge_test(t.pk, p["a"], 4, "rita")
    services.record_knowledge_test(t.pk, p["b"], 4, "rita")
    [tie] = notes("tie_to_decide")
    assert tie.user == referee and tie.url == f"/tournaments/{t.pk}/pairings/{p['id']}/#ref-decide-h"
    assert tie.text == f"Table cup: {p['a']} v {p['b']} waits for your decision"
    panel = html(referee, f"/tournaments/{t.pk}/pairings/{p['id']}/")
    # The recorded scores stand in the test inputs; the tie form is offered.
    assert len(re.findall(r'name="score_\d" value="4"', panel)) == 2 and "Decide the tie" in panel
    assert "1 pairing waiting for a referee" in html(referee, f"/tournaments/{t.pk}/")


def test_a_red_card_notification_names_the_card_and_no_further_offence_is_offered(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    for _ in range(4):
        services.issue_penalty(t.pk, p["a"], "foul_language", "swore at the dice", "rita", pairing_id=p["id"])
    texts = [n.text for n in notes("penalty_issued", p["a"])]
    assert texts[-1] == "Table cup: Red card for foul language — swore at the dice"
    assert texts[0] == "Table cup: Warning for foul language — swore at the dice"
    panel = html(referee, f"/tournaments/{t.pk}/pairings/{p['id']}/")
    offence = panel[panel.index('id="ref-offence-h"'):panel.index('id="ref-decide-h"')]
    assert f"{p['a']}: red card — excluded from this pairing." in offence
    assert f'value="{p["a"]}"' not in offence and f'value="{p["b"]}"' in offence  # only b may still offend


def test_a_stale_report_page_says_in_words_what_happened_and_saves_nothing(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    report(p, 1, p["b"], p["b"])  # meanwhile, on the opponent's phone
    before = length(t)
    r = client_as(user(p["a"])).post(page(t, p), {
        "action": "report", "leg": "1", "leg1-winner": p["a"],
        "leg1-ended_by": table.ending_won_by("303", p, 1, p["a"])})
    body = r.content.decode()
    assert r.status_code == 409 and length(t) == before
    assert f"Nothing was saved: {p['b']} reported this leg: confirm or dispute it." in body
    assert "Yes, confirm" in body  # ... and the page shows what to do now
    r = client_as(user(p["a"])).post(page(t, p), {
        "action": "enter", "leg": "2", "leg2-winner": p["a"], "leg2-ended_by": "shot_down", "leg2-reason": "x"})
    assert r.status_code == 403 and length(t) == before
    assert "Nothing was saved: only the tournament&#x27;s referees and organisers enter results." in r.content.decode()


def test_the_report_page_speaks_to_players_staff_and_readers_and_leads_back_to_the_tournament(
        league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    back = f'<a href="/tournaments/{t.pk}/">← Table cup</a>'
    mine = html(user(p["a"]), page(t, p))
    assert "After each game one of you reports the result here" in mine and back in mine
    staff = html(referee, page(t, p))
    assert "Staff view" in staff and "one of you reports" not in staff
    other = next(x for x in state_of(t).pairings.values() if x["id"] != p["id"])
    reader = html(user(other["a"]), page(t, p))
    assert "They report the results here; you can follow them." in reader
    assert "one of you reports" not in reader and 'name="action"' not in reader  # read only
    assert "data-live-region" in reader  # it follows the tournament's stream


def test_an_at_table_pairing_page_shows_its_legs_not_no_games(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    settle(p, 1, p["a"])
    report(p, 2, p["a"], p["b"])
    body = html(user(p["a"]), f"/tournaments/{t.pk}/pairings/{p['id']}/")
    assert "No games yet" not in body
    assert f"{p['a']} won" in body and "reported, waiting for the opponent" in body


def test_the_organiser_is_told_which_round_can_start(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    for p in state_of(t).pairings.values():
        settle(p, 1, p["a"])
        settle(p, 2, p["a"])
    assert "Round 2 can start" in html(organiser, "/")
    assert "Round 2 can start" not in html(referee, "/")  # the referee does not start rounds


UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def visible_text(body: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


def test_players_read_no_stream_versions_or_internal_ids(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    report(p, 1, p["a"], p["a"])
    me = user(p["b"])
    for url in (f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/pairings/{p['id']}/", page(t, p), "/"):
        text = visible_text(html(me, url))
        assert not UUID.search(text) and not re.search(r"\bversion\b", text, re.I), (url, text)
        assert not re.search(rf"\b{p['key']}\b", text), (url, text)  # the bracket key, e.g. R1-1


def test_the_home_page_names_an_online_pairing_without_its_bracket_key(league, organiser, referee):
    from tests.tournament.conftest import started

    t = started(league, organiser, referee, "single-elimination", 2)
    [p] = state_of(t).pairings.values()
    text = visible_text(html(user(p["a"]), "/"))
    assert f"vs {p['b']} play" in text and not re.search(rf"\b{p['key']}\b", text), text
