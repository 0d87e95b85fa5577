"""Fixtures of the security tests: the six roles around a private running game, a private
tournament and a solo campaign."""
import pytest

from game import campaigns, services
from leagues.models import League, Season
from tests.conftest import make_user
from tests.doubles import RACE
from tests.security.roles import World
from tournament import services as tournaments


@pytest.fixture
def world(db) -> World:
    users = {
        "player": make_user("alice"),
        "opponent": make_user("bob"),
        "other_player": make_user("carol"),
        "referee": make_user("rita"),
        "organiser": make_user("olga"),
        "league_admin": make_user("admin", is_staff=True, is_superuser=True),
    }
    league = League.objects.create(name="Night League", slug="night")
    league.organisers.add(users["organiser"])
    season = Season.objects.create(league=league, name="Winter")
    game = services.create_game(system_name=RACE, setup={"target": 1000}, is_public=False,
                                players={"a": users["player"], "b": users["opponent"]},
                                referees=[users["referee"]])
    # olga organises the league, rita referees the cup; alice and bob have entered, carol has not.
    tournament = tournaments.create_tournament(league=league, name="Night Cup", system=RACE,
                                               format="single-elimination", created_by=users["organiser"],
                                               referees=[users["referee"]], is_public=False)
    for entrant in ("alice", "bob"):
        tournaments.register(tournament.pk, entrant, "olga")
    campaign = campaigns.start_campaign(system="nightfighter-solo", setup={"ladder": ["HS1"]},
                                        player=users["player"])
    ids = {"game_id": game.pk, "tournament_id": tournament.pk, "username": "alice", "player_id": users["player"].pk,
           "league": league.slug, "slug": league.slug, "season_id": season.pk, "campaign_id": campaign.pk,
           "system": RACE}
    return World(users, game, tournament, ids)
