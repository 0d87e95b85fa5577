"""The referee panel on the pairing page and the tournament pages' own endpoints, through
Django's test client (issue 13 "Referee panel", "Bracket and tournament pages"; docs/rules/service.md "Who
uses it"): only referees (and league admins) see and use the panel, roles are checked on the
server, CSRF holds, a refusal shows its error next to the field and appends nothing, the offence
is confirmed after the page says which card it is, the page forms append what the API appends;
only the embeddable view may be framed by another site."""
import re

import pytest
from django.test import Client

from kernel.models import StoredEvent
from tests.conftest import client_for, make_user
from tests.tournament.test_overrule_moves_bracket import make_a_move
from tests.tournament.conftest import play, players, started
from tournament import services
from tournament.models import Tournament


@pytest.fixture
def cup(league, organiser, referee):
    """Single elimination of 4 (polish): W1-1 p01 v p04 stands at 1:1, W1-2 p02 v p03 is in play."""
    t = started(league, organiser, referee, "single-elimination", 4)
    play(t, "W1-1", "p01", "p04")
    return t


def pairing(t, key) -> dict:
    return next(p for p in services.load_state(t).pairings.values() if p["key"] == key)


def page_url(t, key, action=""):
    return f"/tournaments/{t.pk}/pairings/{pairing(t, key)['id']}/{action}"


def browser(user=None, csrf=False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    if user is not None:
        client.force_login(user)
    return client


def events(t) -> list:
    return list(StoredEvent.objects.filter(stream=t.stream).order_by("seq").values_list("type", "payload"))


def test_only_referees_and_league_admins_see_the_panel(cup, referee, organiser):
    admin = make_user("root", is_staff=True, is_superuser=True)
    seen = {name: "Referee panel" in browser(user).get(page_url(cup, "W1-1")).content.decode()
            for name, user in (("referee", referee), ("admin", admin), ("organiser", organiser),
                               ("player", make_user("p09")), ("anonymous", None))}
    assert seen == {"referee": True, "admin": True, "organiser": False, "player": False, "anonymous": False}


def test_the_panel_actions_check_the_role_on_the_server(cup, organiser):
    before = events(cup)
    body = {"score_0": "7", "score_1": "7"}
    assert browser(organiser).post(page_url(cup, "W1-1", "knowledge-tests/"), body).status_code == 403
    assert browser(make_user("p09")).post(page_url(cup, "W1-1", "offences/"), {"step": "confirm"}).status_code == 403
    anonymous = browser().post(page_url(cup, "W1-1", "decisions/"), {"kind": "tie"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert events(cup) == before


def test_a_post_without_the_csrf_token_is_refused(cup, referee):
    client = browser(referee, csrf=True)
    before = events(cup)
    assert client.post(page_url(cup, "W1-1", "knowledge-tests/"), {"score_0": "7"}).status_code == 403
    assert events(cup) == before
    client.get(page_url(cup, "W1-1"))
    token = client.cookies["csrftoken"].value
    accepted = client.post(page_url(cup, "W1-1", "knowledge-tests/"), {"score_0": "7", "csrfmiddlewaretoken": token})
    assert accepted.status_code == 302 and len(events(cup)) == len(before) + 1


def field_error(html: str, field_id: str) -> str:
    """The error Django renders for ``field_id``, tied to it by ``aria-describedby``."""
    match = re.search(rf'<ul class="errorlist" id="{field_id}_error">(.*?)</ul>', html, re.S)
    assert match, f"no error shown for {field_id}"
    assert re.search(rf'aria-describedby="[^"]*{field_id}_error', html), f"the error is not tied to {field_id}"
    return re.sub(r"<[^>]+>", "", match.group(1)).strip()


def test_a_tie_needs_the_tests_first_and_a_reason_and_nothing_is_appended_on_an_error(cup, referee):
    client = browser(referee)
    url = page_url(cup, "W1-1", "decisions/")
    html = client.get(page_url(cup, "W1-1")).content.decode()
    assert "Waiting for knowledge-test scores" in html and "Decide the tie" not in html  # not offered yet
    before = events(cup)
    refused = client.post(url, {"kind": "tie", "winner": "p04", "reason": "answered first"})
    assert refused.status_code == 409
    assert "The knowledge tests decide a 1:1 first" in refused.content.decode() and events(cup) == before
    assert client.post(page_url(cup, "W1-1", "knowledge-tests/"), {"score_0": "7", "score_1": "7"}).status_code == 302
    html = client.get(page_url(cup, "W1-1")).content.decode()
    assert "Waiting for the referee&#x27;s decision" in html and "Decide the tie" in html
    before = events(cup)
    refused = client.post(url, {"kind": "tie", "winner": "p04", "reason": ""})
    assert refused.status_code == 400 and events(cup) == before
    assert field_error(refused.content.decode(), "id_reason") == "Write the reason: it is part of the record."
    done = client.post(url, {"kind": "tie", "winner": "p04", "reason": "p04 answered the tie question"}, follow=True)
    assert "Tie decided. p04 wins the pairing." in done.content.decode()
    assert [t for t, _ in events(cup)[len(before):]][:1] == ["RefereeDecision"]


def test_the_offence_form_says_which_card_before_it_is_recorded(cup, referee):
    client = browser(referee)
    url = page_url(cup, "W1-2", "offences/")
    offence = {"entrant": "p02", "category": "disturbing_play", "text": "talked during the roll"}
    levels = []
    for number in range(1, 5):
        before = events(cup)
        review = client.post(url, {**offence, "step": "review"})
        html = review.content.decode()
        assert review.status_code == 200 and events(cup) == before  # a review appends nothing
        assert f'name="offence_number" value="{number}"' in html
        levels.append(re.search(r"Confirm: ([A-Za-z ]+) for p02", html).group(1))
        if number == 4:
            assert "excluded from this pairing, which ends 0:2 for p03" in html
            stale = client.post(url, {**offence, "step": "confirm", "offence_number": "3"})
            assert "The ladder changed while you were reviewing" in stale.content.decode() and events(cup) == before
        assert client.post(url, {**offence, "step": "confirm", "offence_number": str(number)}).status_code == 302
    assert levels == ["Warning", "Yellow card", "Warning", "Red card"]
    state = services.load_state(cup)
    result = state.named_result(pairing(cup, "W1-2"))
    assert (result["score"], result["winner"]) == ([0, 2], "p03")


def test_an_empty_offence_shows_errors_next_to_the_fields(cup, referee):
    before = events(cup)
    refused = browser(referee).post(page_url(cup, "W1-2", "offences/"), {"step": "review", "text": ""})
    html = refused.content.decode()
    assert refused.status_code == 400 and events(cup) == before
    assert field_error(html, "id_text") == "Describe what happened: it is part of the record."
    assert "Choose the player." in html


def test_revoking_needs_a_reason(cup, referee):
    _, penalty = services.issue_penalty(cup.pk, "p02", "stalling", "slow", "rita")
    client = browser(referee)
    url = page_url(cup, "W1-2", f"penalties/{penalty['id']}/revoke/")
    before = events(cup)
    refused = client.post(url, {f"revoke-{penalty['id']}-reason": ""})
    assert refused.status_code == 400 and events(cup) == before
    assert "Write why the penalty is revoked." in refused.content.decode()
    assert client.post(url, {f"revoke-{penalty['id']}-reason": "wrong player"}).status_code == 302
    assert [t for t, _ in events(cup)][-1] == "PenaltyRevoked"


def strip_ids(stream: list) -> list:
    # ids, each tournament's secret, and the head hash over a history that holds them
    ids = ("penalty_id", "decision_id", "pairing_id", "game_id", "seed", "head_hash")
    return [(t, {k: v for k, v in p.items() if k not in ids}) for t, p in stream]


def test_the_page_forms_append_what_the_api_appends(league, organiser, referee):
    """The same referee actions, once through the pages and once through the API."""
    streams, entrants = [], players(2)
    for door in ("pages", "api"):
        t = started(league, organiser, referee, "single-elimination", 2, entrants)
        play(t, "W1-1", "p01", "p02")
        before = len(events(t))
        pid = pairing(t, "W1-1")["id"]
        if door == "pages":
            client = browser(referee)
            client.post(page_url(t, "W1-1", "knowledge-tests/"), {"score_0": "6", "score_1": "6"})
            client.post(page_url(t, "W1-1", "offences/"), {"entrant": "p01", "category": "foul_language",
                                                            "text": "swore", "step": "confirm", "offence_number": "1"})
            client.post(page_url(t, "W1-1", "decisions/"), {"kind": "tie", "winner": "p02", "reason": "quicker"})
        else:
            api = client_for(referee)
            for name in ("p01", "p02"):
                api.post(f"/api/tournaments/{t.pk}/knowledge-tests/", {"entrant": name, "score": 6}, format="json")
            api.post(f"/api/tournaments/{t.pk}/penalties/", {"entrant": "p01", "category": "foul_language",
                                                              "text": "swore", "pairing_id": pid}, format="json")
            api.post(f"/api/tournaments/{t.pk}/decisions/", {"pairing_id": pid, "kind": "tie", "winner": "p02",
                                                             "reason": "quicker"}, format="json")
        streams.append(strip_ids(events(t)[before:]))
    assert streams[0] == streams[1] and [t for t, _ in streams[0]] == [
        "KnowledgeTestScoreRecorded", "KnowledgeTestScoreRecorded", "PenaltyIssued", "RefereeDecision",
        "TournamentFinished"]


def test_the_short_pairing_address_leads_to_the_pairing_page(cup):
    pid = pairing(cup, "W1-1")["id"]
    response = browser().get(f"/pairings/{pid}/")
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{cup.pk}/pairings/{pid}/"
    Tournament.objects.filter(pk=cup.pk).update(is_public=False)
    assert browser().get(f"/pairings/{pid}/").status_code == 404


def test_only_the_embeddable_view_may_be_framed_by_another_site(cup, referee):
    client = browser()
    embed = client.get(f"/tournaments/{cup.pk}/embed/")
    assert embed.status_code == 200 and "X-Frame-Options" not in embed.headers
    assert embed["Content-Security-Policy"] == "frame-ancestors *"
    assert "Referee panel" not in embed.content.decode() and "Semi-final 1" in embed.content.decode()
    for url in (f"/tournaments/{cup.pk}/", page_url(cup, "W1-1"), "/tournaments/", "/", f"/api/tournaments/{cup.pk}/",
                "/accounts/login/"):
        response = client.get(url)
        assert response["X-Frame-Options"] == "DENY", url
        assert response["Content-Security-Policy"] == "frame-ancestors 'none'", url


def test_the_pages_poll_the_stream_version_and_fetch_the_new_body(cup):
    client = browser()
    version = client.get(f"/tournaments/{cup.pk}/version/").json()["version"]
    assert version == services.load_state(cup).version
    services.issue_penalty(cup.pk, "p02", "stalling", "slow", "rita")
    assert client.get(f"/tournaments/{cup.pk}/version/").json()["version"] == version + 1
    body = client.get(f"/tournaments/{cup.pk}/body/")
    assert body["X-Stream-Version"] == str(version + 1) and 'title="Warning: Undue delay (stalling)"' in \
        body.content.decode()


def test_an_overrule_from_the_page_names_what_it_replaces_and_voids_a_started_final(cup, referee):
    for name in ("p01", "p04"):
        services.record_knowledge_test(cup.pk, name, 8 if name == "p01" else 5, "rita")
    play(cup, "W1-2", "p02", "p02")
    final = pairing(cup, "W2-1")
    make_a_move(final["games"][1]["game_id"])
    client = browser(referee)
    html = client.get(page_url(cup, "W1-1")).content.decode()
    assert "Overrule the result" in html and 'name="replaces_result" value="2:1"' not in html
    assert 'name="replaces_result" value="1:1"' in html and "Final: p01 v p02 (has started)" in html
    body = {"kind": "overrule", "result": "1:1", "winner": "p04", "reason": "p01's test was marked wrongly",
            "replaces": "", "replaces_result": "1:1"}
    before = events(cup)
    refused = client.post(page_url(cup, "W1-1", "decisions/"), body)
    assert refused.status_code == 409 and events(cup) == before
    assert field_error(refused.content.decode(), "id_void").startswith("A later pairing this result feeds has started")
    done = client.post(page_url(cup, "W1-1", "decisions/"),
                       {**body, "void": [final["id"]], "void_reason": "replayed with p04"}, follow=True)
    assert "Result overruled. p04 wins the pairing. Later pairings voided and created again with the new entrant: 1." \
        in done.content.decode()
    assert (pairing(cup, "W2-1")["a"], pairing(cup, "W2-1")["b"]) == ("p04", "p02")
    voided = client.get(f"/tournaments/{cup.pk}/pairings/{final['id']}/").content.decode()
    assert "The referee voided this pairing: replayed with p04" in voided and "Referee panel" not in voided
