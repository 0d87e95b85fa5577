"""Who may do what in a tournament (service.md, "Who uses it and what they may do").

League admin: everything. Organiser (of the tournament's league): settings, entrants, seeding,
rounds, knowledge tests. Referee (of the tournament): penalties, decisions, knowledge tests.
Player: register, check in and withdraw themself. Anyone: public tournaments' brackets,
standings and penalties.
"""
from __future__ import annotations

from game.services import CommandRejected
from game.visibility import is_league_admin

from .models import Tournament


def authenticated(user) -> bool:
    return bool(user and user.is_authenticated)


def is_organiser(user, tournament: Tournament) -> bool:
    return authenticated(user) and (
        is_league_admin(user) or tournament.league.organisers.filter(pk=user.pk).exists())


def is_referee(user, tournament: Tournament) -> bool:
    return authenticated(user) and (is_league_admin(user) or tournament.referees.filter(pk=user.pk).exists())


def is_entrant(user, state) -> bool:
    return authenticated(user) and user.get_username() in state.entrants


def may_view(user, tournament: Tournament, state=None) -> bool:
    if tournament.is_public or is_organiser(user, tournament) or is_referee(user, tournament):
        return True
    return state is not None and is_entrant(user, state)


def require(allowed: bool, user, what: str) -> None:
    if allowed:
        return
    if not authenticated(user):
        raise CommandRejected(401, "not_authenticated", "authentication required")
    raise CommandRejected(403, "permission_denied", f"you may not {what}")
