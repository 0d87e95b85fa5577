"""Fixtures of the security tests: the six roles around one private running game."""
import pytest

from game import services
from ratings.models import League
from tests.conftest import make_user
from tests.doubles import RACE
from tests.security.roles import World


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
    League.objects.create(name="Night League", slug="night").organisers.add(users["organiser"])
    game = services.create_game(system_name=RACE, setup={"target": 1000}, is_public=False,
                                players={"a": users["player"], "b": users["opponent"]},
                                referees=[users["referee"]])
    return World(users, game)
