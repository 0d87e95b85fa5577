"""The league admin's pages and the league's one address (issue 13; docs/rules/service.md "Who uses it":
league admins create leagues and seasons and appoint organisers; "Ratings": league tables per
league and season). Forms: CSRF, errors beside the field, the role checked on the server,
nothing stored on an error — and the API answers to the same address."""
import html as html_lib
import re

import pytest
from django.test import Client

from kernel.models import StoredEvent
from leagues.models import League, Season
from tests.conftest import client_for, make_user
from tests.doubles import RACE
from tournament import events as ev, services as tournaments
from tournament.models import Tournament


def browser(user=None, csrf=False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    if user is not None:
        client.force_login(user)
    return client


def error_beside(html: str, field_id: str) -> str:
    match = re.search(rf'<ul class="errorlist" id="{field_id}_error">(.*?)</ul>', html, re.S)
    assert match, f"no error beside {field_id}"
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", match.group(1))).strip()


@pytest.fixture
def league(db):
    return League.objects.create(name="Night League", slug="night")


def test_a_league_admin_creates_a_league_whose_address_is_fixed(admin_user_):
    page = browser(admin_user_)
    numeric = page.post("/leagues/new/", {"name": "Numbers", "slug": "1943"})
    assert numeric.status_code == 400 and "needs a letter" in error_beside(numeric.content.decode(), "id_slug")
    reserved = page.post("/leagues/new/", {"name": "New", "slug": "new"})
    assert "word of the site's addresses" in error_beside(reserved.content.decode(), "id_slug")
    assert not League.objects.exists()
    created = page.post("/leagues/new/", {"name": "Bomber Stream", "slug": "stream"})
    assert created.status_code == 302 and created["Location"] == "/leagues/stream/edit/"
    taken = page.post("/leagues/new/", {"name": "Bomber Stream", "slug": "stream2"})
    assert "another league has this name" in error_beside(taken.content.decode(), "id_name").lower()
    assert League.objects.count() == 1


def test_appointing_organisers_on_the_page_lets_them_create_tournaments(admin_user_, league):
    olga = make_user("olga")
    page = browser(admin_user_)
    wrong = page.post("/leagues/night/edit/", {"league-name": "Night League", "organisers-add": "nobody"})
    assert wrong.status_code == 400
    assert "No user nobody" in error_beside(wrong.content.decode(), "id_organisers-add")
    assert not league.organisers.exists()
    assert page.post("/leagues/night/edit/", {"league-name": "Night League", "organisers-add": "olga"}).status_code == 302
    assert list(league.organisers.all()) == [olga]
    assert "Night League" in browser(olga).get("/tournaments/new/").content.decode()
    assert page.post("/leagues/night/edit/", {"league-name": "Night League"}).status_code == 302
    assert not league.organisers.exists(), "unticked: removed"


def test_league_pages_are_the_league_admins_and_need_the_csrf_token(admin_user_, league):
    organiser = make_user("olga")
    league.organisers.add(organiser)
    for url in ("/leagues/new/", "/leagues/night/edit/", "/leagues/night/seasons/new/"):
        assert browser(organiser).get(url).status_code == 403, url
        assert browser(organiser).post(url, {"name": "x", "slug": "x"}).status_code == 403, url
        assert browser().get(url)["Location"].startswith("/accounts/login/"), url
    assert browser(admin_user_, csrf=True).post("/leagues/night/seasons/new/", {"name": "Spring"}).status_code == 403
    assert not Season.objects.exists() and League.objects.count() == 1


def test_a_season_with_its_tournaments_and_its_table(admin_user_, league, users):
    olga = make_user("olga")
    league.organisers.add(olga)
    cup = tournaments.create_tournament(league=league, name="Spring cup", system=RACE, format="swiss",
                                        created_by=olga)
    page = browser(admin_user_)
    backwards = page.post("/leagues/night/seasons/new/", {"name": "Spring", "starts_on": "2044-05-01",
                                                          "ends_on": "2044-03-01", "tournaments": [cup.pk]})
    assert backwards.status_code == 400
    assert "cannot end before it starts" in error_beside(backwards.content.decode(), "id_ends_on")
    assert not Season.objects.exists() and StoredEvent.objects.filter(stream=cup.stream).count() == 1
    created = page.post("/leagues/night/seasons/new/", {"name": "Spring", "starts_on": "2044-03-01",
                                                        "tournaments": [cup.pk]})
    season = Season.objects.get()
    assert created["Location"] == f"/leagues/night/seasons/{season.pk}/"
    attached = StoredEvent.objects.filter(stream=cup.stream).order_by("seq").last()
    assert (attached.type, attached.payload, attached.actor) == (ev.SETTINGS_CHANGED, {"season": season.pk}, "admin")
    assert Tournament.objects.get().season == season
    html = browser().get(f"/leagues/night/seasons/{season.pk}/").content.decode()
    assert "Season table" in html and "Spring cup" in html
    assert page.post(f"/leagues/night/seasons/{season.pk}/edit/", {"name": "Spring"}).status_code == 302
    assert Tournament.objects.get().season is None, "unticked: detached"


def test_a_league_has_one_address_slug_or_id_in_the_api_and_the_pages(admin_user_, league):
    olga = make_user("olga")
    season = Season.objects.create(league=league, name="Winter")
    anyone = client_for()
    for address in ("night", str(league.pk)):
        assert anyone.get(f"/api/leagues/{address}/").json()["slug"] == "night"
        seasons = anyone.get(f"/api/leagues/{address}/seasons/").json()
        assert [(s["name"], s["league"]) for s in seasons] == [("Winter", "night")], "the league by its slug"
        assert anyone.get(f"/api/leagues/{address}/seasons/{season.pk}/").json()["league"] == "night"
        assert anyone.get(f"/api/leagues/{address}/seasons/{season.pk}/table/").json()["league"] == "night"
        assert browser().get(f"/leagues/{address}/").status_code == 200
    missing = anyone.get("/api/leagues/nowhere/seasons/")
    assert missing.status_code == 404 and missing.json()["code"] == "league_not_found"
    admin = client_for(admin_user_)
    assert admin.patch("/api/leagues/night/", {"organisers": ["olga"]}, format="json").status_code == 200
    assert admin.patch("/api/leagues/night/", {"slug": "day"}, format="json").json()["code"] == "slug_fixed"
    for address in ("night", league.pk):
        body = {"league": address, "name": f"Cup {address}", "system": RACE, "format": "swiss"}
        created = client_for(olga).post("/api/tournaments/", body, format="json")
        assert created.status_code == 201 and created.json()["league"] == "night"
    tournament = Tournament.objects.first()
    put = client_for(olga).put(f"/api/tournaments/{tournament.pk}/season/", {"season": season.pk}, format="json")
    assert put.status_code == 200 and put.json()["season"] == season.pk
