"""A table result sent twice counts once (issue 30 "Report offline"): a phone that kept a report,
confirmation or dispute while offline resends it with its Idempotency-Key; the API and the report
page answer the resend as the first send and append nothing; another request under a used key is
refused, and nothing is appended."""
import pytest
from django.test import Client

from tests.conftest import client_for
from tournament import events as ev

from .test_table_play import events_of, first_pairing, leg_url, table_tournament, user, won

pytestmark = pytest.mark.django_db


def sent(t, event_type) -> int:
    return sum(1 for _seq, kind in events_of(t) if kind == event_type)


def api_post(name, url, data, key):
    return client_for(user(name)).post(url, data, format="json", HTTP_IDEMPOTENCY_KEY=key)


@pytest.fixture
def cup(league, organiser, referee):
    return table_tournament(league, organiser, referee)


def test_a_report_resent_through_the_api_counts_once_and_a_reused_key_is_refused(cup):
    p = first_pairing(cup)
    body = {"winner": p["a"], "ended_by": won(p, 1, p["a"])}
    first = api_post(p["a"], leg_url(p, 1, "report"), body, "phone-1")
    again = api_post(p["a"], leg_url(p, 1, "report"), body, "phone-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json()["pairing"] == first.json()["pairing"]
    assert sent(cup, ev.LEG_REPORTED) == 1

    before = events_of(cup)
    other = api_post(p["a"], leg_url(p, 2, "report"), {"winner": p["a"], "ended_by": won(p, 2, p["a"])}, "phone-1")
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
    bad = api_post(p["a"], leg_url(p, 2, "report"), {"winner": p["a"], "ended_by": won(p, 2, p["a"])}, "a\x07b")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_idempotency_key"
    assert events_of(cup) == before


def test_a_confirmation_and_a_dispute_resent_count_once(cup):
    p = first_pairing(cup)
    for leg in (1, 2):
        assert api_post(p["a"], leg_url(p, leg, "report"), {"winner": p["a"], "ended_by": won(p, leg, p["a"])},
                        f"report-{leg}").status_code == 201
    for _ in range(2):
        assert api_post(p["b"], leg_url(p, 1, "confirm"), {}, "answer-1").status_code == 201
        assert api_post(p["b"], leg_url(p, 2, "dispute"), {"reason": "The bomber was shot down."},
                        "answer-2").status_code == 201
    assert (sent(cup, ev.LEG_CONFIRMED), sent(cup, ev.LEG_DISPUTED)) == (1, 1)


def test_the_report_page_counts_a_form_sent_twice_once(cup):
    p = first_pairing(cup)
    page = Client()
    page.force_login(user(p["a"]))
    url = f"/tournaments/{cup.pk}/pairings/{p['id']}/report/"
    form = {"action": "report", "leg": "1", "leg1-winner": p["a"], "leg1-ended_by": won(p, 1, p["a"]),
            "idempotency_key": "slip-1"}
    answers = [page.post(url, form) for _ in range(2)]
    assert [a.status_code for a in answers] == [302, 302]
    assert sent(cup, ev.LEG_REPORTED) == 1
    without_key = page.post(url, {**form, "idempotency_key": ""})  # a plain resend is refused in words
    assert without_key.status_code == 409 and "Nothing was saved" in without_key.content.decode()
    assert sent(cup, ev.LEG_REPORTED) == 1
