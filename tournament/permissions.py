"""Who may do what in a tournament (docs/rules/service.md, "Who uses it and what they may do").

League admin: everything. Organiser (of the tournament's league): settings, entrants, seeding,
rounds, knowledge tests. Referee (of the tournament): penalties, decisions, knowledge tests.
Player: register (in a private tournament with its join link), check in and withdraw themself.
Anyone: public tournaments' brackets, standings and penalties (who sees a tournament at all:
tournament/visibility.py).
"""
from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from kernel import refusals
from kernel.refusals import CommandRejected
from game.visibility import is_league_admin
from leagues.models import League
from accounts.roles import is_league_admin

from .models import Tournament
from .visibility import may_view


def authenticated(user) -> bool:
    return bool(user and user.is_authenticated)


def may_organise(user, league) -> bool:
    """Organisers create and run tournaments in their own leagues; league admins in any."""
    return authenticated(user) and (is_league_admin(user) or league.organisers.filter(pk=user.pk).exists())


def organised_leagues(user):
    """The leagues ``user`` may create tournaments in (see :func:`may_organise`)."""
    if not authenticated(user):
        return League.objects.none()
    return League.objects.all() if is_league_admin(user) else League.objects.filter(organisers=user)


def is_organiser(user, tournament: Tournament) -> bool:
    return may_organise(user, tournament.league)


def is_referee(user, tournament: Tournament) -> bool:
    return authenticated(user) and (is_league_admin(user) or tournament.referees.filter(pk=user.pk).exists())


def is_entrant(user, state) -> bool:
    return authenticated(user) and user.get_username() in state.entrants


def organised_or_refused(user, tournament_id, what: str) -> Tournament:
    """For another app's page or API about one tournament (its webhooks): the tournament if
    ``user`` organises it; else 404 to whoever may not even see it, 401/403 to the rest."""
    tournament = Tournament.objects.select_related("league").filter(pk=tournament_id).first()
    if tournament is None or not may_view(user, tournament):
        raise CommandRejected(refusals.NOT_FOUND, "tournament_not_found", _("no such tournament"))
    require(is_organiser(user, tournament), user, what)
    return tournament


def join_key(tournament: Tournament) -> str:
    """The key in a tournament's shareable join link: whoever holds it may register themself,
    even in a private tournament (derived from the secret key, so nothing is stored)."""
    return salted_hmac("nightduel.tournament-join", str(tournament.pk)).hexdigest()[:20]


def holds_join_key(tournament: Tournament, key) -> bool:
    return bool(key) and constant_time_compare(str(key), join_key(tournament))


def require(allowed: bool, user, what: str) -> None:
    if allowed:
        return
    if not authenticated(user):
        raise CommandRejected(refusals.NOT_AUTHENTICATED, "not_authenticated", _("authentication required"))
    raise CommandRejected(refusals.FORBIDDEN, "permission_denied", _("you may not %(what)s") % {"what": what})


def page_refusal(request, message: str):
    """A page this user may not use: a stranger logs in first (and comes back), anyone else is
    told why (403). Returns the redirect, or raises."""
    if not authenticated(request.user):
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(message)
