"""The table report page and the organiser's "play at the table" button (issue 14): every form
calls the service the API calls; a refusal is shown in words and appends nothing."""
import pytest
from django.test import Client

from game.models import Game
from kernel.models import StoredEvent
from tournament import services, table
from tests.tournament.test_table_play import first_pairing, state_of, table_tournament, user


def client_as(u) -> Client:
    client = Client()
    client.force_login(u)
    return client


def page(t, p):
    return f"/tournaments/{t.pk}/pairings/{p['id']}/report/"


def length(t) -> int:
    return StoredEvent.objects.filter(stream=t.stream).count()


@pytest.mark.django_db
def test_anyone_reads_the_report_page_and_only_players_get_the_report_form(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    anonymous = Client().get(page(t, p)).content.decode()
    assert "Table 1" in anonymous and "Log in to report" in anonymous and "Report the match" not in anonymous
    mine = client_as(user(p["a"])).get(page(t, p)).content.decode()
    assert "Report the match" in mine and "Enter this result (staff)" not in mine
    staff = client_as(referee).get(page(t, p)).content.decode()
    assert "Report the match" not in staff and "Enter this result (staff)" in staff


@pytest.mark.django_db
def test_a_report_by_the_page_and_its_refusals_in_words(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    before = length(t)
    r = client_as(user(p["a"])).post(page(t, p), {"action": "report", "leg": "1", "leg1-winner": p["a"]})
    assert r.status_code == 400 and "This field is required." in r.content.decode() and length(t) == before
    contradiction = "reached_london" if table.leg_sides(p, 1)["raf"] == p["a"] else "shot_down"
    r = client_as(user(p["a"])).post(page(t, p), {"action": "report", "leg": "1", "leg1-winner": p["a"],
                                                   "leg1-ended_by": contradiction})
    assert r.status_code == 400 and length(t) == before
    assert f"in this leg, not {p['a']}" in r.content.decode()  # beside "How did the game end?"
    r = client_as(user(p["a"])).post(page(t, p), {"action": "report", "leg": "1", "leg1-winner": p["a"],
                                                   "leg1-ended_by": table.ending_won_by("303", p, 1, p["a"])})
    assert r.status_code == 302 and length(t) == before + 1
    report = state_of(t).pairings[p["id"]]["reports"][1]
    r = client_as(user(p["b"])).post(page(t, p), {"action": "dispute", "leg": "1", "leg1-report_id": report["report_id"],
                                                   "leg1-reason": ""})
    assert r.status_code == 400 and "say what is wrong with the report" in r.content.decode()
    assert length(t) == before + 1
    r = client_as(user(p["b"])).post(page(t, p), {"action": "confirm", "leg": "1",
                                                   "leg1-report_id": report["report_id"]})
    assert r.status_code == 302 and state_of(t).pairings[p["id"]]["results"][1]["winner"] == p["a"]
    r = client_as(user(p["a"])).post(page(t, p), {"action": "enter", "leg": "1", "leg1-winner": p["b"],
                                                   "leg1-ended_by": table.ending_won_by("303", p, 1, p["b"]),
                                                   "leg1-reason": "mine"})
    assert r.status_code == 403 and length(t) == before + 2


@pytest.mark.django_db
def test_the_organiser_moves_an_online_pairing_to_the_table_by_the_page(league, organiser, referee):
    t = table_tournament(league, organiser, referee, n=2, play_mode="online")
    p = first_pairing(t)
    pairing_page = f"/tournaments/{t.pk}/pairings/{p['id']}/"
    assert "Play this pairing at the table" in client_as(organiser).get(pairing_page).content.decode()
    assert "Play this pairing at the table" not in client_as(user(p["a"])).get(pairing_page).content.decode()
    assert client_as(user(p["a"])).post(pairing_page + "to-table/").status_code == 403
    r = client_as(organiser).post(pairing_page + "to-table/")
    assert r.status_code == 302 and r["Location"].endswith("/report/")
    assert state_of(t).pairings[p["id"]]["mode"] == "at_table"
    assert not Game.objects.filter(status="running").exists()


@pytest.mark.django_db
def test_the_open_reports_page_is_the_staffs(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    url = f"/tournaments/{t.pk}/table-reports/"
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/?next=")
    assert client_as(user(p["a"])).get(url).status_code == 403
    assert client_as(referee).get(url).status_code == 200 and client_as(organiser).get(url).status_code == 200


@pytest.mark.django_db
def test_the_tournament_page_says_it_is_played_at_the_table(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    html = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert "played at the table, results reported by the players" in html
    online = services.create_tournament(league=league, name="Online", system="303", format="swiss",
                                        created_by=organiser)
    assert "played online" in Client().get(f"/tournaments/{online.pk}/").content.decode()
