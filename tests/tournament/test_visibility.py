"""Who may see a tournament (docs/rules/service.md, "Who uses it and what they may do"; tournament/visibility.py):
one rule, asked the same way by the rule itself, the pages, the API and the season page.

A private tournament: league admins, its league's organisers, its referees and its entrants
(withdrawn ones too). Holding the join link shows the join page only. A public one: anybody.
"""
import pytest
from django.test import Client

from leagues.models import Season
from tests.conftest import client_for, make_user
from tests.doubles import RACE
from tournament import services
from tournament.models import Tournament
from tournament.permissions import join_key
from tournament.visibility import may_view

ROLES = ("anonymous", "stranger", "invited_by_link", "entrant", "withdrawn_entrant", "organiser", "referee",
         "league_admin")
# role → may see a private tournament
PRIVATE = {"anonymous": False, "stranger": False, "invited_by_link": False, "entrant": True,
           "withdrawn_entrant": True, "organiser": True, "referee": True, "league_admin": True}


@pytest.fixture
def world(league, organiser, referee):
    """A private and a public tournament of one season, and a user for every role."""
    season = Season.objects.create(league=league, name="Winter")
    private, public = (services.create_tournament(league=league, name=name, system=RACE, format="swiss",
                                                  created_by=organiser, referees=[referee], is_public=is_public)
                       for name, is_public in (("Closed cup", False), ("Open cup", True)))
    Tournament.objects.filter(pk__in=[private.pk, public.pk]).update(season=season)
    people = {"anonymous": None, "stranger": make_user("sam"), "invited_by_link": make_user("ivy"),
              "entrant": make_user("eve"), "withdrawn_entrant": make_user("walt"), "organiser": organiser,
              "referee": referee, "league_admin": make_user("ada", is_staff=True)}
    for t in (private, public):
        services.register(t.pk, "eve", "olga")
        services.register(t.pk, "walt", "olga")
        services.withdraw(t.pk, "walt", "walt")
    return {"season": season, "private": Tournament.objects.get(pk=private.pk),
            "public": Tournament.objects.get(pk=public.pk), "people": people}


def page_client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def sees(user, tournament, season) -> dict[str, bool]:
    """The answer of every door to 'may ``user`` see ``tournament``?'."""
    page, api = page_client(user), client_for(user)
    listed_api = {t["id"] for t in api.get("/api/tournaments/").json()}
    return {
        "rule": Tournament.objects.visible_to(user).filter(pk=tournament.pk).exists(),
        "may_view": may_view(user, tournament),
        "page": {200: True, 404: False}[page.get(f"/tournaments/{tournament.pk}/").status_code],
        "api": {200: True, 404: False}[api.get(f"/api/tournaments/{tournament.pk}/").status_code],
        "page_list": f'href="/tournaments/{tournament.pk}/"' in page.get("/tournaments/").content.decode(),
        "api_list": tournament.pk in listed_api,
        "season_page": f'href="/tournaments/{tournament.pk}/"' in page.get(
            f"/leagues/{season.league.slug}/seasons/{season.pk}/").content.decode(),
    }


@pytest.mark.parametrize("role", ROLES)
def test_every_door_answers_a_private_tournament_by_the_one_rule(world, role):
    user = world["people"][role]
    answers = sees(user, world["private"], world["season"])
    assert answers == dict.fromkeys(answers, PRIVATE[role]), answers


@pytest.mark.parametrize("role", ROLES)
def test_a_public_tournament_is_seen_by_every_role(world, role):
    answers = sees(world["people"][role], world["public"], world["season"])
    assert all(answers.values()), answers


def test_a_tournament_is_listed_once_whatever_roles_its_viewer_holds(world, league, organiser):
    services.register(world["private"].pk, "olga", "olga")
    world["private"].referees.add(organiser)
    listed = [t["id"] for t in client_for(organiser).get("/api/tournaments/").json()]
    assert sorted(listed) == sorted([world["private"].pk, world["public"].pk])


def test_the_join_link_shows_the_join_page_not_the_private_tournament(world):
    ivy, private = world["people"]["invited_by_link"], world["private"]
    page = page_client(ivy)
    assert page.get(f"/tournaments/{private.pk}/join/{join_key(private)}/").status_code == 200
    assert page.get(f"/tournaments/{private.pk}/").status_code == 404


def test_a_player_registered_through_the_join_link_is_led_to_a_page_he_may_see(world):
    """The join form's redirect, followed: the entrant gets the tournament's page (it was a 404
    when the pages' copy of the rule forgot entrants); a stranger still gets 404 there."""
    private = world["private"]
    ivy = page_client(world["people"]["invited_by_link"])
    landed = ivy.post(f"/tournaments/{private.pk}/join/{join_key(private)}/", follow=True)
    assert landed.redirect_chain == [(f"/tournaments/{private.pk}/", 302)]
    assert landed.status_code == 200 and private.name in landed.content.decode()
    assert "ivy" in landed.content.decode(), "he is among the entrants shown"
    assert page_client(world["people"]["stranger"]).get(f"/tournaments/{private.pk}/").status_code == 404
