"""Which notifications a user wants, and how: on the site, by e-mail (issue 16).

One service for the API (``/api/notifications/preferences/``) and the settings page.
Without a stored choice every kind is shown on the site and sent by e-mail.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from .kinds import KINDS
from .models import NotificationPreference


@dataclass(frozen=True)
class Choice:
    in_page: bool = True
    by_email: bool = True


DEFAULT = Choice()


def choices_of(user_ids) -> dict[int, dict[str, Choice]]:
    """Every kind's choice for each of ``user_ids``, in one query."""
    chosen = {uid: {kind: DEFAULT for kind in KINDS} for uid in user_ids}
    for p in NotificationPreference.objects.filter(user_id__in=list(chosen)):
        chosen[p.user_id][p.kind] = Choice(p.in_page, p.by_email)
    return chosen


def update_choices(user, choices: dict[str, Choice]) -> dict[str, Choice]:
    with transaction.atomic():
        for kind, choice in choices.items():
            NotificationPreference.objects.update_or_create(
                user=user, kind=kind, defaults={"in_page": choice.in_page, "by_email": choice.by_email})
    return choices_of([user.pk])[user.pk]
