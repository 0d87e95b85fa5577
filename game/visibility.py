"""Who may see what of a game (docs/rules/service.md, "Who uses it" and "Visibility").

A viewer's *sight* is the set of visibilities they may read: ``{"public"}`` plus the sides
they play; everything (``ALL``) for the game's referees, league admins, and anybody once
the game has ended (the ``Revealed`` event opens the whole stream).
"""
from __future__ import annotations

from dataclasses import dataclass

from accounts.roles import is_league_admin

from .models import Game
from systems.kit.contract import PUBLIC, REFEREE


@dataclass(frozen=True)
class Sight:
    sides: frozenset[str]
    everything: bool
    ended: bool = False

    def may_see(self, visibility: str) -> bool:
        return self.everything or visibility == PUBLIC or visibility in self.sides

    def view_side(self, requested: str | None = None) -> str | None:
        """The side argument for ``engine.view``: a player sees their seat (so they can move)
        unless they ask for the referee view they are entitled to; an ended game shows all."""
        if self.ended or (requested == REFEREE and self.everything):
            return REFEREE
        if requested in self.sides:
            return requested
        if self.sides:
            return sorted(self.sides)[0]
        return REFEREE if self.everything else None


def seated_sides(user, game: Game) -> frozenset[str]:
    if not (user and user.is_authenticated):
        return frozenset()
    return frozenset(s.side for s in game.seats.all() if s.user_id == user.pk)


def is_game_referee(user, game: Game) -> bool:
    if not (user and user.is_authenticated):
        return False
    return is_league_admin(user) or game.referees.filter(pk=user.pk).exists()


def sight_for(user, game: Game) -> Sight:
    ended = game.status != Game.Status.RUNNING
    return Sight(seated_sides(user, game), ended or is_game_referee(user, game), ended)


def may_view_game(user, game: Game) -> bool:
    """Public games are open to anyone; private ones to their players and referees."""
    return game.is_public or bool(seated_sides(user, game)) or is_game_referee(user, game)
