"""Telling a person he was appointed (issue 26): organiser of a league, referee of a tournament.

Whichever door appointed him (the league's edit page, the one-click grant of a request, the
API, Django's admin), the appointment is an addition to a many-to-many relation; these
receivers of ``m2m_changed`` turn each addition into a notification for the person added.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.urls import reverse as url_of
from django.utils import timezone

from . import kinds
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


def referees_appointed(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    """``instance``: the tournament."""
    stamp = timezone.now().isoformat()
    record([News(user, kinds.REFEREE_APPOINTED, f"{instance.stream}#referee-{stamp}",
                 {"tournament": instance.name}, url_of("tournament-page", args=[instance.pk]))
            for user in _added(action, reverse, pk_set)])
