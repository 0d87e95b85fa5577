"""Who may organise in a league, and how to become one (issue 26): a player asks the league's
admins from the league page; each admin is notified and grants the right with one click from
the notification (the same call as appointing on the league's edit page).

League admins are the site's staff (``game.visibility.is_league_admin``): they appoint every
league's organisers, so they are the people a would-be organiser is sent to.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from game import refusals
from game.services import CommandRejected
from game.visibility import is_league_admin
from notifications import kinds
from notifications.models import Notification
from notifications.recording import News, record

from .models import League

MESSAGE_MAX = 500


def league_admins() -> list:
    """The active league admins, by name: who grants the right to organise."""
    return list(get_user_model().objects.filter(Q(is_staff=True) | Q(is_superuser=True), is_active=True)
                .order_by("username"))


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
        raise CommandRejected(refusals.CONFLICT, "no_league_admin",
                              _("this site has no league admin yet: ask whoever runs it"))
    username = user.get_username()
    facts = {"league": league.name, "slug": league.slug, "username": username, "message": message}
    key = f"league-{league.slug}#organise-{username}-{timezone.localdate().isoformat()}"
    record([News(admin, kinds.ORGANISER_REQUESTED, key, facts, reverse("league-page", args=[league.slug]))
            for admin in admins])
    return admins


def last_request(league: League, user):
    """When ``user`` last asked to organise ``league`` and nobody has granted it yet, else None."""
    note = (Notification.objects.filter(kind=kinds.ORGANISER_REQUESTED, facts__slug=league.slug,
                                        facts__username=user.get_username())
            .exclude(facts__has_key="granted_by").order_by("-created_at").first())
    return note.created_at if note else None


def grant_organiser(league: League, username: str, actor) -> object:
    """A league admin makes ``username`` an organiser of ``league`` (the appointment notifies him)."""
    if not is_league_admin(actor):
        raise CommandRejected(refusals.FORBIDDEN, "permission_denied", _("Only a league admin may do this."))
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise CommandRejected(refusals.INVALID, "unknown_user",
                              _("no active user %(username)r") % {"username": username})
    league.organisers.add(user)
    _mark_granted(league, username, actor)
    return user


def _mark_granted(league: League, username: str, actor) -> None:
    """Every admin's request notification says it is done (and by whom) instead of offering the
    grant again; read, since nothing is left to do."""
    for note in Notification.objects.filter(kind=kinds.ORGANISER_REQUESTED, facts__slug=league.slug,
                                            facts__username=username):
        note.facts = {**note.facts, "granted_by": actor.get_username()}
        note.read_at = note.read_at or timezone.now()
        note.save(update_fields=["facts", "read_at"])
