"""The six roles of docs/rules/service.md "Who uses it", and the world they act in (see conftest.py)."""
from dataclasses import dataclass

from game.models import Game
from tests.conftest import client_for
from tournament.models import Tournament

ROLES = ("anonymous", "player", "other_player", "referee", "organiser", "league_admin")


@dataclass
class World:
    users: dict
    game: Game
    tournament: Tournament
    ids: dict  # URL converter (or request body placeholder) name → value (see endpoints.fill)

    def client(self, role: str):
        return client_for(self.users.get(role))
