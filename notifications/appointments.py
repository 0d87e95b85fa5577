"""Telling a person he was appointed, and league admins who asks to organise (issue 26).

Organiser of a league: whichever door appointed him (the league's edit page, the one-click grant
of a request, the API, Django's admin), the appointment is an addition to a many-to-many
relation, which a receiver of ``m2m_changed`` turns into a notification. Referee of a tournament,
a request to organise and its grant come as integration messages (``tournament.staff_appointed``,
``ratings.organiser_requested``, ``ratings.organiser_granted``) through notifications/consumers.py.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.urls import reverse as url_of
from django.utils import timezone

from . import kinds
from .models import Notification
from .recording import News, record


def _added(action: str, reverse_side: bool, pk_set) -> list:
    if action != "post_add" or reverse_side or not pk_set:
        return []
    return list(get_user_model().objects.filter(pk__in=pk_set))


def organisers_appointed(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    """``instance``: the league."""
    stamp = timezone.now().isoformat()
    record([News(user, kinds.ORGANISER_APPOINTED, f"league-{instance.slug}#organiser-{stamp}",
                 {"league": instance.name, "slug": instance.slug}, url_of("tournament-new"))
            for user in _added(action, reverse, pk_set)])


def referees_appointed(m: dict) -> set[int]:
    return record([News(user, kinds.REFEREE_APPOINTED, m["ref"], {"tournament": m["tournament"]},
                        url_of("tournament-page", args=[m["tournament_id"]]))
                   for user in get_user_model().objects.filter(pk__in=m["user_ids"])])


def organiser_requested(m: dict) -> set[int]:
    """Every league admin asked is told who asks to organise which league, and why."""
    facts = {k: m[k] for k in ("league", "slug", "username", "message")}
    return record([News(admin, kinds.ORGANISER_REQUESTED, m["ref"], facts, url_of("league-page", args=[m["slug"]]))
                   for admin in get_user_model().objects.filter(pk__in=m["admin_ids"])])


def organiser_granted(m: dict) -> int:
    """Every admin's request notification says it is done (and by whom) instead of offering the
    grant again; read, since nothing is left to do."""
    notes = Notification.objects.filter(kind=kinds.ORGANISER_REQUESTED, facts__slug=m["slug"],
                                        facts__username=m["username"])
    for note in notes:
        note.facts = {**note.facts, "granted_by": m["by"]}
        note.read_at = note.read_at or timezone.now()
        note.save(update_fields=["facts", "read_at"])
    return len(notes)
