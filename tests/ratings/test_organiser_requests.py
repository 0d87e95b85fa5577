"""Who grants the right to organise, asked from the page (issue 26): the league page and the new
tournament page name the league admins; a player asks them, each is notified and grants it with
one click; whoever is appointed organiser or referee is told."""
import pytest
from django.test import Client

from notifications import kinds
from notifications.models import Notification
from leagues.models import League
from tests.conftest import make_user
from tournament import services


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def club(db):
    return League.objects.create(name="Club League", slug="club")


def test_the_pages_a_new_organiser_looks_at_name_the_league_admins_and_lead_to_the_request(club, admin_user_):
    nina = make_user("nina")
    for page in ("/tournaments/new/", "/leagues/club/"):
        html = signed_in(nina).get(page).content.decode()
        assert "admin" in html and "/leagues/club/organise/" in html, page


def test_a_request_notifies_every_league_admin_who_grants_it_in_one_post(club, admin_user_):
    second = make_user("sue", is_staff=True)
    nina = make_user("nina")
    r = signed_in(nina).post("/leagues/club/organise/", {"message": "I run the Kraków club"})
    assert r.status_code == 302
    assert "You asked on" in signed_in(nina).get("/leagues/club/organise/").content.decode()
    asked = Notification.objects.filter(kind=kinds.ORGANISER_REQUESTED)
    assert sorted(n.user.username for n in asked) == ["admin", "sue"]
    assert asked.first().text == "nina asks to organise tournaments in Club League: “I run the Kraków club”"
    listing = signed_in(second).get("/notifications/").content.decode()
    assert "Make nina an organiser of Club League" in listing
    assert signed_in(nina).post("/leagues/club/organisers/grant/", {"username": "nina"}).status_code == 403
    assert not club.organisers.exists()
    assert signed_in(second).post("/leagues/club/organisers/grant/", {"username": "nina"}).status_code == 302
    assert list(club.organisers.values_list("username", flat=True)) == ["nina"]
    listing = signed_in(admin_user_).get("/notifications/").content.decode()
    assert "✓ granted by sue" in listing and "Make nina an organiser" not in listing
    [told] = Notification.objects.filter(user=nina, kind=kinds.ORGANISER_APPOINTED)
    assert told.text == "You organise Club League now: create its tournaments" and told.url == "/tournaments/new/"
    again = signed_in(nina).post("/leagues/club/organise/", {"message": ""})
    assert again.status_code == 200 and "You may organise in this league already." in again.content.decode()


def test_a_message_too_long_is_refused_beside_the_field_and_nobody_is_told(club, admin_user_):
    r = signed_in(make_user("nina")).post("/leagues/club/organise/", {"message": "x" * 501})
    assert r.status_code == 400 and 'id="id_message_error"' in r.content.decode()
    assert not Notification.objects.exists()


def test_a_person_appointed_referee_is_told(club, admin_user_):
    olga, rita = make_user("olga"), make_user("rita")
    club.organisers.add(olga)
    t = services.create_tournament(league=club, name="Club cup", system="303", format="swiss", created_by=olga)
    services.appoint_referees(t.pk, [rita])
    [told] = Notification.objects.filter(user=rita, kind=kinds.REFEREE_APPOINTED)
    assert told.text == "You referee Club cup now" and told.url == f"/tournaments/{t.pk}/"
