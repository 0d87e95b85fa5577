"""Who may organise in a league, and how to become one (issue 26): a player asks the league's
admins from the league page; each admin is notified and grants the right with one click from
the notification (the same call as appointing on the league's edit page).

League admins are the site's staff (accounts/roles.py): they appoint every league's organisers,
so they are the people a would-be organiser is sent to. The request and the grant are messages
(ratings/messages.py) that notifications turns into, and marks on, the admins' notifications.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel import refusals
from kernel.refusals import CommandRejected
from game.visibility import is_league_admin
from accounts.roles import is_league_admin, league_admins

from . import messages
from leagues.models import League

MESSAGE_MAX = 500


def ask_to_organise(league: League, user, message: str = "") -> list:
    """Notify every league admin that ``user`` asks to organise ``league``; the admins told.
    Asking again the same day tells nobody twice (the notification's key is the day's)."""
    if league.organisers.filter(pk=user.pk).exists() or is_league_admin(user):
        raise CommandRejected(refusals.CONFLICT, "already_organiser", _("you organise this league already"))
    message = (message or "").strip()
    if len(message) > MESSAGE_MAX:
        raise CommandRejected(refusals.INVALID, "message_too_long", _("at most %(n)d characters") % {"n": MESSAGE_MAX},
                              field="message")
    admins = league_admins()
    if not admins:
        raise CommandRejected(refusals.CONFLICT, "no_league_admin", _("this site has no league admin yet: ask whoever runs it"))
    messages.organiser_requested(league, user.get_username(), message, admins, timezone.localdate().isoformat())
    return admins


def last_request(league: League, user):
    """When ``user`` last asked to organise ``league`` and nobody has granted it yet, else None."""
    return messages.last_request(league.slug, user.get_username())


def grant_organiser(league: League, username: str, actor) -> object:
    """A league admin makes ``username`` an organiser of ``league`` (the appointment notifies him)."""
    if not is_league_admin(actor):
        raise CommandRejected(refusals.FORBIDDEN, "permission_denied", _("Only a league admin may do this."))
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise CommandRejected(refusals.INVALID, "unknown_user",
                              _("no active user %(username)r") % {"username": username})
    league.organisers.add(user)
    messages.organiser_granted(league, username, actor.get_username())
    return user

